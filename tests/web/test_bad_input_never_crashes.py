"""Whatever a browser (or anyone) posts or asks for, the answer is a page or a 4xx, never a crash.

The shapes that once crashed are drawn on purpose (issue 21.6): JSON nested thousands deep,
numbers past SQLite's 2^63, and digits that are not ASCII ("²".isdigit() but int("²") fails),
in form fields, query strings and the ids of URLs. tests/security/test_malformed_input.py
checks each of them by name."""

import time

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import class_tables, games, invitations, parent_links
from trainer.web.teachers.invitations import utc_now
from web_helpers import PupilActions

# Digits of other scripts and superscripts, mixed with ASCII ones.
odd_digits = st.one_of(
    st.text(alphabet="0123456789²³¹⁵", min_size=1, max_size=4),
    st.text(alphabet="0123456789²³¹⁵٣３_", min_size=1, max_size=6),
)
big_numbers = st.integers(min_value=2**63 - 2, max_value=10**40).map(str)
nested = st.sampled_from(["[", '{"a":']).flatmap(
    lambda opener: st.integers(min_value=500, max_value=6000).map(
        lambda n: opener * n + ("1" if opener != "[" else "") + ("}" if opener != "[" else "]") * n
    )
)
junk = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(
        ["", " ", "\x00", "'; DROP TABLE pupils; --", "<script>", "🙂" * 40, "\u202e" + "abc", "9" * 400, "²", "¹", "⁵"]
    ),
    odd_digits,
    big_numbers,
    nested,
)
FIELDS = [
    "name",
    "email",
    "password",
    "password2",
    "display_name",
    "code",
    "token",
    "pick",
    "confirm_name",
    "lang",
    "next",
    "clear",
    "days",
    "remove",
    "extra-²",
    "extra-1",
    "max_bots",
    "decision_ms",
    "victim",
    "kind",
    "delta",
    "mode",
    "puzzles",
    "minutes",
    "time_limit",
    "answer",
    "taps",
    "answer_ms",
    "client_ms",
    "attempt",
    # worksheets and the puzzle editor (issue 20)
    "kinds",
    "band",
    "count",
    "seed",
    "table",
    "hand",
    "target",
    "focus",
    "place",
    "tap",
    "set_id",
]
form = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=5)
QUERY = ["days", "game", "round", "step", "sort", "dir", "before"]
query = st.dictionaries(st.sampled_from(QUERY), st.one_of(odd_digits, big_numbers, junk), max_size=3)
DEEP = "[" * 5000 + "]" * 5000

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Walks of every page or every id route per example: fewer random examples besides the
# explicit ones.
WALK_SETTINGS = settings(SETTINGS, max_examples=6)


@pytest.fixture
def owned(app, client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor")
    game_id = games.create(make.db, pupil_id, new_game(GameSettings(("random",)), seed=1), time.time())
    token = invitations.create(make.db, role="teacher", created_by=teacher, now=utc_now())
    return {
        "class_id": class_id,
        "pupil_id": pupil_id,
        "game_id": game_id,
        "teacher_id": teacher,
        "token": token,
        "invitation_id": invitations.list_open(make.db, utc_now())[0]["id"],
        # A sign-in service of the school (issue 25), at an address where nothing answers.
        "provider_id": make.provider(),
        "role": "teacher",
        "table_id": class_tables.open_table(make.db, class_id, pupil_id, 3, "round", "beginner", time.time()),
        # Noor's parent page (issue 37.3), as her home letter hands it out.
        "link": parent_links.links(
            make.db, app.config["SECRET_KEY"], class_id, [pupil_id], app.config["RETENTION_DAYS"]
        )[pupil_id],
        **make.set_and_sheet(teacher),
    }


def _urls(app, owned, method="POST"):
    from flask import url_for

    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if method in rule.methods and rule.endpoint != "static":
                yield url_for(rule.endpoint, **{a: owned[a] for a in rule.arguments})


def _id_rules(app):
    return [rule for rule in app.url_map.iter_rules() if rule.arguments]


def test_every_post_route_survives_junk_as_a_teacher(app, client, owned, db):
    urls = list(_urls(app, owned))
    assert len(urls) > 10

    @SETTINGS
    @given(data=form)
    @example(data={"days": "²"})
    @example(data={"extra-²": "5", "extra-1": "x"})
    @example(data={"answer": DEEP})
    def check(data):
        for url in urls:
            if url in ("/logout",) or url.endswith("/delete"):
                continue  # these would end the test's own session or pupil
            response = client.post(url, data=data)
            assert response.status_code < 500, (url, data)

    check()
    assert db.execute("SELECT count(*) FROM pupils WHERE id = ?", [owned["pupil_id"]]).fetchone()[0] == 1


def test_every_page_survives_junk_in_its_query_string(app, client, owned):
    urls = list(_urls(app, owned, "GET"))
    assert len(urls) > 10

    @WALK_SETTINGS
    @given(args=query)
    @example(args={"days": "²"})
    @example(args={"game": "²"})
    @example(args={"game": "1", "round": "¹"})
    @example(args={"game": "1", "step": "⁵"})
    def check(args):
        for url in urls:
            if url == "/puzzles/upload" or "export" in url or url.endswith(".csv"):
                continue
            response = client.get(url, query_string=args)
            assert response.status_code < 500, (url, args)

    check()


def test_every_id_route_survives_any_number_as_its_id(app, client, owned):
    rules = _id_rules(app)
    assert len(rules) > 20

    @WALK_SETTINGS
    @given(number=st.one_of(big_numbers, odd_digits, st.integers(min_value=0, max_value=2**63 - 1).map(str)))
    @example(number=str(2**63))
    @example(number="99999999999999999999999")
    def check(number):
        for rule in rules:
            address = rule.rule
            for name in rule.arguments:
                address = address.replace(f"<int:{name}>", number)
            for method in rule.methods & {"GET", "POST"}:
                if address.endswith("/delete") and method == "POST":
                    continue
                response = client.open(address, method=method, data={})
                # A streamed answer (a download, when the number is an id the owner has) is
                # closed here, inside the test, not by the garbage collector after it.
                response.close()
                assert response.status_code < 500, (method, address)

    check()


@SETTINGS
@given(data=form)
def test_pupil_login_survives_junk(app, make, data):
    client = app.test_client()
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Sem")
    PupilActions(client, make).enter_code(make.class_row(class_id)["join_code"])
    for url in ("/join", "/join/qr", f"/join/pupil/{pupil_id}", "/language"):
        assert client.post(url, data=data).status_code < 500


@SETTINGS
@given(path=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789/-_.%", max_size=60))
def test_unknown_urls_are_404_not_500(client, path):
    # Set the path as the server would receive it: given to the test client, a path that
    # starts with "//" would be read as a host name ("//." as the host ".").
    assert client.get("/", environ_overrides={"PATH_INFO": "/" + path}).status_code < 500


@pytest.mark.parametrize("path", ["//.", "//", "/./..", "//x//y"])
def test_paths_with_empty_segments_are_not_500(client, path):
    assert client.get("/", environ_overrides={"PATH_INFO": path}).status_code < 500
