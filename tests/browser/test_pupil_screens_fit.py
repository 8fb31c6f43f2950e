"""Every pupil screen fits a tablet and a phone without scrolling (issue 15, item 1): each of
the five puzzle kinds with the largest table the bank holds, its feedback after a right answer
and after "I don't know", and the end of the drill, at 1024×768, 768×1024, 390×844 and a phone
held sideways, 844×390 (issue 47.5: the quick puzzle was 732 px tall there). The
action buttons and every card are inside the viewport, and cards stay tap targets of at least
44 px. The first feedback after "I don't know" and the end of the drill pass axe-core there too.

The test has its own server whose bank holds only those largest puzzles, so the drill must
serve each of them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.axe import violations
from browser.conftest import LiveServer
from browser.drill_steps import answer, current_puzzle
from browser.pupil_steps import log_in
from browser.screen_fit import PUPIL_SIZES, boxes, within
from browser.screens import SCREENS
from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import drills, puzzles
from trainer.store.db import connect
from web_helpers import Make, make_app

pytestmark = pytest.mark.browser

SIZES = PUPIL_SIZES
SHOWN = "joker"  # docs/pupils.md shows this kind: the points key and the Joker
MIN_CARD_PX = 44


def largest_of_each_kind(db) -> list:
    puzzles.ensure_bank(db)
    every = puzzles.get_many(db, [r[0] for r in db.execute("SELECT id FROM puzzles")])
    chosen = []
    for kind in KINDS:
        of_kind = [p for p in every if p.kind == kind]
        chosen.append(max(of_kind, key=lambda p: (len(p.position.table), len(p.answer), p.id)))
    return chosen


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    path = tmp_path_factory.mktemp("fit") / "fit.db"
    app = make_app(path)
    db = connect(path)
    largest = largest_of_each_kind(db)
    keep = [p.id for p in largest]
    db.execute(f"DELETE FROM puzzles WHERE id NOT IN ({','.join('?' * len(keep))})", keep)
    db.conn.commit()
    db.close()
    server = LiveServer(app)
    server.start()
    server.largest = largest
    yield server
    server.stop()


@pytest.fixture
def pupil(live_server):
    db = live_server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(), "Group 4")
    number = db.execute("SELECT COUNT(*) FROM pupils").fetchone()[0]
    name = f"Kim{number}"
    make.pupil(class_id, name, password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(len(KINDS), None, KINDS, 60.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"code": code, "name": name}


def fits_every_size(
    page, screen: str, buttons: str, cards: str | None = None, shot: str | None = None, axe: bool = False
):
    """`axe`: axe-core finds nothing at each size either (issue 15.8)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        scroll, inner = page.evaluate("[document.scrollingElement.scrollHeight, window.innerHeight]")
        if scroll > inner:  # the viewport: a full-page picture would be laid out taller
            page.screenshot(path=f"/tmp/too-tall-{width}x{height}.png")
        assert scroll <= inner, f"{screen} is {scroll} px tall at {width}×{height}"
        within(boxes(page, buttons), f"a button of {screen}", (width, height))
        if cards:
            card_boxes = boxes(page, cards)
            within(card_boxes, f"a card of {screen}", (width, height))
            narrowest = min(box["width"] for box in card_boxes)
            assert narrowest >= MIN_CARD_PX, f"a card of {screen} is {narrowest} px wide at {width}×{height}"
        if axe:
            problems = violations(page)
            assert problems == [], f"axe-core on {screen} at {width}×{height}: {problems}"
        if shot:
            page.screenshot(path=str(SCREENS / f"{shot}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})


@pytest.mark.parametrize("how", ["right", "pass"])
def test_every_puzzle_feedback_and_the_end_of_the_drill_fit_each_screen(page, live_server, watch, pupil, how):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Start today's drill").click()
    seen = set()
    for number in range(len(KINDS)):
        _, puzzle = current_puzzle(page, live_server)
        seen.add(puzzle.kind)
        shown = puzzle.kind == SHOWN and how == "right"
        fits_every_size(
            page,
            f"the {puzzle.kind} puzzle",
            ".puzzle-actions button",
            ".puzzle .card-button",
            "pupil-puzzle" if shown else None,
        )
        if how == "right":
            answer(page, puzzle, "mouse")
        else:
            page.get_by_role("button", name="I don't know").click()
        expect(page.locator("[data-feedback]")).to_be_visible()
        # The feedback and the drill's end pass axe-core (the puzzle page is scanned by the tour).
        fits_every_size(
            page,
            f"the feedback on {puzzle.kind} ({how})",
            "[data-feedback] .actions .big",
            shot="pupil-feedback" if shown else None,
            axe=how == "pass" and number == 0,
        )
        if number < len(KINDS) - 1:
            page.get_by_role("button", name="Next puzzle").click()
    assert seen == set(KINDS)
    expect(page.get_by_text("Today's drill is done. Well done!").first).to_be_visible()
    fits_every_size(page, "the end of the drill", "[data-feedback] .actions .big", axe=how == "pass")
    watch.assert_clean()
