"""Nobody reaches another teacher's classes or pupils, and no pupil another pupil's things.

The tables below must list every (endpoint, method) whose URL takes an argument. The registry
test walks the app's url_map, so a route added later without an entry fails the suite. To add
one: put it in the table for who may use it, with the form data to send, and if its URL takes
a new kind of id (attempt_id, game_id, ...), create such a row for the victim pupil in the
`victim` fixture and return its id under that argument name, and add the new table to
`_snapshot` so a refused request is also shown to have changed nothing.
"""
import time
import pytest

from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import games
from web_helpers import PupilActions, make_app

# endpoint -> {method: form data}; "kind" says whose id the route takes.
TEACHER_ROUTES = {
    "classes.show": {"GET": None},
    "classes.rename": {"POST": {"name": "Hacked"}},
    "classes.regenerate_code": {"POST": {}},
    "classes.archive": {"POST": {}},
    "classes.retention": {"POST": {"days": "30"}},
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
    "class_games.limits": {"GET": None, "POST": {"levels": "random", "lengths": "round", "max_bots": "5"}},
    "drills.settings": {"GET": None, "POST": {"mode": "puzzles", "puzzles": "3", "kinds": "quick",
                                              "time_limit": "9"}},
    "drills.extra_time": {"POST": {}},
    "dashboard.overview_page": {"GET": None},
    "dashboard.class_hard": {"GET": None},
    "dashboard.class_report": {"GET": None},
    "dashboard.class_attempts_csv": {"GET": None},
    "dashboard.class_pupils_csv": {"GET": None},
    "dashboard.pupil_page": {"GET": None},
    "dashboard.pupil_attempts": {"GET": None},
    "dashboard.pupil_report": {"GET": None},
    "dashboard.pupil_attempts_csv": {"GET": None},
    "dashboard.replay_page": {"GET": None},   # the game id is a query argument, checked against the pupil
}
# Routes a pupil uses during login: the id must be a pupil of the class they chose.
PUPIL_LOGIN_ROUTES = {
    "pupil_login.pictures_step": {"GET": None, "POST": {"pick": "sun"}},
}
# Routes of a logged-in pupil that take an id of their own things (drills, games, ...).
PUPIL_ROUTES: dict = {
    "games.show": {"GET": None},
    "games.tap": {"POST": {"tap": "R1a"}},
    "games.move": {"POST": {"kind": "lay"}},
    "games.hint": {"POST": {}},
    "games.start_next_round": {"POST": {}},
    "games.stop": {"POST": {}},
}
ALL_ROUTES = {**TEACHER_ROUTES, **PUPIL_LOGIN_ROUTES, **PUPIL_ROUTES}


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
    game_id = games.create(make.db, pupil_id, new_game(GameSettings(("random",)), seed=1), time.time())
    return {"class_id": class_id, "pupil_id": pupil_id, "game_id": game_id}


def _snapshot(db):
    return (db.execute("SELECT * FROM classes ORDER BY id").fetchall(),
            db.execute("SELECT * FROM pupils ORDER BY id").fetchall(),
            db.execute("SELECT * FROM games ORDER BY id").fetchall(),
            db.execute("SELECT * FROM game_moves ORDER BY id").fetchall(),
            db.execute("SELECT * FROM class_game_settings ORDER BY class_id").fetchall(),
            db.execute("SELECT * FROM drill_settings ORDER BY class_id").fetchall(),
            db.execute("SELECT * FROM pupil_settings ORDER BY pupil_id").fetchall())


def _url(app, endpoint, ids):
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    with app.test_request_context():
        from flask import url_for
        return url_for(endpoint, **{arg: ids[arg] for arg in rule.arguments})


def _request(client, method, url, data):
    if method == "GET":
        return client.get(url)
    return client.post(url, data=data or {})


OUTSIDE_LOGIN = [c for c in CASES if c[0] not in PUPIL_LOGIN_ROUTES]


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_teacher_cannot_reach_another_teachers_ids(app, client, auth, victim, db, endpoint, method):
    auth.login_new_teacher("a@school.example")
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    if endpoint in PUPIL_ROUTES:  # a teacher is not a pupil: sent to the pupils' login
        assert response.status_code in (302, 403, 404)
    else:
        assert response.status_code in (403, 404)
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_pupil_cannot_reach_teacher_routes_or_another_pupils_ids(app, client, make, victim, db,
                                                                  endpoint, method):
    other_class = make.klass(make.teacher(), "Other class")
    other_pupil = make.pupil(other_class, "Other", password="sun,tree,boat")
    PupilActions(client, make).login(other_class, other_pupil)
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    if endpoint in TEACHER_ROUTES:
        assert response.status_code in (302, 403, 404)
        if response.status_code == 302:
            assert response.headers["Location"].startswith("/login")
    else:
        assert response.status_code in (403, 404)
    assert _snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", [c for c in CASES if c[0] in PUPIL_LOGIN_ROUTES])
def test_pupil_cannot_choose_a_pupil_of_another_class(app, client, make, victim, db, endpoint, method):
    own_class = make.klass(make.teacher(), "Own class")
    make.pupil(own_class, "Me")
    PupilActions(client, make).enter_code(make.class_row(own_class)["join_code"])
    before = _snapshot(db)
    response = _request(client, method, _url(app, endpoint, victim), PUPIL_LOGIN_ROUTES[endpoint][method])
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
    ids = {"class_id": class_id, "pupil_id": make.pupil(class_id, "Victim")}
    if endpoint in PUPIL_LOGIN_ROUTES:
        PupilActions(client, make).enter_code(make.class_row(class_id)["join_code"])
    response = _request(client, method, _url(app, endpoint, ids), ALL_ROUTES[endpoint][method])
    assert response.status_code in (200, 303, 400)
