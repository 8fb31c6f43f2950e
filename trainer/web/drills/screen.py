"""What the puzzle screen needs besides the cards: a key for every card, and the instructions
of each kind (issue 5.1) in words a child reads quickly."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from trainer.engine.positions import Position
from trainer.puzzles.kinds import FOCUS_HAND
from trainer.puzzles.puzzle import MAX_HAND, MAX_TABLE, Puzzle
from trainer.puzzles.steps import tap_steps
from trainer.web.core.card_faces import card_view
from trainer.web.core.i18n import gettext as _
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
    """One short line a 7-year-old reads in a few seconds (issue 15.2); the kind's icon and
    the buttons' own words say the rest."""
    kind = puzzle.kind
    if kind == "all" and puzzle.focus != FOCUS_HAND:
        card = card_view(puzzle.focus)
        # The card is named after a colon, so no language has to inflect the colour word.
        label = _("%(color)s %(value)s", color=card["color_name"], value=card["value"])
        return _("Every combination with this card: %(card)s. Add each one, then Done.", card=label)
    if kind == "all":
        return _("Find every combination. Add each one, then Done.")
    if kind == "tweak":
        return _("Take the whole table, or press “There is none”.")
    if kind == "best":
        return _("Find the most points.")
    if kind == "joker":
        return _("Choose −1, 0 or +1, then find the most points.")
    return _("Find one combination, fast!")


# The points reminder (R2) as small cards with their worth: a red card, a 5, the red 5, any
# other card; the action card won by a TWEAK is drawn apart in the template.
POINT_EXAMPLES = ("R3a", "B5", "R5", "G2a")


def points_reminder(puzzle: Puzzle) -> dict | None:
    """For the kinds scored by points: the cards to draw and the sentence that says the same,
    for screen readers and for reading aloud."""
    if puzzle.kind not in ("best", "joker"):
        return None
    return {
        "cards": [(card, card_view(card)["points"]) for card in POINT_EXAMPLES],
        "sentence": _(
            "Points: a red card is worth 3, a 5 is worth 4, the red 5 is worth 5, "
            "any other card 1. A TWEAK also wins an action card worth 2."
        ),
    }


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
