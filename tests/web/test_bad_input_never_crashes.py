"""Whatever a browser (or anyone) posts, the answer is a page or a 4xx, never a crash."""
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import games
from web_helpers import PupilActions

junk = st.one_of(st.text(max_size=300), st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF,
                                                                        blacklist_categories=("Cs",)), max_size=40),
                 st.sampled_from(["", " ", "\x00", "'; DROP TABLE pupils; --", "<script>", "🙂" * 40,
                                  "\u202e" + "abc", "9" * 400]))
FIELDS = ["name", "email", "password", "password2", "display_name", "code", "token", "pick",
          "confirm_name", "lang", "next", "clear",
          # worksheets and the puzzle editor (issue 20)
          "kinds", "band", "count", "seed", "table", "hand", "target", "kind", "focus", "place", "tap", "set_id"]
form = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=5)

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def owned(app, client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor")
    game_id = games.create(make.db, pupil_id, new_game(GameSettings(("random",)), seed=1), time.time())
    return {"class_id": class_id, "pupil_id": pupil_id, "game_id": game_id, **make.set_and_sheet(teacher)}


def _post_urls(app, owned):
    from flask import url_for
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "POST" in rule.methods:
                yield url_for(rule.endpoint, **{a: owned[a] for a in rule.arguments})


def test_every_post_route_survives_junk_as_a_teacher(app, client, owned, db):
    urls = list(_post_urls(app, owned))
    assert len(urls) > 10

    @SETTINGS
    @given(data=form)
    def check(data):
        for url in urls:
            if url in ("/logout",) or url.endswith("/delete"):
                continue  # these would end the test's own session or pupil
            response = client.post(url, data=data)
            assert response.status_code < 500, (url, data)

    check()
    assert db.execute("SELECT count(*) FROM pupils WHERE id = ?", [owned["pupil_id"]]).fetchone()[0] == 1


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
