"""Two schools on one service see nothing of each other (issue 19, "Isolation").

Schools A and B share one SchoolsDispatcher, each with its own file, teacher, class, pupils,
a game, a puzzle set and a worksheet. Every route of tests/route_table.py is tried as A's
teacher and as A's pupil, with B's ids, on A's host: the answer is a refusal, none of B's names
or links is in it, and B's file is byte-for-byte the same afterwards (dump()). B is padded with
rows first so that its ids are not also ids of A's own rows: a refusal then means B's row was
not found, not that A's row of the same number was shown. Finally a session cookie of A
presented to B (another host, or another path prefix) is not a login there.
"""

from __future__ import annotations

import time

import pytest

from route_table import (
    ALL_ROUTES,
    OUTSIDE_LOGIN,
    PUPIL_LOGIN_ROUTES,
    PUPIL_ROUTES,
    assert_refused_to_a_pupil,
    route_url,
)
from school_helpers import DOMAIN, SchoolClient, add_school, dispatcher, dump, school_path
from trainer.engine.positions import Position
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import class_tables, games, invitations, puzzle_sets, puzzles, worksheets
from trainer.store.db import connect
from trainer.web.teachers.invitations import utc_now
from web_helpers import TEACHER_PASSWORD, Make

# Words that only B has: none may be in any answer A's users get.
B_WORDS = (
    "Birchwood Faraway",
    "Bertram Quill",
    "quill@birch.example",
    "Zanzibar Owls",
    "Quokka",
    "Xylophone sums",
    "Quagga Login",
)
PADDING = 3


def _game(db, pupil_id):
    return games.create(db, pupil_id, new_game(GameSettings(("random",)), seed=1), time.time())


def _set_and_sheet(db, teacher_id, target, set_name):
    puzzle = make_puzzle("all", Position(target, ("R1a", "O3a", "Y3a"), ("B4", "P6", "G2a")))
    puzzles.store(db, [puzzle], "teacher", teacher_id)
    set_id = puzzle_sets.create(db, teacher_id, set_name)
    puzzle_sets.add_puzzle(db, set_id, puzzle.id, 24)
    code = worksheets.save(db, teacher_id, [puzzle.id], {"set": set_name})
    return {"set_id": set_id, "puzzle_id": puzzle.id, "code": code}


def _school_a(db):
    make = Make(db)
    teacher = make.teacher(email="ada@a.example", name="Ada Teacher")  # A's administrator
    class_id = make.klass(teacher, "Class 3A")
    pupil = make.pupil(class_id, "Alma", password="sun,tree,boat")
    make.pupil(class_id, "Arne")
    _game(db, pupil)
    _set_and_sheet(db, teacher, 9, "Sums to 9")
    invitations.create(db, role="teacher", created_by=teacher, now=utc_now())
    class_tables.open_table(db, class_id, pupil, 3, "round", "beginner", time.time())
    return {
        "teacher": teacher,
        "class_id": class_id,
        "pupil": pupil,
        "join_code": make.class_row(class_id)["join_code"],
    }


def _school_b(db):
    """B's rows, after PADDING rows of each kind (so B's ids are beyond A's)."""
    make = Make(db)
    for n in range(PADDING):
        t = make.teacher(name=f"Pad {n}")
        pad_class = make.klass(t, f"Pad class {n}")
        p = make.pupil(pad_class)
        _game(db, p)
        _set_and_sheet(db, t, 9, f"Pad set {n}")
        invitations.create(db, role="teacher", created_by=t, now=utc_now())
        make.provider(name=f"Pad login {n}")
        class_tables.open_table(db, pad_class, p, 3, "round", "beginner", time.time())
    teacher = make.teacher(email="quill@birch.example", name="Bertram Quill")
    class_id = make.klass(teacher, "Zanzibar Owls")
    pupil = make.pupil(class_id, "Quokka", password="sun,tree,boat")
    invitations.create(db, role="teacher", created_by=teacher, now=utc_now())
    return {
        "class_id": class_id,
        "pupil_id": pupil,
        "game_id": _game(db, pupil),
        "teacher_id": teacher,
        "invitation_id": invitations.list_open(db, utc_now())[-1]["id"],
        "provider_id": make.provider(name="Quagga Login"),  # a sign-in service (issue 25)
        "table_id": class_tables.open_table(db, class_id, pupil, 3, "round", "beginner", time.time()),  # issue 16
        **_set_and_sheet(db, teacher, 10, "Xylophone sums"),
    }


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("two_schools")
    add_school(folder, "Alderbrook", "a")
    add_school(folder, "Birchwood Faraway", "b")
    dbs = {slug: connect(school_path(folder, slug)) for slug in ("a", "b")}
    try:
        a, b_ids = _school_a(dbs["a"]), _school_b(dbs["b"])
    finally:
        for db in dbs.values():
            db.close()
    return {"folder": folder, "a": a, "b_ids": b_ids}


