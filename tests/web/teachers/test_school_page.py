"""The school administrator's page /school (issue 19): who may open it, each action, and
each refusal (a clear message, nothing changed)."""

import re

import pytest

from trainer.store import invitations, school_settings, teachers
from web_helpers import AuthActions

POSTS = [
    ("/school/teachers/{other}/active", {"active": "0"}),
    ("/school/teachers/{other}/role", {"role": "admin"}),
    ("/school/classes/{class_id}/hand-over", {"teacher_id": "{head}"}),
    ("/school/invitations", {"role": "teacher"}),
    ("/school/invitations/{invitation}/withdraw", {}),
    ("/school/registration", {"open": "0"}),
]


@pytest.fixture
def school(db, make):
    head = make.teacher(email="head@school.example", name="Head")
    other = make.teacher(email="bo@school.example", name="Bo")
    third = make.teacher(email="cy@school.example", name="Cy")
    class_id = make.klass(other, "Bo's class")
    make.pupil(class_id, "Noor")
    token = invitations.create(db, role="teacher", created_by=head, now=_now())
    invitation = invitations.list_open(db, _now())[0]["id"]
    return {
        "head": head,
        "other": other,
        "third": third,
        "class_id": class_id,
        "invitation": invitation,
        "token": token,
    }


def _now():
    from trainer.web.teachers.invitations import utc_now

    return utc_now()


def _fill(text, school):
    return text.format(**school)


def _state(db):
    return (
        db.execute("SELECT id, role, disabled_at FROM teachers ORDER BY id").fetchall(),
        db.execute("SELECT id, teacher_id FROM classes ORDER BY id").fetchall(),
        db.execute("SELECT id, used_at FROM invitations ORDER BY id").fetchall(),
        db.execute("SELECT * FROM school_settings").fetchall(),
    )


def test_nobody_is_sent_to_log_in(client, school, db):
    assert client.get("/school").status_code == 302
    before = _state(db)
    for url, data in POSTS:
        response = client.post(_fill(url, school), data={k: _fill(v, school) for k, v in data.items()})
        assert response.status_code == 302 and "/login" in response.headers["Location"]
    assert _state(db) == before


def test_a_teacher_is_refused(client, auth, school, db):
    auth.login("bo@school.example")
    assert client.get("/school").status_code == 403
    assert "School</a>" not in client.get("/classes").get_data(as_text=True)
    before = _state(db)
    for url, data in POSTS:
        response = client.post(_fill(url, school), data={k: _fill(v, school) for k, v in data.items()})
        assert response.status_code == 403
    assert _state(db) == before


def test_the_administrator_sees_teachers_classes_and_invitations(client, auth, school):
    auth.login("head@school.example")
    assert "School</a>" in client.get("/classes").get_data(as_text=True)
    page = client.get("/school").get_data(as_text=True)
    for text in ("bo@school.example", "Bo&#39;s class", "Open invitations", "Withdraw", "Turn open registration off"):
        assert text in page
    # Names and counts only: no link to another teacher's class or pupils.
    hrefs = [h for h in re.findall(r'href="([^"]+)"', page) if not h.startswith("/static/")]
    assert not [h for h in hrefs if "/classes/" in h or "/dashboard" in h or "/pupils/" in h]
    assert "Noor" not in page


def test_every_action_changes_what_it_says(client, auth, school, db):
    auth.login("head@school.example")
    url = lambda u: _fill(u, school)
    assert client.post(url("/school/teachers/{other}/role"), data={"role": "admin"}).status_code == 303
    assert teachers.get(db, school["other"])["role"] == "admin"
    assert client.post(url("/school/teachers/{other}/role"), data={"role": "teacher"}).status_code == 303
    assert teachers.get(db, school["other"])["role"] == "teacher"
    assert client.post(url("/school/teachers/{other}/active"), data={"active": "0"}).status_code == 303
    assert teachers.get(db, school["other"])["disabled_at"]
    assert "switched off" in client.get("/school").get_data(as_text=True)
    assert client.post(url("/school/teachers/{other}/active"), data={"active": "1"}).status_code == 303
    assert teachers.get(db, school["other"])["disabled_at"] is None
    response = client.post(url("/school/classes/{class_id}/hand-over"), data={"teacher_id": str(school["third"])})
    assert response.status_code == 303
    assert db.execute("SELECT teacher_id FROM classes").fetchone()[0] == school["third"]
    assert client.post(url("/school/invitations/{invitation}/withdraw")).status_code == 303
    assert invitations.find(db, school["token"], _now()) is None
    assert client.post("/school/registration", data={"open": "0"}).status_code == 303
    assert school_settings.get(db, "open_registration") == "0"
    assert client.post("/school/registration", data={"open": "1"}).status_code == 303
    assert school_settings.get(db, "open_registration") == "1"


