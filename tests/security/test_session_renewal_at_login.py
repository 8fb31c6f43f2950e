"""Logging in (teacher or pupil, also again while logged in) issues a new session token and
ends the old one: a cookie planted or copied before the login is worth nothing after it.

Related: the database keeps only the token's SHA-256
(tests/web/teachers/test_login.py::test_database_holds_only_a_hash_of_the_session_token); tokens
have 256 random bits (tests/security/test_random_values.py).
"""

import pytest

from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, Make, PupilActions, make_app

COOKIE = "tweak_session"


def _session(client) -> dict:
    with client.session_transaction() as sess:
        return dict(sess)


def _become(role, client, make, ids):
    """Put `client` in the state `role`: anonymous (a CSRF token only), teacher or pupil."""
    if role == "anonymous":
        client.get("/login")
        client.csrf_token()
    elif role == "teacher":
        assert client.post("/login", data={"email": ids["email"], "password": TEACHER_PASSWORD}).status_code == 303
    else:
        assert PupilActions(client, make).login(ids["class_id"], ids["pupil_id"]).status_code == 303


@pytest.fixture
def ids(make):
    teacher = make.teacher(email="t@school.example")
    class_id = make.klass(teacher)
    return {
        "email": "t@school.example",
        "class_id": class_id,
        "pupil_id": make.pupil(class_id, "Noor", password="sun,tree,boat"),
    }


@pytest.mark.parametrize(
    "before, login_as",
    [
        ("anonymous", "teacher"),
        ("anonymous", "pupil"),  # fixation: a cookie planted before login
        ("pupil", "teacher"),
        ("teacher", "pupil"),  # one person after another on a tablet
        ("teacher", "teacher"),
        ("pupil", "pupil"),  # re-authentication
    ],
)
def test_login_issues_a_new_token_and_ends_the_old_one(app, client, make, db, ids, before, login_as):
    # ASVS 5.0 V7.2.4: a new session token on authentication, including re-authentication,
    # and the current one terminated.
    _become(before, client, make, ids)
    client.csrf_token()  # as any page with a form would have made one
    old_cookie = client.get_cookie(COOKIE).value
    old = _session(client)

    _become(login_as, client, make, ids)
    new = _session(client)
    assert new["auth"] != old.get("auth")
    assert new.get("csrf_token", "none yet") != old["csrf_token"]  # a CSRF token known before is useless too
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 1

    # The exact old cookie, replayed from elsewhere, opens neither the old nor the new login.
    replay = app.test_client()
    replay.set_cookie(COOKIE, old_cookie)
    assert replay.get("/classes").status_code == 302
    assert replay.get("/me").status_code == 302
    # While the new cookie works for whoever logged in.
    assert client.get("/classes" if login_as == "teacher" else "/me").status_code == 200


def test_only_tokens_the_server_issued_are_accepted(app, tmp_path, make, ids):
    # ASVS 5.0 V7.2.1: the token is verified by the server (its table of sessions), not
    # believed because it arrives: a made-up token in a correctly signed cookie is refused...
    client = app.test_client()
    with client.session_transaction() as sess:
        sess["auth"] = "a" * 43
    assert client.get("/classes").status_code == 302
    assert "auth" not in _session(client)
    # ...and a real login's cookie signed by another installation's key is ignored.
    other = make_app(tmp_path / "other.db", SECRET_KEY="another installation")
    other_db = connect(other.config["DATABASE"])
    Make(other_db).teacher(email="t@school.example")
    other_db.close()
    foreign = other.test_client()
    assert foreign.post("/login", data={"email": "t@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    client = app.test_client()
    client.set_cookie(COOKIE, foreign.get_cookie(COOKIE).value)
    assert client.get("/classes").status_code == 302
