"""A daily drill through the accessibility tree only (issue 49, point 6): from the first page,
the way a child goes (I am a pupil, the class code, the name, the pictures, Start today's
drill), every control reached by its role and name and pressed with Enter, and each puzzle
answered with the keys its controls announce (aria-keyshortcuts): a card's letter, the Joker's
−/0/+, Enter to check (or to add a combination, Shift+Enter when all are found), N for "there
is none". No CSS selector, no mouse. The presses of each puzzle are counted."""

import re

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import PICTURES
from drill_helpers import CURATED, right_answer
from trainer.engine.cards import card_table
from trainer.puzzles.drill_settings import DrillSettings
from trainer.store import drills, puzzles
from web_helpers import Make

pytestmark = pytest.mark.browser

COLOURS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
# A single-answer puzzle: the Joker's key, the hand card, at most three table cards, Enter.
MOST_KEYS_SINGLE = 6


def pupil_with_a_drill(live_server, name: str) -> dict:
    """A pupil whose class's drill asks for the kinds a child answers differently: a Joker's
    key first, several combinations with Add and Done, "there is none" (quick puzzles, the
    ones a new child meets most, answer as a Joker-less "best" does)."""
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    class_id = make.klass(make.teacher(), f"{name}'s keyboard class")
    pupil_id = make.pupil(class_id, name, password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(5, None, ("all", "tweak", "best", "joker"), 60.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"id": pupil_id, "code": code, "name": name}


def card_name(card: str) -> str:
    return f"{COLOURS[card_table().color_of[card]]} {card_table().value[card]}"


def press(page, role, name):
    """A control reached by its role and name, and pressed with Enter (no mouse)."""
    control = page.get_by_role(role, name=name)
    control.focus()
    page.keyboard.press("Enter")


def shown_puzzle(page, live_server, pupil_id):
    """The puzzle on the page: the pupil's one unanswered attempt (the puzzles handed ahead
    are not stored, trainer.web.drills.ahead), read once the page shows it and its script is
    ready (its keys work once it shows the time left)."""
    expect(page.get_by_role("button", name=re.compile(r"^(Check|Add)$"))).to_be_visible()
    expect(page.get_by_role("progressbar", name="Time left")).to_be_visible()
    db = live_server.db()
    (puzzle_id,) = db.execute(
        "SELECT puzzle_id FROM attempts WHERE pupil_id = ? AND answered_at IS NULL", [pupil_id]
    ).fetchone()
    puzzle = puzzles.get(db, puzzle_id)
    db.close()
    return puzzle


def key_of(page, puzzle, card: str) -> str:
    """The letter a card announces. Two cards may have one name (two red 3s): the n-th of
    that name on the page is the n-th in the table, then the hand, as the page lists them."""
    order = [*puzzle.position.table, *puzzle.position.hand]
    nth = [c for c in order[: order.index(card)] if card_name(c) == card_name(card)]
    button = page.get_by_role("button", name=card_name(card), exact=True).nth(len(nth))
    return button.get_attribute("aria-keyshortcuts")


def shortcut(page, name) -> str:
    return page.get_by_role("button", name=name, exact=True).get_attribute("aria-keyshortcuts")


def keys_for(page, puzzle) -> list[str]:
    """The keys a child who knows the answer presses, each read from the control it presses."""
    keys = []
    for combo in right_answer(puzzle):
        if combo.get("none"):
            return [shortcut(page, "There is none")]
        if puzzle.position.joker:
            keys.append(shortcut(page, {-1: "−1", 0: "0", 1: "+1"}[combo.get("delta", 0)]))
        keys += [key_of(page, puzzle, card) for card in (combo["play"], *combo["capture"])]
        keys.append(shortcut(page, "Add" if puzzle.kind == "all" else "Check"))
    if puzzle.kind == "all":
        keys.append(shortcut(page, "Done"))
    return keys


def test_a_daily_drill_by_keyboard_through_the_accessibility_tree(page, live_server, watch):
    pupil = pupil_with_a_drill(live_server, name="Kai")
    page.goto(live_server.url + "/")
    press(page, "link", "I am a pupil")
    page.get_by_label("Class code").fill(pupil["code"])
    page.keyboard.press("Enter")
    press(page, "link", pupil["name"])
    for picture in PICTURES:
        press(page, "button", picture)
    press(page, "button", "Start today's drill")

    presses: dict[str, list[int]] = {}
    for number in range(1, 6):
        puzzle = shown_puzzle(page, live_server, pupil["id"])
        keys = keys_for(page, puzzle)
        assert all(keys), (puzzle.kind, keys)
        for key in keys:
            page.keyboard.press(key)
        presses.setdefault(puzzle.kind, []).append(len(keys))
        expect(page.get_by_role("heading", name=re.compile(r"^(Well done!|Great!|Super!)$"))).to_be_visible()
        expect(page.get_by_role("progressbar", name=f"{number} of 5 puzzles done", exact=True)).to_be_visible()
        if number < 5:
            press(page, "button", "Next puzzle")
    expect(page.get_by_text("Today's drill is done. Well done!")).to_be_visible()

    db = live_server.db()
    rows = db.execute(
        "SELECT correct, input_kind FROM attempts WHERE pupil_id = ?",
        [pupil["id"]],
    ).fetchall()
    db.close()
    assert [tuple(r) for r in rows] == [(1, "keys")] * 5
    single = [n for kind, counts in presses.items() if kind != "all" for n in counts]
    assert all(1 <= n <= MOST_KEYS_SINGLE for n in single), presses
    print("key presses per puzzle, by kind:", presses)
    watch.assert_clean()
