"""A child's turn at a class table, chosen on the page as a child chooses it (issue 16)."""

from __future__ import annotations

from playwright.sync_api import expect

from trainer.engine.solver import best_capture, solve
from trainer.engine.view import view_of


def move(page, state, seat, by_keyboard):
    """The best capture there is, else lay the first card: the cards ticked (by a tap, or by
    focus and Space), then Take or Put down (by a tap, or by focus and Enter)."""
    view = view_of(state, seat)
    best = best_capture(solve(view.hand, view.table, view.target))
    cards = [best.play, *best.capture] if best else [view.hand[0]]
    for card in cards:
        box = page.locator(f"#table input[value='{card}']")
        if by_keyboard:
            box.focus()
            page.keyboard.press("Space")
        else:
            page.locator(f"#table label.card-pick:has(input[value='{card}'])").click()
        expect(box).to_be_checked()
    button = page.get_by_role("button", name="Take" if best else "Put down", exact=True)
    if by_keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
