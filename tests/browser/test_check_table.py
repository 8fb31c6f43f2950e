""" "Check our table" (issue 37.5): a teacher taps three positions of the shared examples
(../shared/examples/positions.jsonl) into the page with the puzzle editor's card picker, taps
"Show" and sees the captures `trainer solve` prints, TWEAKs first: all of them, or the best
SHOWN and how many more (issue 45). A capture
someone tried is explained ("4 + 3 = 7, not 9"). A pupil reaches the same page from their page."""

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import log_in as pupil_logs_in
from examples import load
from trainer.games.table_check import SHOWN
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

TRAINER = str(Path(sys.executable).with_name("trainer"))
TEACHERS = itertools.count(1)
CHOSEN = (0, 3, 6)  # plain with a TWEAK; a Joker's target ±1 (R7.2); 18 captures of six table cards


@pytest.fixture
def people(live_server):
    db = live_server.db()
    make = Make(db)
    email = f"check{next(TEACHERS)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Card class")
    make.pupil(class_id, "Ada", password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"code": code, "name": "Ada", "email": email}


def positions():
    examples = load("positions.jsonl")  # a copy of ../shared/examples/positions.jsonl
    return [examples[i]["position"] for i in CHOSEN]


def solved(position) -> set[tuple]:
    out = subprocess.run([TRAINER, "solve"], input=json.dumps(position), capture_output=True, text=True, check=True)
    return {(c["target"], c["play"], *c["capture"]) for c in json.loads(out.stdout)["captures"]}


def tap_position(page, position):
    page.locator(f"#check-target-{position['target']}").check()
    if position.get("joker"):
        page.get_by_label("A Joker was played", exact=False).check()
    page.get_by_label("on the table", exact=True).check()
    for card in position["table"]:
        page.locator(f"#pal-{card}").click()
    page.get_by_label("into the hand", exact=True).check()
    for card in position["hand"]:
        page.locator(f"#pal-{card}").click()


def tap_tried(page, name, checked):
    """Taps the card's face, as a child does (the card covers its checkbox)."""
    box = page.get_by_label(name)
    page.locator(f'label[for="{box.get_attribute("id")}"]').click()
    expect(page.get_by_label(name)).to_be_checked(checked=checked)


def test_every_capture_of_three_shared_positions_agrees_with_trainer_solve(page, live_server, watch, people):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(people["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    for position in positions():
        page.locator(".site-nav").get_by_role("link", name="Check our table").click()
        expect(page.locator(".check-count")).to_have_count(0)  # the new, empty page is in
        tap_position(page, position)
        expected = solved(position)
        heading = page.locator(".check-count")
        expect(heading).to_contain_text(f"{len(expected)} capture")
        # Hidden until Show: a check, not a cheat.
        assert page.locator("[data-capture]").count() == 0
        page.get_by_role("button", name="Show").click()
        listed = min(len(expected), SHOWN)
        expect(page.locator("[data-capture]")).to_have_count(listed)
        shown = [
            (int(li.get_attribute("data-target")), *li.get_attribute("data-capture").split())
            for li in page.locator("[data-capture]").all()
        ]
        assert set(shown) <= expected and len(set(shown)) == listed
        if len(expected) > SHOWN:
            expect(page.locator("[data-more]")).to_have_text(f"and {len(expected) - SHOWN} more captures")
        tweaks = [li.get_attribute("class").endswith("--tweak") for li in page.locator("[data-capture]").all()]
        assert tweaks == sorted(tweaks, reverse=True)  # TWEAKs first (R5.3)
    watch.assert_clean()


def test_a_pupil_checks_a_capture_someone_tried(page, live_server, watch, people):
    pupil_logs_in(page, live_server, people)
    page.get_by_role("link", name="Check our table").click()
    tap_position(page, positions()[0])  # target 9; table R1a O3a Y3a; hand B4 P6 G2a
    expect(page.locator(".check-count")).to_contain_text("3 captures")
    tap_tried(page, "Tried from the hand: blue 4", True)
    tap_tried(page, "Tried from the table: orange 3", True)
    expect(page.locator("[data-verdict]")).to_have_text("4 + 3 = 7, not 9.")
    tap_tried(page, "Tried from the hand: blue 4", False)
    tap_tried(page, "Tried from the hand: purple 6", True)
    expect(page.locator("[data-verdict]")).to_contain_text("6 + 3 = 9: that works!")
    page.screenshot(path="/tmp/check-pupil.png", full_page=True)
    watch.assert_clean()


def test_quick_taps_while_the_answer_is_on_its_way_are_all_kept(page, live_server, watch, people, monkeypatch):
    """Children tap fast. Each tap asks for the answer; an answer that was on its way when
    the next tap came must not put that card back as it was, and the last answer is for every
    card tapped (a slow answer here: 0.8 s)."""
    import time

    from trainer.web.games import check_views

    pupil_logs_in(page, live_server, people)
    page.get_by_role("link", name="Check our table").click()
    tap_position(page, positions()[0])  # target 9; table R1a O3a Y3a; hand B4 P6 G2a
    expect(page.locator(".check-count")).to_contain_text("3 captures")
    found = check_views.captures

    def slow(*args, **kwargs):
        time.sleep(0.8)
        return found(*args, **kwargs)

    monkeypatch.setattr(check_views, "captures", slow)
    for name in ("Tried from the hand: purple 6", "Tried from the table: orange 3"):
        box = page.get_by_label(name)
        page.locator(f'label[for="{box.get_attribute("id")}"]').click()
    expect(page.locator("[data-verdict]")).to_contain_text("6 + 3 = 9: that works!")
    for name in ("Tried from the hand: purple 6", "Tried from the table: orange 3"):
        expect(page.get_by_label(name)).to_be_checked()
    watch.assert_clean()


@pytest.mark.parametrize("side", ["pupil", "teacher"])
def test_the_page_fits_a_phone_upright(page, live_server, watch, people, side):
    # Issue 47.5: at 390×844 the whole picker (the 10 and the Joker too), the magic numbers and
    # the captures listed for a six-card table (the best 12 of 18, issue 45.1) are on the
    # screen's width: nothing off to the side.
    page.set_viewport_size({"width": 390, "height": 844})
    if side == "pupil":
        pupil_logs_in(page, live_server, people)
        page.get_by_role("link", name="Check our table").click()
    else:
        page.goto(live_server.url + "/")
        page.get_by_role("link", name="Teachers: log in").click()
        page.get_by_label("E-mail address").fill(people["email"])
        page.get_by_label("Password").fill(TEACHER_PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.get_by_role("link", name="Check our table").first.click()
    expect(page.get_by_role("button", name="Show")).to_have_count(0)  # the new, empty page is in
    position = positions()[2]  # 18 captures of six table cards
    tap_position(page, position)
    expect(page.locator(".check-count")).to_contain_text(f"{len(solved(position))} capture")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("[data-capture]")).to_have_count(min(len(solved(position)), SHOWN))
    # And held sideways (844×390): still nothing off to the side (the page scrolls down).
    for width, height in ((390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= width, f"Check our table is {wide} px wide at {width}×{height}"
        for selector in ("[id^=pal-]", ".check-number", "label[for=check-joker]", "[data-capture]"):
            for element in page.locator(selector).all():
                box = element.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (
                    f"{selector} sticks out at {width}×{height}: {box}"
                )
    watch.assert_clean()