def _b_links(b_ids):
    """Links that would point at B's rows (they exist in B only, thanks to the padding)."""
    return (
        f"/classes/{b_ids['class_id']}",
        f"/pupils/{b_ids['pupil_id']}",
        f"/games/{b_ids['game_id']}",
        f"/sets/{b_ids['set_id']}",
        f"/worksheets/{b_ids['code']}",
    )


def _assert_nothing_of_b(response, world):
    page = response.get_data(as_text=True)
    for word in B_WORDS:
        assert word not in page, f"{word!r} of school B in {response.request.path}"
    # The page may repeat the URL asked for (the language form's "next"); a link to B's row not.
    for link in _b_links(world["b_ids"]):
        for attribute in ("href", "action", "hx-get", "hx-post", "src"):
            assert f'{attribute}="{link}' not in page, f"{link} in {response.request.path}"


def _teacher(app, world, mode="host"):
    client = SchoolClient(app, f"http://a.{DOMAIN}" if mode == "host" else "http://tweak.test/a")
    client.login_teacher("ada@a.example", TEACHER_PASSWORD)
    return client


def _pupil(app, world, mode="host"):
    client = SchoolClient(app, f"http://a.{DOMAIN}" if mode == "host" else "http://tweak.test/a")
    response = client.login_pupil(world["a"]["join_code"], world["a"]["pupil"])
    assert response.status_code == 303
    return client


def _try(client, app_a, world, endpoint, method):
    url = route_url(app_a, endpoint, world["b_ids"])
    before = dump(school_path(world["folder"], "b"))
    response = client.send(method, url, ALL_ROUTES[endpoint][method])
    assert dump(school_path(world["folder"], "b")) == before
    _assert_nothing_of_b(response, world)
    return response


def test_b_is_padded_so_its_ids_are_not_ids_of_a(world):
    db = connect(school_path(world["folder"], "a"))
    try:
        b = world["b_ids"]
        for table, key in (
            ("classes", "class_id"),
            ("pupils", "pupil_id"),
            ("games", "game_id"),
            ("teachers", "teacher_id"),
            ("puzzle_sets", "set_id"),
            ("invitations", "invitation_id"),
            ("oidc_providers", "provider_id"),
            ("class_tables", "table_id"),
        ):
            assert db.execute(f"SELECT 1 FROM {table} WHERE id = ?", [b[key]]).fetchone() is None, table
        assert db.execute("SELECT 1 FROM worksheets WHERE code = ?", [b["code"]]).fetchone() is None
    finally:
        db.close()


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_a_teacher_of_a_reaches_nothing_of_b(world, endpoint, method):
    app = dispatcher(world["folder"])
    client = _teacher(app, world)
    response = _try(client, app.app_for("a"), world, endpoint, method)
    if endpoint in PUPIL_ROUTES:  # a teacher is no pupil: sent to the pupils' login
        assert response.status_code in (302, 403, 404)
    elif endpoint.startswith("school."):
        # A is its school's administrator: the School page refuses a teacher, class or
        # invitation it does not hold with 409 and says why (trainer/web/teachers/school.py).
        assert response.status_code in (403, 404, 409)
    else:
        assert response.status_code in (403, 404), response.get_data(as_text=True)[:300]


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_a_pupil_of_a_reaches_nothing_of_b(world, endpoint, method):
    app = dispatcher(world["folder"])
    client = _pupil(app, world)
    response = _try(client, app.app_for("a"), world, endpoint, method)
    assert_refused_to_a_pupil(endpoint, response)


