"""Teachers log in and out; sessions are server-side, renewed at login, and expire when idle."""

import time

from trainer.store import throttle
from web_helpers import TEACHER_PASSWORD, make_app


def _auth_cookie(client):
    cookie = client.get_cookie("tweak_session")
    return cookie.value if cookie else None


def test_login_with_right_password(client, auth, make):
    make.teacher(email="a@school.example")
    response = auth.login("A@School.example")
    assert response.status_code == 303
    assert response.headers["Location"] == "/classes"


def test_login_with_wrong_password_says_so_without_telling_which(client, auth, make):
    make.teacher(email="a@school.example")
    wrong_password = auth.login("a@school.example", "wrong password!")
    unknown_email = auth.login("nobody@school.example", "wrong password!")
    assert wrong_password.status_code == unknown_email.status_code == 400
    message = "E-mail address or password is wrong."
    assert message in wrong_password.get_data(as_text=True)
    assert message in unknown_email.get_data(as_text=True)


def test_login_goes_to_a_local_next_page_only(client, make):
    make.teacher(email="a@school.example")
    ok = client.post("/login", data={"email": "a@school.example", "password": TEACHER_PASSWORD, "next": "/classes/1"})
    assert ok.headers["Location"] == "/classes/1"
    client.post("/logout")
    for evil in ("https://evil.example/", "//evil.example", "/\\evil.example"):
        r = client.post("/login", data={"email": "a@school.example", "password": TEACHER_PASSWORD, "next": evil})
        assert r.headers["Location"] == "/classes"
        client.post("/logout")


def test_pages_for_teachers_redirect_to_login(client):
    response = client.get("/classes")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_login_renews_the_session_cookie(client, auth, make):
    make.teacher(email="a@school.example")
    client.get("/login")
    client.csrf_token()
    before = _auth_cookie(client)
    with client.session_transaction() as sess:
        csrf_before = sess["csrf_token"]
    auth.login("a@school.example")
    assert _auth_cookie(client) != before
    with client.session_transaction() as sess:
        assert sess.get("csrf_token") != csrf_before
        assert "auth" in sess


def test_logout_makes_a_copy_of_the_old_cookie_useless(app, client, auth, make, db):
    make.teacher(email="a@school.example")
    auth.login("a@school.example")
    stolen = _auth_cookie(client)
    assert client.get("/classes").status_code == 200
    auth.logout()
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0
    thief = app.test_client()
    thief.set_cookie("tweak_session", stolen)
    assert thief.get("/classes").status_code == 302


def test_session_expires_after_idle_timeout(client, auth, make, db):
    make.teacher(email="a@school.example")
    auth.login("a@school.example")
    long_ago = time.time() - 2 * 3600
    db.execute("UPDATE auth_sessions SET last_seen = ?", [long_ago])
    assert client.get("/classes").status_code == 302
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0


def test_active_session_is_kept_alive(client, auth, make, db, clock):
    make.teacher(email="a@school.example")
    auth.login("a@school.example")
    db.execute("UPDATE auth_sessions SET last_seen = ?", [time.time() - 30 * 60])
    clock.advance(7)
    assert client.get("/classes").status_code == 200
    last_seen = db.execute("SELECT last_seen FROM auth_sessions").fetchone()[0]
    assert last_seen == time.time()  # the request's own moment, the clock stopped


def test_database_holds_only_a_hash_of_the_session_token(client, auth, make, db):
    make.teacher(email="a@school.example")
    auth.login("a@school.example")
    with client.session_transaction() as sess:
        token = sess["auth"]
    stored = db.execute("SELECT id FROM auth_sessions").fetchone()[0]
    assert token != stored and len(stored) == 64


def test_login_is_throttled_per_account_after_repeated_failures(client, auth, make, db):
    make.teacher(email="a@school.example")
    for _ in range(4):
        assert auth.login("a@school.example", "wrong password!").status_code == 400
    locked = auth.login("a@school.example", "wrong password!")
    assert locked.status_code == 429
    assert "Too many attempts. Please try again in 1 minute." in locked.get_data(as_text=True)
    # Even the right password waits until the lock has passed.
    assert auth.login("a@school.example").status_code == 429
    # Another account is not affected.
    make.teacher(email="b@school.example")
    assert auth.login("b@school.example").status_code == 303


def test_throttle_counter_is_shared_between_server_processes(app, tmp_path, make):
    make.teacher(email="a@school.example")
    other = make_app(app.config["DATABASE"]).test_client()
    for _ in range(5):
        app.test_client().post("/login", data={"email": "a@school.example", "password": "nope nope nope"})
    response = other.post("/login", data={"email": "a@school.example", "password": TEACHER_PASSWORD})
    assert response.status_code == 429


def test_successful_login_resets_the_failure_count(client, auth, make, db):
    make.teacher(email="a@school.example")
    for _ in range(3):
        auth.login("a@school.example", "wrong password!")
    assert auth.login("a@school.example").status_code == 303
    assert throttle.failures(db, "teacher:a@school.example") == 0


def test_throttle_lock_grows_and_is_capped(db):
    locks = [throttle.record_failure(db, "k", free=3, base=60, cap=900, now=1000.0) for _ in range(10)]
    assert locks[:2] == [0, 0]
    assert locks[2:7] == [60, 120, 240, 480, 900]
    assert max(locks) == 900
    assert throttle.seconds_locked(db, "k", now=1000.0) == 900
    assert throttle.seconds_locked(db, "k", now=2000.0) == 0


def test_start_up_forgets_expired_sessions_and_quiet_counters(app, make, db):
    teacher = make.teacher()
    from trainer.store import sessions

    sessions.create(db, teacher_id=teacher)
    db.execute("UPDATE auth_sessions SET last_seen = 0")
    db.execute("INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES ('old', 3, 0, 0)")
    db.execute(
        "INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES ('new', 3, 0, ?)", [time.time()]
    )
    make_app(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0
    assert [r[0] for r in db.execute("SELECT key FROM login_throttle")] == ["new"]
