"""A child locked out of the picture login is let back in by the teacher, with the same
pictures (issue 21.2): the child's tablet says whom to ask, the class page names the child,
and one click on the pupil's page unlocks."""

import re
import time

import pytest
from playwright.sync_api import expect

from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def test_the_teacher_unlocks_a_locked_out_pupil_who_keeps_her_pictures(page, live_server, watch, browser):
    db = live_server.db()
    make = Make(db)
    teacher = make.teacher(email="unlock@school.example")
    class_id = make.klass(teacher, "Herons")
    pupil_id = make.pupil(class_id, "Noor", password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    # Someone has guessed for Noor from ten other devices today: new tablets now wait.
    for _ in range(10):
        db.execute("INSERT INTO login_failures (key, at) VALUES (?, ?)", [f"pupil:{pupil_id}", time.time()])
    db.close()

    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    tablet.goto(live_server.url + "/")
    tablet.get_by_role("link", name="I am a pupil").click()
    tablet.get_by_label("Class code").fill(code)
    tablet.get_by_role("button", name="Next").click()
    tablet.get_by_role("link", name="Noor").click()
    expect(tablet.get_by_text("Please ask your teacher to help you log in.")).to_be_visible()

    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_label("E-mail address").fill("unlock@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Herons").click()
    expect(page.get_by_role("heading", name="Locked out")).to_be_visible()
    page.locator("#class-unlock").get_by_role("link", name="Noor").click()
    page.get_by_role("button", name="Unlock (keeps the same pictures)").click()
    expect(page.get_by_text("Noor can log in again, with the same pictures.")).to_be_visible()

    tablet.reload()
    for picture in ("Sun", "Tree", "Boat"):
        tablet.get_by_role("button", name=picture).click()
    expect(tablet).to_have_url(re.compile(r"/me$"))
    tablet.close()
    watch.assert_clean()
