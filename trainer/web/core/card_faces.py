"""How a card is shown: value, colour name and a pattern per colour, never colour alone.

`card_face` in templates/cards/_card.html draws one; drills and games wrap it in their own
buttons. Colour names are translated here, once.
"""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from trainer.engine.cards import card_table

COLOR_NAMES = {
    "R": _l("red"),
    "O": _l("orange"),
    "Y": _l("yellow"),
    "G": _l("green"),
    "B": _l("blue"),
    "P": _l("purple"),
}
# A pattern per colour, so colour-blind children and black-and-white print-outs can tell
# them apart (CSS classes card--pattern-*).
PATTERNS = {"R": "solid", "O": "stripes", "Y": "dots", "G": "checks", "B": "waves", "P": "zigzag"}


def card_view(card_id: str) -> dict:
    cards = card_table()
    color = cards.color_of[card_id]
    return {"id": card_id, "value": cards.value[card_id], "color": color,
            "color_name": COLOR_NAMES[color], "pattern": PATTERNS[color],
            "points": cards.points[card_id]}


def init_app(app) -> None:
    app.jinja_env.globals["card_view"] = card_view
