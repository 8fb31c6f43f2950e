"""Nobody reaches another teacher's classes or pupils, and no pupil another pupil's things.

The table below must list every (endpoint, method) whose URL takes an id. The registry test
walks the app's url_map, so a route added later without an entry here fails the suite:
add it, saying who may use it and what to send.
"""
import pytest

from tests.conftest import PupilActions, make_app

# endpoint -> {method: form data}; "kind" says whose id the route takes.
TEACHER_ROUTES = {
    "classes.show": {"GET": None},
    "classes.rename": {"POST": {"name": "Hacked"}},
    "classes.regenerate_code": {"POST": {}},
    "classes.archive": {"POST": {}},
    "classes.restore": {"POST": {}},
    "roster.add": {"POST": {"name": "Intruder"}},
    "roster.upload": {"GET": None, "POST": {}},
    "roster.cards": {"GET": None},
    "roster.show": {"GET": None},
    "roster.rename": {"POST": {"name": "Hacked"}},
    "roster.reset_pictures": {"POST": {}},
    "roster.archive": {"POST": {}},
    "roster.restore": {"POST": {}},
    "roster.delete": {"GET": None, "POST": {"confirm_name": "Victim"}},
    "roster.export": {"GET": None},
}
# Routes a pupil uses during login: the id must be a pupil of the class they chose.
PUPIL_ROUTES = {
    "pupil_login.pictures_step": {"GET": None, "POST": {"pick": "sun"}},
}
ALL_ROUTES = {**TEACHER_ROUTES, **PUPIL_ROUTES}


def _id_rules(app):
    for rule in app.url_map.iter_rules():
        # Any URL argument may be an id some day; static files are the only exception.
        if rule.arguments and rule.endpoint != "static":
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule, method


def test_every_route_with_an_id_is_in_the_table(tmp_path):
    app = make_app(tmp_path / "r.db")
    missing = [f"{rule.endpoint} {method}" for rule, method in _id_rules(app)
               if method not in ALL_ROUTES.get(rule.endpoint, {})]
    assert missing == [], "add these routes to tests/test_authorization.py"


def test_the_table_lists_no_routes_that_do_not_exist(tmp_path):
    app = make_app(tmp_path / "r.db")
    existing = {(rule.endpoint, method) for rule, method in _id_rules(app)}
    listed = {(e, m) for e, methods in ALL_ROUTES.items() for m in methods}
    assert listed <= existing


CASES = [(e, m) for e, methods in ALL_ROUTES.items() for m in methods]


@pytest.fixture
def victim(make):
    """Teacher B's class and pupil, and a snapshot to prove nothing changed."""
    teacher_b = make.teacher(email="b@school.example")
    class_id = make.klass(teacher_b, "B's class")
    pupil_id = make.pupil(class_id, "Victim", password="sun,tree,boat")
    return {"class_id": class_id, "pupil_id": pupil_id}


def _snapshot(db):
    return (db.execute("SELECT * FROM classes ORDER BY id").fetchall(),
            db.execute("SELECT * FROM pupils ORDER BY id").fetchall())


def _url(app, endpoint, ids):
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    with app.test_request_context():
        from flask import url_for
        return url_for(endpoint, **{arg: ids[arg] for arg in rule.arguments})


def _request(client, method, url, data):
    if method == "GET":
        return client.get(url)
    return client.post(url, data=data or {})


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] in TEACHER_ROUTES])
def test_teacher_cannot_reach_another_teachers_ids(app, client, auth, victim, db, endpoint, method):
    auth.login_new_teacher("a@school.example")
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), TEACHER_ROUTES[endpoint][method])
    assert response.status_code in (403, 404)
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] in TEACHER_ROUTES])
def test_pupil_cannot_reach_teacher_routes(app, client, make, victim, db, endpoint, method):
    PupilActions(client, make).login(victim["class_id"], victim["pupil_id"])
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), TEACHER_ROUTES[endpoint][method])
    assert response.status_code in (302, 403, 404)
    if response.status_code == 302:
        assert response.headers["Location"].startswith("/login")
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] in PUPIL_ROUTES])
def test_pupil_cannot_reach_a_pupil_of_another_class(app, client, make, victim, db, endpoint, method):
    own_class = make.klass(make.teacher(), "Own class")
    make.pupil(own_class, "Me")
    PupilActions(client, make).enter_code(make.class_row(own_class)["join_code"])
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), PUPIL_ROUTES[endpoint][method])
    assert response.status_code in (403, 404)
    assert _snapshot(db) == before
    with client.session_transaction() as sess:
        assert "picks" not in sess


@pytest.mark.parametrize("endpoint, method", CASES)
def test_teacher_can_reach_their_own_ids(app, client, auth, make, endpoint, method):
    """The other side of the coin: the refusals above are not refusing everyone."""
    teacher = auth.login_new_teacher("own@school.example")
    class_id = make.klass(teacher)
    ids = {"class_id": class_id, "pupil_id": make.pupil(class_id, "Victim")}
    if endpoint in PUPIL_ROUTES:
        PupilActions(client, make).enter_code(make.class_row(class_id)["join_code"])
        data = PUPIL_ROUTES[endpoint][method]
    else:
        data = TEACHER_ROUTES[endpoint][method]
    response = _request(client, method, _url(app, endpoint, ids), data)
    assert response.status_code in (200, 303, 400)