@pytest.mark.parametrize("endpoint, method", [(e, m) for e, ms in PUPIL_LOGIN_ROUTES.items() for m in ms])
def test_choosing_a_pupil_of_b_at_a_fails(world, endpoint, method):
    app = dispatcher(world["folder"])
    client = SchoolClient(app, f"http://a.{DOMAIN}")
    assert client.post("/join", {"code": world["a"]["join_code"]}).status_code == 303
    response = _try(client, app.app_for("a"), world, endpoint, method)
    assert response.status_code in (403, 404)


def _pages_without_ids(app_a):
    for rule in app_a.url_map.iter_rules():
        if not rule.arguments and "GET" in rule.methods and rule.endpoint != "static":
            yield rule.rule


def test_the_pages_without_ids_show_a_only(world):
    """The lists (My classes, the School page, sets, the pupil's home...) hold A's rows, not B's."""
    app = dispatcher(world["folder"])
    teacher, pupil = _teacher(app, world), _pupil(app, world)
    before = dump(school_path(world["folder"], "b"))
    seen_a = False
    for path in _pages_without_ids(app.app_for("a")):
        for client in (teacher, pupil):
            response = client.get(path)
            assert response.status_code < 500, path
            _assert_nothing_of_b(response, world)
            seen_a |= "Class 3A" in response.get_data(as_text=True)
    assert seen_a  # the pages did show A's own class
    assert dump(school_path(world["folder"], "b")) == before


def _move_cookie(client, to_host, to_path="/"):
    """The browser's cookie of A, sent to B: what a stolen or mis-scoped cookie would do."""
    cookie = client.cookie()
    assert cookie is not None
    other = SchoolClient(client.app, to_host)
    other.client.set_cookie(cookie.key, cookie.value, domain=other.host_url.split("://")[1].rstrip("/"), path=to_path)
    return other


@pytest.mark.parametrize("mode", ["host", "path"])
def test_a_teachers_session_is_no_login_at_b(world, mode):
    app = dispatcher(world["folder"], select_by=mode)
    client = _teacher(app, world, mode)
    assert client.get("/classes").status_code == 200  # logged in at A
    # The control: the cookie moved into a fresh browser on A is a login, so it is moved right.
    again = (
        _move_cookie(client, f"http://a.{DOMAIN}")
        if mode == "host"
        else _move_cookie(client, "http://tweak.test/a", "/a")
    )
    assert again.get("/classes").status_code == 200
    b = (
        _move_cookie(client, f"http://b.{DOMAIN}")
        if mode == "host"
        else _move_cookie(client, "http://tweak.test/b", "/b")
    )
    for path in ("/classes", "/school", "/sets", f"/classes/{world['b_ids']['class_id']}"):
        response = b.get(path)
        assert response.status_code == 302, path
        assert response.headers["Location"].startswith(b.url("/login")), response.headers["Location"]
        _assert_nothing_of_b(response, world)


@pytest.mark.parametrize("mode", ["host", "path"])
def test_a_pupils_session_is_no_login_at_b(world, mode):
    app = dispatcher(world["folder"], select_by=mode)
    client = _pupil(app, world, mode)
    assert client.get("/me").status_code == 200
    again = (
        _move_cookie(client, f"http://a.{DOMAIN}")
        if mode == "host"
        else _move_cookie(client, "http://tweak.test/a", "/a")
    )
    assert again.get("/me").status_code == 200
    b = (
        _move_cookie(client, f"http://b.{DOMAIN}")
        if mode == "host"
        else _move_cookie(client, "http://tweak.test/b", "/b")
    )
    for path in ("/me", f"/games/{world['b_ids']['game_id']}", "/practice"):
        response = b.get(path)
        assert response.status_code == 302, path
        assert "/me" not in response.headers["Location"]
        _assert_nothing_of_b(response, world)
    assert b.post(f"/games/{world['b_ids']['game_id']}/stop", csrf=False).status_code in (302, 400, 403)
