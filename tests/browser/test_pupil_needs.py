"""What a child needs (issue 49.6), in a real browser at 1024×768: the teacher clicks from the
class page to the pupil, to "What <name> needs", ticks "No timer" and saves; the setting is kept
with the pupil. Screenshots of the page at 1024×768 and 390×844 go to /tmp (pytest -s)."""

import random

import pytest
from playwright.sync_api import expect

from trainer.store import drills
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def test_the_teacher_sets_no_timer_by_clicking_from_the_class_page(page, live_server, watch):
    db = live_server.db()
    make = Make(db)
    email = f"needs-{random.randrange(10**9)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Foxes")
    pupil_id = make.pupil(class_id, "Noor")
    db.close()

    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/login")
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Foxes").click()
    page.locator(".pupil-grid").get_by_role("link", name="Noor", exact=True).click()
    page.get_by_role("link", name="What Noor needs").click()
    expect(page.get_by_role("heading", name="What Noor needs")).to_be_visible()
    no_timer = page.get_by_role("checkbox", name="No timer")
    expect(no_timer).to_have_accessible_description(
        "No countdown in drills and no turn clock at a class table, for a child who freezes under time"
        " pressure; their level then comes from right answers alone."
    )
    no_timer.check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Saved. Noor gets these")
    expect(page.get_by_role("checkbox", name="No timer")).to_be_checked()
    page.screenshot(path="/tmp/needs-1024x768.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/needs-390x844.png", full_page=True)

    db = live_server.db()
    assert drills.pupil_settings(db, pupil_id)["no_timer"] is True
    db.close()
    watch.assert_clean()
