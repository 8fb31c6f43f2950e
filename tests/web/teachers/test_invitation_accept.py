"""Joining by an invitation link (issue 19): the link /invitations/<token> keeps the token in
the session and sends the browser on to the registration form at /invitation (issue 38.2: no
token in any later address), whether or not open registration is on; a link that cannot be used
says to ask for a new one."""

import threading
from datetime import timedelta

import pytest

from trainer.store import invitations, school_settings, teachers
from trainer.store.db import connect
from trainer.web.teachers.invitations import utc_now
from web_helpers import make_app

FORM = {
    "display_name": "Ms Jansen",
    "email": "jansen@school.example",
    "password": "a long enough password",
    "password2": "a long enough password",
}


@pytest.fixture
def head(make):
    return make.teacher(email="head@school.example")


@pytest.fixture
def token(db, head):
    school_settings.put(db, "open_registration", False)  # invitations work when it is off
    return invitations.create(db, role="teacher", created_by=head, now=utc_now())


def _teacher_count(db):
    return db.execute("SELECT count(*) FROM teachers").fetchone()[0]


def _open(client, token):
    response = client.get(f"/invitations/{token}")
    assert response.status_code == 303 and response.headers["Location"] == "/invitation"
    return client


def test_the_link_leads_to_the_registration_form_at_an_address_without_the_token(client, token):
    _open(client, token)
    page = client.get("/invitation").get_data(as_text=True)
    assert "invited to teach at this school" in page
    assert 'action="/invitation"' in page and 'autocomplete="new-password"' in page
    assert token not in page


def test_the_form_without_the_link_opened_in_this_browser_cannot_be_used(client, db, token, app):
    _open(client, token)
    _unusable(app.test_client(), "/invitation", db, _teacher_count(db))


def test_joining_creates_the_account_logs_in_and_uses_the_link(client, db, token):
    response = _open(client, token).post("/invitation", data=FORM)
    assert response.status_code == 303 and response.headers["Location"] == "/classes"
    assert client.get("/classes").status_code == 200
    teacher = teachers.by_email(db, "jansen@school.example")
    assert teacher["role"] == "teacher"
    assert invitations.find(db, token, utc_now()) is None
    with client.session_transaction() as sess:
        assert sess.get("auth")  # a new session, as at registration
        assert "invitation" not in sess  # and the token went with the old one


def test_an_administrator_link_makes_an_administrator(client, db, head):
    token = invitations.create(db, role="admin", created_by=head, now=utc_now())
    assert _open(client, token).post("/invitation", data=FORM).status_code == 303
    assert teachers.by_email(db, FORM["email"])["role"] == "admin"


def _unusable(client, url, db, before):
    # The form this browser may still have open first, then the link itself.
    responses = [client.post("/invitation", data=FORM), client.get("/invitation"), client.get(url)]
    for response in responses:
        assert response.status_code == 410
        assert "administrator for a new link" in response.get_data(as_text=True)
    assert _teacher_count(db) == before


def test_a_used_link_cannot_be_used_again(client, db, token, app):
    other = _open(app.test_client(), token)  # opened, then used by someone else
    assert _open(client, token).post("/invitation", data=FORM).status_code == 303
    _unusable(other, f"/invitations/{token}", db, _teacher_count(db))


def test_an_expired_link_cannot_be_used(client, db, head):
    token = invitations.create(db, role="teacher", created_by=head, now=utc_now() - timedelta(days=8))
    _unusable(client, f"/invitations/{token}", db, _teacher_count(db))


def test_a_withdrawn_link_cannot_be_used(client, db, token):
    invitations.revoke(db, invitations.list_open(db, utc_now())[0]["id"])
    _unusable(client, f"/invitations/{token}", db, _teacher_count(db))


@pytest.mark.parametrize("bad", ["nonsense", "x" * 500, "%00", "%E2%80%AEabc", "%FF%FE"])
def test_an_unknown_link_cannot_be_used(client, db, head, bad):
    _unusable(client, f"/invitations/{bad}", db, _teacher_count(db))


def test_a_taken_email_is_a_form_error_and_uses_nothing_up(client, db, token):
    response = _open(client, token).post("/invitation", data=dict(FORM, email="HEAD@school.example"))
    assert response.status_code == 400
    assert "already an account with this e-mail address" in response.get_data(as_text=True)
    assert invitations.find(db, token, utc_now()) is not None


def test_form_errors_are_those_of_registration(client, db, token):
    response = _open(client, token).post("/invitation", data=dict(FORM, password2="something else"))
    assert response.status_code == 400
    assert "The two passwords are not the same." in response.get_data(as_text=True)
    assert invitations.find(db, token, utc_now()) is not None


def test_two_joins_racing_for_one_link_make_one_account(tmp_path):
    app = make_app(tmp_path / "race.db")
    db = connect(app.config["DATABASE"])
    head = teachers.create(db, "head@school.example", "Head", "x")
    token = invitations.create(db, role="teacher", created_by=head, now=utc_now())
    statuses, start = [], threading.Barrier(2)

    def join(n):
        client = _open(app.test_client(), token)
        start.wait()
        statuses.append(client.post("/invitation", data=dict(FORM, email=f"racer{n}@school.example")).status_code)

    threads = [threading.Thread(target=join, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [303, 410]
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 2
    db.close()
