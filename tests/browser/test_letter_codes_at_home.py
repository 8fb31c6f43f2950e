"""Issue 47 "done when", in Chromium: the home letter's codes scanned as a parent would (the QR
codes read off the letter by zxing-cpp), with the server's clock moved, never waited for
(trainer.web.core.school_day.now; the live server runs in this process). The rule: with practice
at home on, outside school hours only the child's own home QR logs in; the class code works in
school hours. Home hours 15:00-19:30, school hours 08:00-16:00; 2 December 2026 is a Wednesday.

- 04:55: the parent's phone scans the child's code: "opens at 15:00", nobody logged in, nothing
  bound; the class code typed on the phone logs in nobody; after 25 made-up parent links from
  the same address the parent's own code still opens the page, upright and sideways.
- 16:00: the child's tablet scans it and is in; the parent's phone is then refused; the class
  code is refused (school is out).
- The teacher sees which device holds the code and frees it in one tap: the tablet is logged
  out at its next click, and the code works on the next device."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from playwright.sync_api import expect

from trainer.store import home_practice
from trainer.web.core import school_day
from web_helpers import TEACHER_PASSWORD, Make

from .qr_scan import scan

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


class Clock:
    moment = datetime(2026, 12, 2, 10, 0)  # the server's local time

    def now(self) -> float:
        return self.moment.timestamp()

    def set(self, hour: int, minute: int = 0) -> None:
        self.moment = datetime(2026, 12, 2, hour, minute)


def test_the_letters_codes_at_4_55_and_16_00_bind_and_log_in_as_the_rule_says(page, browser, live_server, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(school_day, "now", clock.now)
    db = live_server.db()
    make = Make(db)
    tag = random.randrange(10**9)
    email, class_name = f"letter-codes-{tag}@school.example", f"Letter class {tag}"
    class_id = make.klass(make.teacher(email=email, name="Ms Visser"), class_name)
    noor = make.pupil(class_id, "Noor")
    make.pupil(class_id, "Sem")
    join_code = db.execute("SELECT join_code FROM classes WHERE id = ?", [class_id]).fetchone()[0]

    # The teacher, from the first page: At home on, open 15:00-19:30; then the letters.
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").first.click()
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=class_name).click()
    page.locator(".class-nav").get_by_role("link", name="At home").click()
    page.get_by_label("On", exact=True).check()
    hours = page.get_by_role("group", name="Open")
    hours.get_by_label("from").fill("15:00")
    hours.get_by_label("until").fill("19:30")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved.").wait_for()
    page.locator("#home-practice ~ .actions").get_by_role("link", name="Home letters for parents").click()
    expect(page.locator(".class-nav [aria-current=page]")).to_have_text("At home")  # issue 47.7
    letter = page.locator(f"#letter-{noor}")
    expect(letter).to_contain_text("For your child's tablet")
    expect(letter).to_contain_text("every day from 15:00 to 19:30")
    expect(letter).to_contain_text("please tell Ms Visser")
    expect(letter).not_to_contain_text(join_code)
    expect(letter).not_to_contain_text("Sem")
    childs_code = scan(letter.locator(".letter-home-qr .letter-qr"))
    parents_code = scan(letter.locator(".letter-part").last.locator(".letter-qr"))
    assert "/at-home#k=" in childs_code and "/family/" in parents_code

    # 04:55: the parent's phone.
    clock.set(4, 55)
    phone_context = browser.new_context(viewport=PHONE)
    phone = phone_context.new_page()
    phone.goto(childs_code)
    phone.get_by_text("Practice at home opens at 15:00.").wait_for()
    assert home_practice.key(db, noor) is None  # bound to nothing
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="I am a pupil").click()
    phone.get_by_label("Class code").fill(join_code)
    phone.get_by_role("button", name="Next").click()
    phone.get_by_text("The class code works only in school hours.").wait_for()
    expect(phone.get_by_text("Noor")).to_have_count(0)
    # The parent page from one address after 25 made-up links (a shared school or carrier
    # address): the family's own link still opens (issue 47.3), on a phone upright or sideways.
    for i in range(25):
        phone.goto(f"{live_server.url}/family/made-up-link-{i}")
    expect(phone.get_by_role("heading", level=1)).not_to_contain_text("Noor")
    phone.goto(parents_code)
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Noor")
    for size in (PHONE, {"width": 844, "height": 390}):
        phone.set_viewport_size(size)
        assert phone.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    phone.set_viewport_size(PHONE)

    # 16:00: the child's tablet gets in; the parent's phone and the class code do not.
    clock.set(16, 0)
    tablet_context = browser.new_context(viewport={"width": 1024, "height": 768})
    tablet = tablet_context.new_page()
    tablet.goto(childs_code)
    tablet.wait_for_url(live_server.url + "/me")
    tablet.get_by_role("button", name="Start today's drill").wait_for()
    phone.goto(childs_code)
    phone.get_by_text("This QR code already works on another tablet or phone.").wait_for()
    phone.goto(live_server.url + "/join")
    phone.get_by_label("Class code").fill(join_code)
    phone.get_by_role("button", name="Next").click()
    phone.get_by_text("The class code works only in school hours.").wait_for()

    # The teacher sees the device and frees the code in one tap.
    page.locator(".class-nav").get_by_role("link", name="At home").click()
    row = page.get_by_role("row", name="Noor")
    expect(row).to_contain_text("in use on: Linux computer, since")
    row.get_by_role("button", name="Free the home QR code of Noor for another device").click()
    expect(page.get_by_role("row", name="Noor")).to_contain_text("not used yet")
    tablet.get_by_role("button", name="Start today's drill").click()
    tablet.wait_for_url(live_server.url + "/at-home")
    phone.goto(childs_code)
    phone.wait_for_url(live_server.url + "/me")
    assert home_practice.in_use(db, class_id)[noor]["device_kind"] == "linux"
    phone_context.close()
    tablet_context.close()
    db.close()
