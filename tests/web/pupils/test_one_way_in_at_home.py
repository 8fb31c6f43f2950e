"""The rule of issue 47.1, every way in: with practice at home on, outside school hours only a
child's own home QR logs in; the class code and the class QR work in school hours. And 47.2: a
home QR binds a device only when it logs the child in, inside the home hours; the teacher frees
it. The clock is school_day.now, moved: 2 December 2026 is a Wednesday, the school in Amsterdam,
school hours 08:00-16:00 on weekdays, home hours 15:00-19:30."""

from datetime import datetime, time
from zoneinfo import ZoneInfo

import pytest

from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice
from trainer.web.core import school_day
from web_helpers import AuthActions, PupilActions, csrf_from

ZONE = ZoneInfo("Europe/Amsterdam")
IPAD = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1"
PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36"


@pytest.fixture
def clock(monkeypatch, app):
    app.config["TIMEZONE"] = "Europe/Amsterdam"
    moment = {"now": datetime(2026, 12, 2, 10, 0, tzinfo=ZONE)}
    monkeypatch.setattr(school_day, "now", lambda: moment["now"].timestamp())

    def set_to(hour, minute=0, day=2):
        moment["now"] = datetime(2026, 12, day, hour, minute, tzinfo=ZONE)

    return set_to


@pytest.fixture
def owls(db, make):
    class_id = make.klass(make.teacher(email="owls@school.example"), "Owls")
    pupil_id = make.pupil(class_id, "Noor")
    home_practice.save_hours(db, class_id, HomeHours(enabled=True, opens=time(15), closes=time(19, 30)))
    return class_id, pupil_id, home_practice.token("test-secret", pupil_id, 0)


def scan_home(client, token, agent=IPAD):
    return client.post("/at-home", data={"token": token}, headers={"User-Agent": agent})


def logged_in(client) -> bool:
    return client.get("/me").status_code == 200


@pytest.mark.parametrize("hour, minute", [(4, 55), (16, 0), (7, 59)])
def test_outside_school_hours_the_class_code_logs_in_nobody(client, make, clock, owls, hour, minute):
    class_id, pupil_id, _token = owls
    clock(hour, minute)
    response = PupilActions(client, make).enter_code(make.class_row(class_id)["join_code"])
    html = response.get_data(as_text=True)
    assert response.status_code == 403 and "only in school hours" in html and "home QR code" in html
    # "Who are you?" lists nobody to a parent holding the code.
    assert client.get("/join/names").headers["Location"].endswith("/join")
    assert not logged_in(client)


def test_outside_school_hours_the_class_qr_logs_in_nobody(client, make, clock, owls):
    class_id = owls[0]
    clock(4, 55)
    response = client.post("/join/qr", data={"token": make.class_row(class_id)["qr_token"]})
    assert response.status_code == 403 and "only in school hours" in response.get_data(as_text=True)
    assert "Noor" not in response.get_data(as_text=True)
    assert client.get("/join/names").status_code == 302


def test_in_school_hours_the_class_code_logs_in_as_before(client, make, clock, owls):
    class_id, pupil_id, _token = owls
    clock(10, 0)
    PupilActions(client, make).login(class_id, pupil_id)
    assert logged_in(client)


def test_a_class_chosen_before_school_ends_logs_nobody_in_after(client, make, clock, owls):
    class_id, pupil_id, _token = owls
    clock(15, 59)
    actions = PupilActions(client, make)
    assert actions.enter_code(make.class_row(class_id)["join_code"]).status_code == 303
    clock(16, 1)
    actions.tap(pupil_id, ("sun", "tree", "boat"))
    assert not logged_in(client)


def test_with_home_practice_off_the_class_code_works_at_any_hour(client, make, clock, owls, db):
    class_id, pupil_id, _token = owls
    home_practice.save_hours(db, class_id, HomeHours(enabled=False))
    clock(4, 55)
    PupilActions(client, make).login(class_id, pupil_id)
    assert logged_in(client)


def test_a_parents_scan_outside_the_hours_binds_nothing_and_the_childs_tablet_gets_in_later(
    app, client, clock, owls, db
):
    class_id, pupil_id, token = owls
    parent = app.test_client()
    clock(4, 55)
    closed = scan_home(parent, token, PHONE)
    assert closed.status_code == 200 and "opens at 15:00" in closed.get_data(as_text=True)
    assert home_practice.key(db, pupil_id) is None and not logged_in(parent)
    clock(16, 0)
    assert scan_home(client, token, IPAD).status_code == 303 and logged_in(client)
    assert home_practice.in_use(db, class_id)[pupil_id]["device_kind"] == "ipad"
    refused = scan_home(parent, token, PHONE)
    assert refused.status_code == 403 and not logged_in(parent)


def test_the_teacher_frees_the_qr_and_the_device_that_held_it_is_logged_out(app, client, make, clock, owls, db):
    class_id, pupil_id, token = owls
    clock(16, 0)
    parents_phone = app.test_client()
    assert scan_home(parents_phone, token, PHONE).status_code == 303
    teacher = app.test_client()
    assert AuthActions(teacher, make).login("owls@school.example").status_code == 303
    page = teacher.get(f"/classes/{class_id}/home-practice").get_data(as_text=True)
    assert "Android phone, since" in page
    assert teacher.post(f"/pupils/{pupil_id}/home-qr/free", data={"csrf_token": csrf_from(page)}).status_code == 303
    assert not logged_in(parents_phone)
    assert scan_home(client, token, IPAD).status_code == 303 and logged_in(client)


def test_the_closed_screen_says_later_today_or_tomorrow_as_it_is(client, clock, owls):
    # Issue 47.6: at 04:55 practice opens at 15:00 today, not tomorrow.
    clock(4, 55)
    early = scan_home(client, owls[2]).get_data(as_text=True)
    assert "See you later!" in early and "See you tomorrow!" not in early
    assert "Practice at home opens at 15:00." in early
    clock(19, 45)
    evening = scan_home(client, owls[2]).get_data(as_text=True)
    assert "See you tomorrow!" in evening and "opens tomorrow at 15:00" in evening
