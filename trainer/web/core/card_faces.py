"""How a card is shown: value, colour name and a pattern per colour, never colour alone.

`card_face` in templates/cards/_card.html draws one; drills and games wrap it in their own
buttons. Colour names are translated here, once.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l, pgettext

from trainer.engine.cards import card_table

COLOR_NAMES = {
    "R": _l("red"),
    "O": _l("orange"),
    "Y": _l("yellow"),
    "G": _l("green"),
    "B": _l("blue"),
    "P": _l("purple"),
}
# The colour in a letter or two, for cards too small for its word (a capture's cards, the look
# back: issue 49), so a colour-blind child still reads which card it was, beside the pattern.
# Each language picks letters its six colours do not share (German gelb "Ge", grün "Gr").
COLOR_SHORT = {
    "R": lambda: pgettext("red, shortened on a small card", "R"),
    "O": lambda: pgettext("orange, shortened on a small card", "O"),
    "Y": lambda: pgettext("yellow, shortened on a small card", "Y"),
    "G": lambda: pgettext("green, shortened on a small card", "G"),
    "B": lambda: pgettext("blue, shortened on a small card", "B"),
    "P": lambda: pgettext("purple, shortened on a small card", "P"),
}
# A pattern per colour, so colour-blind children and black-and-white print-outs can tell
# them apart (CSS classes card--pattern-*).
PATTERNS = {"R": "solid", "O": "stripes", "Y": "dots", "G": "checks", "B": "waves", "P": "zigzag"}
ACTION_NAMES = {"thief": _l("Thief"), "joker": _l("Joker"), "shifter": _l("Shifter"), "bomb": _l("Bomb")}


def card_view(card_id: str) -> dict:
    cards = card_table()
    color = cards.color_of[card_id]
    return {
        "id": card_id,
        "value": cards.value[card_id],
        "color": color,
        "color_name": COLOR_NAMES[color],
        "color_short": COLOR_SHORT[color](),
        "pattern": PATTERNS[color],
        "points": cards.points[card_id],
    }


def action_kind(card_id: str) -> str:
    return card_table().action_kind[card_id]


def action_name(card_id: str) -> str:
    """An action card by its kind ("Joker"): the ids mean nothing to a child or a teacher."""
    return str(ACTION_NAMES.get(card_table().action_kind.get(card_id), card_id))


def init_app(app) -> None:
    # Registered here, once for every area: the games' boards and the dashboard's replays both
    # name action cards (tests/web/core/test_template_globals_once.py).
    app.jinja_env.globals.update(
        card_view=card_view, action_name=action_name, action_kind=action_kind, ACTION_NAMES=ACTION_NAMES
    )
