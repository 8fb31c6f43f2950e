"""Issue 37.1 in Chromium: the teacher turns home practice on by clicking from the first page;
a child scans her home QR at home (a second browser context) inside the hours and lands on her
page, then sees "See you tomorrow!" when the hours are over, and a third device with the same
QR is refused calmly; those two pages fit every tablet and phone size and pass axe-core. The clock is trainer.web.core.school_day.now, moved by the test (the live
server runs in this process), read in the server's time zone. Saves docs/screens/home-*.png."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from trainer.store import home_practice
from trainer.web.core import school_day
from web_helpers import TEACHER_PASSWORD, Make

from .conftest import Watch
from .screen_fit import check_fit, check_page

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (390, 844)]


class Clock:
    moment = datetime(2026, 12, 2, 10, 0)  # a Wednesday, 10:00, the server's local time

    def now(self) -> float:
        return self.moment.timestamp()


def test_home_practice_from_the_teachers_click_to_the_childs_evening(page, browser, live_server, watch, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(school_day, "now", clock.now)
    db = live_server.db()
    make = Make(db)
    tag = random.randrange(10**9)
    email = f"home-{tag}@school.example"
    class_name = f"Home class {tag}"
    class_id = make.klass(make.teacher(email=email), class_name)
    noor = make.pupil(class_id, "Noor")

    # The teacher, from the first page: log in, the class, the "At home" tab, On, Save.
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").first.click()
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=class_name).click()
    page.locator(".class-nav").get_by_role("link", name="At home").click()
    page.get_by_label("On", exact=True).check()
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved.").wait_for()
    assert home_practice.hours(db, class_id).enabled
    page.evaluate("scrollTo(0, 0)")  # Save was scrolled to for the click
    check_fit(
        page,
        "the home practice page",
        [("#home-practice h1", "the heading")],
        SIZES,
        shot="home-practice-teacher",
        shot_sizes=SIZES,
        whole_height=False,
    )
    page.get_by_role("link", name="Show the home QR code of Noor").click()
    page.locator(".home-qr svg").wait_for()
    check_fit(
        page,
        "a pupil's home QR",
        [("#home-qr-card h1", "the heading")],
        SIZES,
        shot="home-qr-teacher",
        shot_sizes=SIZES,
        whole_height=False,
    )
    watch.assert_clean()

    # At home: the QR's address (the token in its fragment) opened on the family's tablet.
    qr = live_server.url + "/at-home#k=" + home_practice.token(live_server.app.secret_key, noor, 0)
    home = browser.new_context(viewport={"width": 1024, "height": 768})
    child = home.new_page()
    child_watch = Watch(child, live_server.url)
    child.goto(qr)
    child.wait_for_url(live_server.url + "/me")
    child.get_by_role("button", name="Start today's drill").wait_for()
    assert "#k=" not in child.url
    # The evening: the next tap brings the friendly screen, not an error.
    clock.moment = datetime(2026, 12, 2, 20, 30)
    child.reload()
    child.wait_for_url(live_server.url + "/at-home/closed")
    child.get_by_role("heading", name="See you tomorrow!").wait_for()
    child.get_by_text("Practice at home opens tomorrow at 07:00.").wait_for()
    check_page(child, live_server.app, "home_login.closed", shot="home-see-you", shot_sizes=SIZES)
    child_watch.assert_clean()

    # Another device with the same QR, inside the hours again: refused in kind words.
    clock.moment = datetime(2026, 12, 3, 8, 0)
    other = browser.new_context(viewport={"width": 390, "height": 844})
    second = other.new_page()
    second.goto(qr)
    second.get_by_text("This QR code already works on another tablet or phone.").wait_for()
    assert second.url == live_server.url + "/at-home"
    check_page(second, live_server.app, "home_login.welcome", shot="home-second-device", shot_sizes=[(390, 844)])
    home.close()
    other.close()
    db.close()
