"""The administrator reviews teachers' puzzles (issue 38.1), by clicking from the first page:
log in, School, Review puzzles; a teacher's waiting puzzle is accepted into the shared bank and
another one removed, each row showing what the puzzle was served. Screenshots of the review go
to docs/screens/puzzle-review-*.png."""

import random
from datetime import date

import pytest
from playwright.sync_api import expect

from browser.screens import SCREENS
from dashboard_helpers import attempt, session
from trainer.puzzles.generate import generate
from trainer.store import puzzle_review, school_admin
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def test_the_administrator_accepts_one_teachers_puzzle_and_removes_another(page, live_server, watch):
    tag = random.randrange(10**9)
    db = live_server.db()
    make = Make(db)
    head = make.teacher(email=f"head-{tag}@school.example", name=f"Head {tag}")
    school_admin.set_role(db, head, "admin")  # the live database's first account may be another
    bo = make.teacher(email=f"bo-{tag}@school.example", name=f"Bo {tag}")
    own = generate(3, random.Random(tag))
    assert puzzle_review.store_own(db, bo, own).own == 3
    noor = make.pupil(make.klass(bo, f"Otters {tag}"), "Noor")
    sitting = session(db, noor, date.today())
    for n, correct in enumerate((True, True, False)):
        attempt(db, noor, date.today(), correct=correct, puzzle_id=own[1].id, session_id=sitting, second=30 * n)
    db.close()

    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(f"head-{tag}@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.locator(".site-nav").get_by_role("link", name="School").click()
    page.get_by_role("link", name="Review puzzles").click()
    expect(page.get_by_role("heading", name="Review puzzles")).to_be_visible()

    served = page.locator(f'tr[data-review-puzzle="{own[1].id}"]')
    expect(served.locator('td[data-label="Teacher"]')).to_have_text(f"Bo {tag}")
    expect(served.locator('td[data-label="Served"]')).to_have_text("3")
    expect(served.locator('td[data-label="Right"]')).to_have_text("2")
    page.screenshot(path=str(SCREENS / "puzzle-review-1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENS / "puzzle-review-390.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})

    page.locator(f'tr[data-review-puzzle="{own[0].id}"]').get_by_role("button", name="Accept").click()
    expect(page.get_by_text("The puzzle is in the shared puzzle bank")).to_be_visible()
    served.get_by_role("button", name="Remove").click()
    expect(page.get_by_text("The puzzle is removed")).to_be_visible()
    page.get_by_role("link", name="Removed (", exact=False).click()
    expect(page.locator(f'tr[data-review-puzzle="{own[1].id}"] td[data-label="Served"]')).to_have_text("3")

    db = live_server.db()
    status = dict(db.execute("SELECT id, status FROM puzzles WHERE id IN (?, ?, ?)", [p.id for p in own]).fetchall())
    db.close()
    assert status == {own[0].id: "shared", own[1].id: "removed", own[2].id: "pending"}
    watch.assert_clean()
