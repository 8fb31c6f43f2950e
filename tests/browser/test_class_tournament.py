"""The class tournament in Chromium (issue 16.5): two children log in from the first page
(so they are ticked as here today), the teacher logs in, opens the class, "Watch class play",
ticks the others, starts, and sees every table on one screen; a seated child's home page leads
in one tap to their table. Screenshots of the teacher's page: docs/screens/classplay-tournament-*."""

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in
from browser.screens import SCREENS
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    teacher = make.teacher(email="cup@school.example")
    class_id = make.klass(teacher, "Cup class")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in NAMES}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "pupils": pupils, "code": code}


def _play_one_table_out(live_server, class_id):
    db = live_server.db()
    table_id = tournaments.table_ids(db, tournaments.running(db, class_id)["id"])[0]
    while class_tables.get(db, table_id)["status"] == "playing":
        row = class_tables.get(db, table_id)
        seat = class_tables.load(row).to_act
        pupil = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
        try:
            play_tables.play(
                db, table_id, pupil, row["version"], f"m{row['version']}", lambda g, s: legal_moves(g.state)[0], now=5.0
            )
        except class_tables.Stale:
            pass  # a tablet's poll moved the table on meanwhile (the helper's turn): read it again
    db.close()


def test_the_teacher_starts_a_tournament_and_a_child_taps_to_the_table(browser, live_server, klass):
    kids = {}
    for name in ("Ann", "Ben"):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        kids[name] = context.new_page()
        log_in(kids[name], live_server, {"code": klass["code"], "name": name})
    teacher = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    watch = Watch(teacher, live_server.url)
    teacher.goto(live_server.url + "/")
    teacher.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    teacher.get_by_label("E-mail address").fill("cup@school.example")
    teacher.get_by_label("Password").fill(TEACHER_PASSWORD)
    teacher.get_by_role("button", name="Log in").click()
    teacher.get_by_role("link", name="Cup class").first.click()
    teacher.get_by_role("link", name="Watch class play").click()
    expect(teacher.get_by_role("heading", name="Class tournament")).to_be_visible()
    # Who logged in today is ticked already; the teacher ticks the rest.
    for name in ("Ann", "Ben"):
        expect(teacher.get_by_role("checkbox", name=name, exact=True)).to_be_checked()
    for name in NAMES[2:]:
        expect(teacher.get_by_role("checkbox", name=name, exact=True)).not_to_be_checked()
    teacher.screenshot(path=str(SCREENS / "classplay-tournament-start-1024x768.png"), full_page=True)
    for name in NAMES[2:]:
        teacher.get_by_role("checkbox", name=name, exact=True).check()
    teacher.get_by_label("By game level, so the tables are even").check()
    teacher.get_by_role("button", name="Start the tournament").click()
    expect(teacher.get_by_text("Standings so far")).to_be_visible()
    expect(teacher.locator(".cp-watch-table")).to_have_count(2)  # 7 children: a 4 and a 3
    expect(teacher.locator(".cp-standings-table")).to_have_count(2)
    # A seated child: "Play with classmates" on the home page is one tap to the table.
    ann = kids["Ann"]
    ann.reload()
    ann.get_by_role("link", name="Play with classmates").click()
    ann.wait_for_url("**/play/tables/*")
    expect(ann.locator("#table")).to_be_visible()
    # One table plays its round; the projector follows by its poll.
    _play_one_table_out(live_server, klass["class_id"])
    expect(teacher.locator(".cp-standings-top")).to_have_count(1, timeout=10_000)
    for width, height in ((1024, 768), (390, 844), (1920, 1080)):
        teacher.set_viewport_size({"width": width, "height": height})
        teacher.screenshot(path=str(SCREENS / f"classplay-tournament-{width}x{height}.png"), full_page=True)
    teacher.get_by_role("button", name="End the tournament now").click()
    teacher.get_by_role("link", name="Print certificates").click()
    expect(teacher.locator("article.certificate").first).to_be_visible()
    teacher.set_viewport_size({"width": 1024, "height": 768})
    teacher.screenshot(path=str(SCREENS / "classplay-tournament-certificates-1024x768.png"))
    watch.assert_clean()