def test_an_invitation_link_is_shown_once_as_an_absolute_url_that_works(client, auth, school, db):
    auth.login("head@school.example")
    response = client.post("/school/invitations", data={"role": "admin"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    link = re.search(r'id="new-link" type="text" readonly value="([^"]+)"', page).group(1)
    assert link.startswith("http://localhost/invitations/")
    assert "Valid for 7 days, once." in page
    assert link not in client.get("/school").get_data(as_text=True)
    token = link.rsplit("/", 1)[1]
    assert invitations.find(db, token, _now())["role"] == "admin"


@pytest.mark.parametrize(
    "url, data, message",
    [
        ("/school/teachers/{head}/active", {"active": "0"}, "cannot switch off your own account"),
        ("/school/teachers/{head}/role", {"role": "teacher"}, "at least one active administrator"),
        ("/school/classes/{class_id}/hand-over", {"teacher_id": "99999"}, "no such teacher"),
    ],
)
def test_refusals_say_why_and_change_nothing(client, auth, school, db, url, data, message):
    auth.login("head@school.example")
    before = _state(db)
    response = client.post(_fill(url, school), data={k: _fill(v, school) for k, v in data.items()})
    assert response.status_code == 409
    assert message in response.get_data(as_text=True)
    assert _state(db) == before


def test_a_class_is_not_handed_to_a_switched_off_teacher(client, auth, school, db):
    auth.login("head@school.example")
    client.post(_fill("/school/teachers/{third}/active", school), data={"active": "0"})
    before = _state(db)
    response = client.post(
        _fill("/school/classes/{class_id}/hand-over", school), data={"teacher_id": str(school["third"])}
    )
    assert response.status_code == 409 and "active teacher" in response.get_data(as_text=True)
    assert _state(db) == before


def test_a_second_administrator_may_switch_off_the_first(client, auth, school, db, app):
    auth.login("head@school.example")
    client.post(_fill("/school/teachers/{other}/role", school), data={"role": "admin"})
    second = app.test_client()
    AuthActions(second, None).login("bo@school.example")
    assert second.post(_fill("/school/teachers/{head}/active", school), data={"active": "0"}).status_code == 303
    assert client.get("/school").status_code == 302  # head's session ended


@pytest.mark.parametrize(
    "url, data",
    [
        ("/school/teachers/{other}/active", {"active": "maybe"}),
        ("/school/teachers/{other}/role", {"role": "root"}),
        ("/school/classes/{class_id}/hand-over", {"teacher_id": "x\x00"}),
        ("/school/classes/{class_id}/hand-over", {"teacher_id": "٣"}),
        ("/school/invitations", {"role": "admin\u202e"}),
        ("/school/invitations/999999/withdraw", {}),
        ("/school/registration", {"open": "yes"}),
        ("/school/teachers/999999/role", {"role": "admin"}),
        ("/school/classes/999999/hand-over", {"teacher_id": "{head}"}),
    ],
)
def test_bad_input_is_a_4xx_and_changes_nothing(client, auth, school, db, url, data):
    auth.login("head@school.example")
    before = _state(db)
    response = client.post(_fill(url, school), data={k: _fill(v, school) for k, v in data.items()})
    assert 400 <= response.status_code < 500
    assert _state(db) == before


def test_posts_without_csrf_token_are_refused(client, auth, school, db):
    auth.login("head@school.example")
    before = _state(db)
    response = client.post("/school/registration", data={"open": "0"}, csrf=False)
    assert response.status_code in (400, 403)
    assert _state(db) == before
