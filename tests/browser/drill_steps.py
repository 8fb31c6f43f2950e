"""What a child does on the puzzle page, for the browser tests that go through a drill:
find the puzzle on screen and enter its right answer by touch, mouse or keys."""

from playwright.sync_api import expect

from drill_helpers import right_answer
from trainer.puzzles.steps import tap_steps
from trainer.store import puzzles


def english_sum(cards):
    steps = tap_steps(cards)
    if len(steps) == 1:
        return str(steps[0].value)
    text = f"{steps[0].value} plus {steps[1].value} is {steps[1].total}"
    for step in steps[2:]:
        text += f", plus {step.value} is {step.total}"
    return text


def current_puzzle(page, live_server):
    page.locator("[data-puzzle][data-started]").wait_for()
    attempt_id = page.locator("input[name=attempt]").input_value()
    db = live_server.db()
    puzzle_id = db.execute("SELECT puzzle_id FROM attempts WHERE id = ?", [attempt_id]).fetchone()[0]
    puzzle = puzzles.get(db, puzzle_id)
    db.close()
    return attempt_id, puzzle


def answer(page, puzzle, how):
    """Enter the right answer as a child would, a moment between taps (0.3 s: a quick child)."""

    def press(locator, key=None):
        if how == "touch":
            locator.tap()
        elif how == "mouse":
            locator.click()
        elif key:
            page.keyboard.press(key)
        else:  # no shortcut: Tab to the button, press Enter
            locator.focus()
            page.keyboard.press("Enter")

    for combo in right_answer(puzzle):
        if combo.get("none"):
            press(page.get_by_role("button", name="There is none"), "n")
            return
        if puzzle.position.joker:
            delta = combo.get("delta", 0)
            press(page.locator(f'button[data-delta="{delta}"]'), {-1: "-", 0: "0", 1: "+"}[delta])
        cards = [combo["play"], *combo["capture"]]
        for card in cards:
            button = page.locator(f'button[data-card="{card}"]')
            press(button, button.get_attribute("data-key").lower())
            page.wait_for_timeout(300)
        expect(page.locator("[data-sum]")).to_have_text(english_sum(cards))
        if puzzle.kind == "all":
            press(page.get_by_role("button", name="Add"), "Enter")
    if puzzle.kind == "all":
        press(page.get_by_role("button", name="Done"))
    else:
        press(page.get_by_role("button", name="Check"), "Enter")
