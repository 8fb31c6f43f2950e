"""Sessions end at logout, when idle, at the latest 12 hours after login, and when the pupil or
class is archived; the exact old cookie, replayed, is refused afterwards.

Already proved elsewhere, referenced in docs/security.md: a teacher's stolen cookie is useless
after logout (tests/web/teachers/test_login.py::test_logout_makes_a_copy_of_the_old_cookie_useless),
a teacher's session ends after the idle time and a busy one is kept alive
(::test_session_expires_after_idle_timeout, ::test_active_session_is_kept_alive), archiving a
pupil logs them out (tests/web/classes/test_pupil_manage.py::test_archiving_logs_the_pupil_out).
"""

import time

import pytest

from web_helpers import TEACHER_PASSWORD, PupilActions

from .walk import scan, snapshot

COOKIE = "tweak_session"


@pytest.fixture
def ids(make):
    teacher = make.teacher(email="t@school.example")
    class_id = make.klass(teacher)
    return {"class_id": class_id, "pupil_id": make.pupil(class_id, "Noor", password="sun,tree,boat")}


def _login(role, client, make, ids):
    if role == "teacher":
        response = client.post("/login", data={"email": "t@school.example", "password": TEACHER_PASSWORD})
    else:
        response = PupilActions(client, make).login(ids["class_id"], ids["pupil_id"])
    assert response.status_code == 303
    return "/classes" if role == "teacher" else "/me"


@pytest.mark.parametrize("role", ["teacher", "pupil"])
def test_the_exact_old_cookie_is_refused_after_logout_also_for_changes(app, client, make, db, ids, role):
    # ASVS 5.0 V7.4.1: logout terminates the session: neither Back nor a copy resumes it.
    home = _login(role, client, make, ids)
    token = client.csrf_token()  # the logged-in page's CSRF token, kept in the same cookie
    stolen = client.get_cookie(COOKIE).value
    with client.session_transaction() as sess:
        logged_in_csrf = sess["csrf_token"]
    assert client.post("/logout").status_code == 303
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0
    with client.session_transaction() as sess:
        # V14.3.1: nothing of the login stays in the browser; the language chosen and the
        # device's own key (docs/security.md, "Guessing") say nothing about who was logged in.
        # The logout's answer carries a new CSRF value (login.py), never the login's.
        assert set(sess) <= {"lang", "device", "_permanent", "csrf_token"} and "auth" not in sess
        assert sess["csrf_token"] != logged_in_csrf

    thief = app.test_client()
    thief.set_cookie(COOKIE, stolen)
    before = snapshot(db)
    assert thief.get(home).status_code == 302
    # The old cookie still carries a CSRF token that matches: the post passes the CSRF check
    # and must still be refused for want of a login.
    for path, form in (
        ("/classes", {"name": "After logout"}),
        (f"/classes/{ids['class_id']}/pupils", {"name": "Ghost"}),
        ("/language", {"lang": "fi"}),
    ):
        thief.post(path, csrf=False, data={**form, "csrf_token": token})
    assert snapshot(db)["classes"] == before["classes"]
    assert snapshot(db)["pupils"] == before["pupils"]
    assert db.execute("SELECT language FROM pupils WHERE id = ?", [ids["pupil_id"]]).fetchone()[0] is None


def test_real_server_refuses_the_replayed_cookie_after_logout(real_servers):
    # ASVS 5.0 V7.4.1 over real HTTP: the raw Cookie header of the logged-in teacher, sent
    # again after logout, to the other server process.
    db = real_servers.db()
    real_servers.make(db).teacher(email="replay@school.example")
    db.close()
    browser = real_servers.browser()
    browser.get(real_servers.single, "/login")
    assert (
        browser.post(
            real_servers.single, "/login", {"email": "replay@school.example", "password": TEACHER_PASSWORD}
        ).status
        == 303
    )
    assert browser.get(real_servers.workers, "/classes").status == 200
    stolen = browser.cookie_header()
    assert browser.post(real_servers.workers, "/logout").status == 303
    for server in (real_servers.single, real_servers.workers):
        replayed = browser.request(server, "GET", "/classes", cookie=stolen)
        assert replayed.status == 302 and replayed.headers["Location"].startswith("/login")


def test_a_pupils_session_ends_when_idle(client, make, db, ids):
    # ASVS 5.0 V7.3.1: an inactivity timeout (IDLE_TIMEOUT_SECONDS, 1 hour: docs/web.md).
    _login("pupil", client, make, ids)
    db.execute("UPDATE auth_sessions SET last_seen = ?", [time.time() - 3600 + 120])
    assert client.get("/me").status_code == 200
    db.execute("UPDATE auth_sessions SET last_seen = ?", [time.time() - 3600 - 120])
    assert client.get("/me").status_code == 302
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0


@pytest.mark.parametrize("role", ["teacher", "pupil"])
def test_a_busy_session_still_ends_12_hours_after_login(client, make, db, ids, role):
    # ASVS 5.0 V7.3.2: an absolute maximum session lifetime. The cookie is re-issued on every
    # request, so only the server can enforce it (before the fix it never ended).
    home = _login(role, client, make, ids)
    db.execute("UPDATE auth_sessions SET created_at = ?, last_seen = ?", [time.time() - 11.5 * 3600, time.time()])
    assert client.get(home).status_code == 200
    db.execute("UPDATE auth_sessions SET created_at = ?, last_seen = ?", [time.time() - 12.5 * 3600, time.time()])
    assert client.get(home).status_code == 302
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0


