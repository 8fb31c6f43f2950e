"""What the puzzle screen needs besides the cards: a key for every card, and the instructions
of each kind (issue 5.1) in words a child reads quickly."""
from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext as _l

from trainer.engine.positions import Position
from trainer.puzzles.kinds import FOCUS_HAND
from trainer.puzzles.puzzle import MAX_HAND, MAX_TABLE, Puzzle
from trainer.puzzles.steps import tap_steps
from trainer.web.core.card_faces import card_view
from trainer.web.drills.sums import sum_text

KIND_NAMES = {
    "all": _l("Find them all"),
    "tweak": _l("TWEAK or not?"),
    "best": _l("Most points"),
    "joker": _l("Joker"),
    "quick": _l("Quick!"),
}
# For the teacher's drill settings.
KIND_DESCRIPTIONS = {
    "all": _l("Find every combination of the hand, or of one hand card."),
    "tweak": _l("Find the capture that takes the whole table, or say there is none."),
    "best": _l("Find the capture worth the most points."),
    "joker": _l("Choose −1, 0 or +1 with a Joker, and find the capture worth the most points."),
    "quick": _l("Find any one capture, as fast as possible."),
}

# Letters in alphabetical order rather than by keyboard position, so that the key printed on a
# card is the key to press on any layout (QWERTY, QWERTZ, AZERTY). N is kept for "there is none".
TABLE_KEYS = "ABCDEFGHIJKL"
HAND_KEYS = "XYZ"
assert len(TABLE_KEYS) >= MAX_TABLE and len(HAND_KEYS) >= MAX_HAND and "N" not in TABLE_KEYS + HAND_KEYS


def card_keys(position: Position) -> dict[str, str]:
    keys = dict(zip(position.table, TABLE_KEYS))
    keys.update(zip(position.hand, HAND_KEYS))
    return keys


def single_answer(puzzle: Puzzle) -> bool:
    """Every kind but `all` is answered with one combination: "Check" sends it at once."""
    return puzzle.kind != "all"


def instructions(puzzle: Puzzle) -> str:
    kind = puzzle.kind
    if kind == "all" and puzzle.focus != FOCUS_HAND:
        card = card_view(puzzle.focus)
        # The card is named after a colon, so no language has to inflect the colour word.
        label = _("%(color)s %(value)s", color=card["color_name"], value=card["value"])
        return _("Find every combination with this card from your hand: %(card)s. Tap the cards of one "
                 "combination and press Add. When you have them all, press Done.", card=label)
    if kind == "all":
        return _("Find every combination your hand can make. Tap the cards of one combination and "
                 "press Add. When you have them all, press Done.")
    if kind == "tweak":
        return _("Find the combination that takes the whole table: a TWEAK! "
                 "If there is none, press “There is none”.")
    if kind == "best":
        return _("Find the combination worth the most points. Tap its cards and press Check.")
    if kind == "joker":
        return _("You have a Joker: the target may go 1 down, stay, or go 1 up. Choose −1, 0 or +1, "
                 "then find the combination worth the most points.")
    return _("Find one combination, as fast as you can! Tap its cards and press Check.")


def points_reminder(puzzle: Puzzle) -> str | None:
    if puzzle.kind not in ("best", "joker"):
        return None
    return _("Points: a red card is worth 3, a 5 is worth 4, the red 5 is worth 5, any other card 1. "
             "A TWEAK also wins an action card worth 2.")


def waiting_sum(cards) -> str:
    """The running sum of the cards tapped so far (the page without JavaScript shows it)."""
    return sum_text(tap_steps(cards))


def waiting_combos(combos) -> list[dict]:
    """Combinations entered so far, each with its cards and running sum, in the pupil's order."""
    shown = []
    for combo in combos:
        if combo.get("none"):
            continue
        cards = (combo["play"], *combo["capture"])
        shown.append({"cards": cards, "text": sum_text(tap_steps(cards)), "delta": combo.get("delta", 0)})
    return shown
