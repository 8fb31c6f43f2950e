"""The security event log (trainer/web/core/security_log.py): what happened, to which account id,
from which address, and never a secret or a child's name."""

from web_helpers import TEACHER_PASSWORD

PICTURES = ("sun", "tree", "boat")


def one(lines, start):
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def test_teacher_logins_failures_and_throttling_are_logged_by_account_id(app, client, make, events):
    # ASVS 5.0 V16.3.1: successful and failed authentication, with the account concerned.
    teacher_id = make.teacher(email="logged@school.example")
    app.config["TEACHER_LOGIN_FREE_FAILURES"] = 2
    client.post("/login", data={"email": "nobody@school.example", "password": "x" * 12})
    assert one(events, "event=teacher_login_failed teacher=unknown").endswith("ip=127.0.0.1")
    events.clear()
    for _ in range(2):
        client.post("/login", data={"email": "logged@school.example", "password": "not the password"})
    assert events[0] == f"event=teacher_login_failed teacher={teacher_id} ip=127.0.0.1"
    assert events[1].startswith(f"event=teacher_login_failed teacher={teacher_id} now_locked_seconds=")
    events.clear()
    assert (
        client.post("/login", data={"email": "logged@school.example", "password": TEACHER_PASSWORD}).status_code == 429
    )
    one(events, f"event=teacher_login_throttled teacher={teacher_id} seconds=")
    app.config["TEACHER_LOGIN_FREE_FAILURES"] = 100
    with app.app_context():
        from trainer.store import throttle
        from trainer.web.db import get_db

        throttle.forget(get_db(), "teacher:logged@school.example")
    events.clear()
    assert (
        client.post("/login", data={"email": "logged@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    )
    assert events == [f"event=teacher_login teacher={teacher_id} ip=127.0.0.1"]
    client.post("/logout")
    assert events[-1] == f"event=logout teacher={teacher_id} ip=127.0.0.1"
    for line in events:
        assert "logged@school.example" not in line and TEACHER_PASSWORD not in line


def test_pupil_logins_and_wrong_class_codes_are_logged_without_codes_or_pictures(client, make, pupil_auth, events):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, name="Zoë")
    code = make.class_row(class_id)["join_code"]
    pupil_auth.enter_code("WRONG1")
    one(events, "event=class_code_wrong ip=")
    pupil_auth.enter_code(code)
    pupil_auth.tap(pupil_id, ("boat", "boat", "boat"))
    one(events, f"event=pupil_login_failed pupil={pupil_id} ip=")
    pupil_auth.tap(pupil_id, PICTURES)
    one(events, f"event=pupil_login pupil={pupil_id} ip=")
    client.post("/logout")
    assert events[-1] == f"event=logout pupil={pupil_id} ip=127.0.0.1"
    for line in events:
        assert code not in line and "Zoë" not in line and "WRONG1" not in line
        assert not any(picture in line for picture in PICTURES)


def test_another_teachers_ids_and_forged_forms_are_logged_as_refused(client, auth, make, events):
    # ASVS 5.0 V16.3.2: failed authorization, here an id of another teacher's class and pupil.
    other_class = make.klass(make.teacher())
    other_pupil = make.pupil(other_class)
    me = auth.login_new_teacher()
    events.clear()
    assert client.get(f"/classes/{other_class}").status_code == 404
    assert events == [f"event=access_refused teacher={me} wanted=class id={other_class} ip=127.0.0.1"]
    assert client.get(f"/pupils/{other_pupil}/export.json").status_code == 404
    assert events[-1] == f"event=access_refused teacher={me} wanted=pupil id={other_pupil} ip=127.0.0.1"
    assert client.post("/classes", csrf=False, data={"name": "forged"}).status_code == 400
    assert events[-1] == "event=csrf_refused reason=token ip=127.0.0.1"
    assert client.post("/classes", data={"name": "x"}, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert events[-1] == "event=csrf_refused reason=cross-site ip=127.0.0.1"


def test_a_pupil_posting_another_pupils_attempt_is_logged_as_refused(client, make, pupil_auth, events):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id)
    pupil_auth.login(class_id, pupil_id)
    events.clear()
    response = client.post("/practice/answer", data={"attempt": "someone-elses", "answer": "[]", "final": "pass"})
    assert response.status_code == 404
    assert events == [f"event=access_refused pupil={pupil_id} wanted=attempt ip=127.0.0.1"]