def test_archiving_a_class_ends_its_pupils_sessions(app, client, auth, make, db):
    # ASVS 5.0 V7.4.2: all active sessions end when the account is disabled. "The class is
    # archived. Its pupils can no longer log in." includes a pupil logged in right now.
    teacher = auth.login_new_teacher("owner@school.example")
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor", password="sun,tree,boat")
    other_class = make.klass(teacher, "Other")
    other_pupil = make.pupil(other_class, "Sem", password="sun,tree,boat")
    tablets = [app.test_client(), app.test_client()]
    assert PupilActions(tablets[0], make).login(class_id, pupil_id).status_code == 303
    assert PupilActions(tablets[1], make).login(other_class, other_pupil).status_code == 303

    assert client.post(f"/classes/{class_id}/archive").status_code == 303
    assert tablets[0].get("/me").status_code == 302
    assert tablets[1].get("/me").status_code == 200  # another class is not touched


def test_deleting_a_pupil_ends_their_session(app, client, auth, make, db):
    # ASVS 5.0 V7.4.2 for deletion: the session row goes with the pupil (ON DELETE CASCADE).
    teacher = auth.login_new_teacher("owner@school.example")
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor", password="sun,tree,boat")
    tablet = app.test_client()
    assert PupilActions(tablet, make).login(class_id, pupil_id).status_code == 303
    assert client.post(f"/pupils/{pupil_id}/delete", data={"confirm_name": "Noor"}).status_code == 303
    assert tablet.get("/me").status_code == 302
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id IS NOT NULL").fetchone()[0] == 0


def test_every_page_behind_a_login_offers_logout(visits):
    # ASVS 5.0 V7.4.4: easy and visible access to logout on every authenticated page.
    pages = [
        v
        for v in visits
        if v.role in ("teacher", "pupil")
        and v.status == 200
        and v.is_html
        and not v.fragment
        # The parent page opens no session and shows none (issue 37.3): nothing to log out of.
        and v.endpoint not in ("error 404", "install.offline", "parent_page.show")
    ]
    assert {v.role for v in pages} == {"teacher", "pupil"}
    for v in pages:
        forms = scan(v.body).forms
        assert any(f.get("action") == "/logout" and f.get("method") == "post" for f in forms), v.url


def test_leaving_the_class_forgets_the_pictures_tapped_so_far(client, make, ids):
    # ASVS 5.0 V14.3.1 / V14.3.3: on a shared tablet, "This is not my class" leaves nothing
    # of a half-typed picture password in the cookie (before the fix the taps stayed).
    pupil = PupilActions(client, make)
    pupil.enter_code(make.class_row(ids["class_id"])["join_code"])
    pupil.tap(ids["pupil_id"], ["sun", "tree"])
    with client.session_transaction() as sess:
        assert sess["picks"]["keys"] == ["sun", "tree"]
    client.post("/join/leave")
    with client.session_transaction() as sess:
        assert "picks" not in sess and "join_class" not in sess


def test_a_new_picture_password_ends_the_pupils_open_sessions(app, client, auth, make, db):
    # ASVS 5.0 V7.4.3 / V7.4.2: a credential reset ends every session of the account. The
    # teacher makes a new picture password because the old one is known to someone else, who
    # may be logged in with it right now (before the fix that session stayed valid).
    teacher = auth.login_new_teacher("owner@school.example")
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor", password="sun,tree,boat")
    classmate = make.pupil(class_id, "Sem", password="sun,tree,boat")
    tablets = [app.test_client(), app.test_client(), app.test_client()]
    assert PupilActions(tablets[0], make).login(class_id, pupil_id).status_code == 303
    assert PupilActions(tablets[1], make).login(class_id, pupil_id).status_code == 303
    assert PupilActions(tablets[2], make).login(class_id, classmate).status_code == 303

    assert client.post(f"/pupils/{pupil_id}/reset-pictures").status_code in (200, 303)
    assert tablets[0].get("/me").status_code == 302
    assert tablets[1].get("/me").status_code == 302
    assert tablets[2].get("/me").status_code == 200  # a classmate stays logged in
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id = ?", [pupil_id]).fetchone()[0] == 0


def test_a_password_set_from_the_command_line_ends_every_session_of_the_teacher(
    app, client, make, db, monkeypatch, capsys
):
    # ASVS 5.0 V7.4.3: the school's IT sets a new password (`trainer set-password`) because
    # the old one is lost or stolen: every session opened with the old one ends.
    from trainer.cli.main import main
    from trainer.store import passwords, teachers

    teacher = make.teacher(email="t@school.example")
    other = make.teacher(email="other@school.example")
    laptops = [app.test_client(), app.test_client()]
    for laptop, email in zip(laptops, ("t@school.example", "other@school.example")):
        assert laptop.post("/login", data={"email": email, "password": TEACHER_PASSWORD}).status_code == 303
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("a brand new password\na brand new password\n"))
    assert main(["set-password", "t@school.example", "--db", app.config["DATABASE"]]) == 0
    assert "t@school.example" in capsys.readouterr().err
    assert laptops[0].get("/classes").status_code == 302
    assert laptops[1].get("/classes").status_code == 200  # another teacher is not touched
    assert passwords.verify(teachers.get(db, teacher)["password_hash"], "a brand new password")
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE teacher_id = ?", [teacher]).fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE teacher_id = ?", [other]).fetchone()[0] == 1
