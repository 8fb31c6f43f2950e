"""Logging in at home with the personal home QR, and the hours of home practice (issue 37.1).
The clock is trainer.web.core.school_day.now, moved by the test: nothing here reads the wall
clock. The school is in Amsterdam; 2 December 2026 is a Wednesday."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice
from trainer.web.core import school_day
from web_helpers import PupilActions

ZONE = ZoneInfo("Europe/Amsterdam")
HX = {"HX-Request": "true"}


class Clock:
    def __init__(self, monkeypatch, app):
        app.config["TIMEZONE"] = "Europe/Amsterdam"
        self.moment = datetime(2026, 12, 2, 10, 0, tzinfo=ZONE)
        monkeypatch.setattr(school_day, "now", lambda: self.moment.timestamp())

    def set(self, day: int, hour: int, minute: int = 0):
        self.moment = datetime(2026, 12, day, hour, minute, tzinfo=ZONE)


@pytest.fixture
def clock(monkeypatch, app):
    return Clock(monkeypatch, app)


@pytest.fixture
def home(db, make):
    """Class Owls with home practice on (the defaults), its pupil Noor and her home key."""
    class_id = make.klass(make.teacher(), "Owls")
    pupil_id = make.pupil(class_id, "Noor")
    home_practice.save_hours(db, class_id, HomeHours(enabled=True))
    return class_id, pupil_id, home_practice.token("test-secret", pupil_id, 0)


def scan(client, token):
    return client.post("/at-home", data={"token": token})


def test_the_landing_page_carries_the_form_the_qr_script_posts(client):
    html = client.get("/at-home").get_data(as_text=True)
    assert 'id="qr-join"' in html and 'action="/at-home"' in html


def test_the_home_qr_logs_in_its_pupil_at_home(client, clock, home):
    response = scan(client, home[2])
    assert response.status_code == 303 and response.headers["Location"] == "/me"
    page = client.get("/me")
    assert page.status_code == 200 and "Noor" in page.get_data(as_text=True)


def test_a_second_device_is_refused_calmly_and_not_logged_in(app, client, clock, home):
    assert scan(client, home[2]).status_code == 303
    other = app.test_client()
    refused = scan(other, home[2])
    assert refused.status_code == 403
    assert "already works on another tablet or phone" in refused.get_data(as_text=True)
    assert other.get("/me").headers["Location"].startswith("/join")
    assert client.get("/me").status_code == 200  # the first device keeps working


def test_a_renewed_qr_is_dead_at_once_and_ends_the_old_home_session(app, client, clock, home, db):
    _class_id, pupil_id, old = home
    assert scan(client, old).status_code == 303
    new = home_practice.token("test-secret", pupil_id, home_practice.renew(db, pupil_id))
    # The device that used the old QR is sent out at its next click.
    gone = client.get("/me")
    assert gone.status_code == 302 and gone.headers["Location"] == "/at-home"
    assert client.get("/me").headers["Location"].startswith("/join")
    # The old QR logs in nobody, on any device; the new one works (on a new first device).
    again = scan(client, old)
    assert again.status_code == 400 and "no longer works" in again.get_data(as_text=True)
    assert scan(app.test_client(), new).status_code == 303


def test_outside_the_hours_a_home_session_sees_see_you_tomorrow(client, clock, home):
    assert scan(client, home[2]).status_code == 303
    clock.set(2, 20, 0)
    response = client.get("/me")
    assert response.status_code == 302 and response.headers["Location"] == "/at-home/closed"
    page = client.get("/at-home/closed")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "See you tomorrow!" in html and "opens tomorrow at 07:00" in html
    # An htmx click gets a full load of the same screen, not an error swapped into the page.
    clicked = client.post("/practice/next", data={"mode": "drill"}, headers=HX)
    assert clicked.status_code == 200 and clicked.headers["HX-Redirect"] == "/at-home/closed"
    clock.set(3, 7, 0)
    assert client.get("/at-home/closed").headers["Location"] == "/me"  # the morning's reload
    assert client.get("/me").status_code == 200


def test_a_home_qr_outside_the_hours_shows_when_it_opens_and_logs_in_nobody(client, clock, home, db):
    class_id = home[0]
    home_practice.save_hours(db, class_id, HomeHours(enabled=True, days=frozenset({1, 2, 3, 4, 5})))
    clock.set(5, 10, 0)  # a Saturday
    response = scan(client, home[2])
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "See you tomorrow!" in html and "Monday" in html
    assert client.get("/me").headers["Location"].startswith("/join")


def test_home_practice_off_refuses_nobody_rudely(client, clock, home, db):
    home_practice.save_hours(db, home[0], HomeHours(enabled=False))
    response = scan(client, home[2])
    assert response.status_code == 200 and "resting" in response.get_data(as_text=True)
    assert client.get("/me").headers["Location"].startswith("/join")


def test_school_logins_are_never_closed_by_the_home_hours(client, make, clock, home):
    class_id, pupil_id, _token = home
    PupilActions(client, make).login(class_id, pupil_id)
    clock.set(2, 23, 0)
    assert client.get("/me").status_code == 200


def test_a_made_up_token_is_refused_and_counted(client, clock, home, db):
    response = scan(client, f"{home[1]}-" + "x" * 32)
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM login_failures").fetchone()[0] >= 1


def test_a_request_beside_the_first_page_leaves_that_pages_token_working(app, client, clock, home):
    """A fresh tablet fetches the service worker's script beside /me, with the cookie the login
    set. That answer must not put back a session without /me's CSRF token: the child's first
    tap ("Start today's drill") was refused as "page open too long" (CI, Sunday 6 December 2026)."""
    from web_helpers import csrf_from

    name = app.config["SESSION_COOKIE_NAME"]  # plain http here: no __Host- prefix
    assert scan(client, home[2]).status_code == 303
    cookie_of_login = client.get_cookie(name).value
    page = client.get("/me")
    cookie_of_page = client.get_cookie(name).value
    # The service worker's request set off with the login's cookie and is answered last.
    client.set_cookie(name, cookie_of_login)
    beside = client.get("/sw.js")
    assert beside.status_code == 200
    if "Set-Cookie" not in beside.headers:
        client.set_cookie(name, cookie_of_page)
    start = client.post("/practice/next", data={"csrf_token": csrf_from(page.get_data(as_text=True)), "mode": "drill"})
    assert start.status_code in (200, 302, 303), start.status_code
