"""A school administrator's morning (issue 19), by clicking from the first page: log in, open
School, invite a teacher; the new teacher opens the link in their own browser and registers;
back on School the new teacher is listed, a class is handed to them and another teacher is
switched off. Screenshots of /school go to docs/screens/school-admin-*.png."""

import random

import pytest
from playwright.sync_api import expect

from browser.screens import SCREENS
from trainer.store import school_admin, teachers
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def _log_in(page, url, email):
    page.goto(url + "/")
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()


def test_the_administrator_invites_a_teacher_hands_over_a_class_and_switches_one_off(page, live_server, watch, browser):
    tag = random.randrange(10**9)
    db = live_server.db()
    make = Make(db)
    head = make.teacher(email=f"head-{tag}@school.example", name=f"Head {tag}")
    school_admin.set_role(db, head, "admin")  # the live database's first account may be another
    leaving = make.teacher(email=f"leaving-{tag}@school.example", name=f"Leaving {tag}")
    class_id = make.klass(leaving, f"Otters {tag}")
    make.pupil(class_id, "Noor")
    db.close()

    page.set_viewport_size({"width": 1024, "height": 768})
    _log_in(page, live_server.url, f"head-{tag}@school.example")
    page.locator(".site-nav").get_by_role("link", name="School").click()
    expect(page.get_by_role("heading", name="School", exact=True)).to_be_visible()
    page.get_by_label("Role").select_option("teacher")
    page.get_by_role("button", name="Make an invitation link").click()
    link = page.locator("#new-link")
    expect(link).to_be_visible()
    expect(page.get_by_text("Valid for 7 days, once.")).to_be_visible()
    invitation_url = link.input_value()
    assert invitation_url.startswith(live_server.url + "/invitations/")

    newcomer = browser.new_context(viewport={"width": 390, "height": 844})
    phone = newcomer.new_page()
    phone.goto(invitation_url)
    expect(phone.get_by_text("You have been invited to teach at this school.")).to_be_visible()
    assert phone.url == live_server.url + "/invitation"  # the token is gone from the address
    phone.get_by_label("Your name").fill(f"New {tag}")
    phone.get_by_label("E-mail address").fill(f"new-{tag}@school.example")
    phone.get_by_label("Password", exact=True).fill("a long enough password")
    phone.get_by_label("Password again").fill("a long enough password")
    phone.get_by_role("button", name="Create account").click()
    expect(phone.get_by_role("link", name="My classes")).to_be_visible()
    assert phone.url.endswith("/classes")
    newcomer.close()

    page.locator(".site-nav").get_by_role("link", name="School").click()
    teachers_table = page.locator("table.school-teachers")
    expect(teachers_table.get_by_text(f"new-{tag}@school.example")).to_be_visible()
    page.get_by_label(f"Hand Otters {tag} over to").select_option(label=f"New {tag}")
    page.locator("table.school-classes tr", has_text=f"Otters {tag}").get_by_role("button", name="Hand over").click()
    expect(page.get_by_text("The class is handed over.")).to_be_visible()
    expect(page.locator("table.school-handovers tr", has_text=f"Otters {tag}")).to_contain_text(f"Leaving {tag}")
    page.get_by_role("button", name=f"Switch off Leaving {tag}").click()
    expect(page.get_by_text("The account is switched off.")).to_be_visible()
    expect(page.get_by_role("button", name=f"Switch on Leaving {tag}")).to_be_visible()
    assert page.url.endswith("/school")

    db = live_server.db()
    new_id = teachers.by_email(db, f"new-{tag}@school.example")["id"]
    assert db.execute("SELECT teacher_id FROM classes WHERE id = ?", [class_id]).fetchone()[0] == new_id
    assert teachers.by_email(db, f"leaving-{tag}@school.example")["disabled_at"]
    db.close()

    page.get_by_role("button", name="Make an invitation link").click()
    expect(page.locator("#new-link")).to_be_visible()
    page.screenshot(path=str(SCREENS / "school-admin-1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENS / "school-admin-390.png"), full_page=True)
    watch.assert_clean()
