"""A child who plays by the keyboard and hears the board (issue 49): the letter keys a card
announces (aria-keyshortcuts), Enter to take, P to put down, and a recorder on the board's live
region (role "status") that keeps each text it says, as a screen reader would hear it."""

from __future__ import annotations

import re
from itertools import combinations

SAY_WITHIN_MS = 2000
MOST_KEYS = 4
COLOURS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}

# Keeps every text the live region says, with the page's time (performance.now()).
RECORD = """live => {
  window.said = [];
  new MutationObserver(() => {
    const text = live.textContent.replace(/\\s+/g, " ").trim();
    if (text) window.said.push([performance.now(), text]);
  }).observe(live, {childList: true, subtree: true, characterData: true});
}"""


def live_region(page):
    """The board's live region: the last status on the page (it follows the board)."""
    live = page.get_by_role("status").last
    live.evaluate(RECORD)
    return live


def said_since(page, start):
    return [(t, text) for t, text in page.evaluate("window.said") if t >= start]


def now(page):
    return page.evaluate("performance.now()")


def cards_by_role(page, role, where):
    """{card name ("red 4"): key} of the cards a child can choose, from their names."""
    out = {}
    for card in page.get_by_role(role, name=re.compile(rf", {where}")).all():
        name = card.get_attribute("aria-label") or ""
        out[name.split(",")[0]] = card.get_attribute("aria-keyshortcuts")
    return out


def value(name):
    return int(name.split()[-1])


def keys_for_a_turn(target, hand, table):
    """A capture of at most two table cards by the letters (then Enter), else a card put down (P)."""
    for size in (1, 2):
        for h, h_key in hand.items():
            for taken in combinations(table.items(), size):
                if value(h) + sum(value(n) for n, _k in taken) == target:
                    return [h_key, *(k for _n, k in taken), "Enter"]
    return [next(iter(hand.values())), "P"]


def magic_number(page):
    return int(re.search(r"\d+", page.get_by_role("heading", level=1).first.inner_text()).group())
