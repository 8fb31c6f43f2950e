"""Nobody reaches another teacher's classes or pupils, and no pupil another pupil's things.

The tables of tests/route_table.py must list every (endpoint, method) whose URL takes an argument. The registry
test walks the app's url_map, so a route added later without an entry fails the suite. To add
one: put it in the table for who may use it, with the form data to send, and if its URL takes
a new kind of id (attempt_id, game_id, ...), create such a row for the victim pupil in the
`victim` fixture (tests/conftest.py) and return its id under that argument name, and add the new table to
`_snapshot` so a refused request is also shown to have changed nothing.
"""

import pytest

from route_table import (
    ALL_ROUTES,
    CASES,
    OUTSIDE_LOGIN,
    PUPIL_LOGIN_ROUTES,
    PUPIL_ROUTES,
    assert_refused_to_a_pupil,
    route_url,
    send,
)
from trainer.store import invitations, oidc_teacher_names
from trainer.web.teachers.invitations import utc_now
from web_helpers import PupilActions, make_app


def _id_rules(app):
    for rule in app.url_map.iter_rules():
        # Any URL argument may be an id some day; static files are the only exception.
        if rule.arguments and rule.endpoint != "static":
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule, method


def test_every_route_with_an_id_is_in_the_table(tmp_path):
    app = make_app(tmp_path / "r.db")
    missing = [
        f"{rule.endpoint} {method}"
        for rule, method in _id_rules(app)
        if method not in ALL_ROUTES.get(rule.endpoint, {})
    ]
    assert missing == [], "add these routes to tests/route_table.py"


def test_the_table_lists_no_routes_that_do_not_exist(tmp_path):
    app = make_app(tmp_path / "r.db")
    existing = {(rule.endpoint, method) for rule, method in _id_rules(app)}
    listed = {(e, m) for e, methods in ALL_ROUTES.items() for m in methods}
    assert listed <= existing


def _snapshot(db):
    return (
        db.execute("SELECT * FROM classes ORDER BY id").fetchall(),
        db.execute("SELECT * FROM pupils ORDER BY id").fetchall(),
        db.execute("SELECT * FROM games ORDER BY id").fetchall(),
        db.execute("SELECT * FROM game_moves ORDER BY id").fetchall(),
        db.execute("SELECT * FROM class_game_settings ORDER BY class_id").fetchall(),
        db.execute("SELECT * FROM drill_settings ORDER BY class_id").fetchall(),
        db.execute("SELECT * FROM pupil_settings ORDER BY pupil_id").fetchall(),
        db.execute("SELECT * FROM puzzle_sets ORDER BY id").fetchall(),
        db.execute("SELECT * FROM puzzle_set_items ORDER BY set_id, position").fetchall(),
        db.execute("SELECT id, status, reviewed_by FROM puzzles ORDER BY id").fetchall(),
        db.execute("SELECT * FROM puzzle_owners ORDER BY teacher_id, puzzle_id").fetchall(),
        db.execute("SELECT * FROM drill_set_days ORDER BY class_id, day").fetchall(),
        db.execute("SELECT * FROM worksheets ORDER BY teacher_id, code").fetchall(),
        db.execute("SELECT id, role, disabled_at FROM teachers ORDER BY id").fetchall(),
        db.execute("SELECT * FROM invitations ORDER BY id").fetchall(),
        db.execute("SELECT * FROM school_settings ORDER BY name").fetchall(),
        db.execute("SELECT * FROM oidc_providers ORDER BY id").fetchall(),
        db.execute("SELECT * FROM oidc_links ORDER BY id").fetchall(),
        db.execute("SELECT * FROM oidc_teacher_names ORDER BY id").fetchall(),
        db.execute("SELECT * FROM class_tables ORDER BY id").fetchall(),
        db.execute("SELECT * FROM class_table_seats ORDER BY table_id, seat").fetchall(),
        db.execute("SELECT * FROM class_table_rounds ORDER BY table_id, round").fetchall(),
    )


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_teacher_cannot_reach_another_teachers_ids(app, client, auth, victim, db, endpoint, method):
    auth.login_new_teacher("a@school.example")
    before = _snapshot(db)
    response = send(client, method, route_url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    if endpoint in PUPIL_ROUTES:  # a teacher is not a pupil: sent to the pupils' login
        assert response.status_code in (302, 403, 404)
    else:
        assert response.status_code in (403, 404)
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_pupil_cannot_reach_teacher_routes_or_another_pupils_ids(app, client, make, victim, db, endpoint, method):
    other_class = make.klass(make.teacher(), "Other class")
    other_pupil = make.pupil(other_class, "Other", password="sun,tree,boat")
    PupilActions(client, make).login(other_class, other_pupil)
    before = _snapshot(db)
    response = send(client, method, route_url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    assert_refused_to_a_pupil(endpoint, response)
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] in PUPIL_LOGIN_ROUTES])
def test_pupil_cannot_choose_a_pupil_of_another_class(app, client, make, victim, db, endpoint, method):
    own_class = make.klass(make.teacher(), "Own class")
    make.pupil(own_class, "Me")
    PupilActions(client, make).enter_code(make.class_row(own_class)["join_code"])
    before = _snapshot(db)
    response = send(client, method, route_url(app, endpoint, victim), PUPIL_LOGIN_ROUTES[endpoint][method])
    assert response.status_code in (403, 404)
    assert _snapshot(db) == before
    with client.session_transaction() as sess:
        assert "picks" not in sess


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] not in PUPIL_ROUTES])
def test_owners_can_reach_their_own_ids(app, client, auth, make, endpoint, method):
    """The other side of the coin: the refusals above are not refusing everyone.
    (A logged-in pupil's own routes are checked by the tests of their feature.)"""
    teacher = auth.login_new_teacher("own@school.example")
    class_id = make.klass(teacher)
    invitations.create(make.db, role="teacher", created_by=teacher, now=utc_now())
    ids = {
        "class_id": class_id,
        "pupil_id": make.pupil(class_id, "Victim"),
        "teacher_id": teacher,
        "invitation_id": invitations.list_open(make.db, utc_now())[0]["id"],
        "provider_id": make.provider(),
        **make.set_and_sheet(teacher),
    }
    # The service's first teacher claim value (issue 34): the one school_signin.remove_name names.
    oidc_teacher_names.add(
        make.db, provider_id=ids["provider_id"], teacher_id=teacher, value="own-uniid", now=utc_now()
    )
    if endpoint in PUPIL_LOGIN_ROUTES:
        PupilActions(client, make).enter_code(make.class_row(class_id)["join_code"])
    response = send(client, method, route_url(app, endpoint, ids), ALL_ROUTES[endpoint][method])
    assert response.status_code in (200, 303, 400)
