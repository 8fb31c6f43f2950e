"""How a card is shown: value, colour name and a pattern per colour, never colour alone.

`card_face` in templates/cards/_card.html draws one (with `counting_face`, the dots or ten-frame
some pupils count by); drills and games wrap it in their own buttons. Colour names are
translated here, once.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from trainer.engine.cards import card_table
from trainer.web.core.i18n import pgettext

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
# them apart (CSS classes card--pattern-*). Red's plain face was the one without (issue 49.5):
# in greyscale a plain red and a plain anything read alike.
PATTERNS = {"R": "grid", "O": "stripes", "Y": "dots", "G": "checks", "B": "waves", "P": "zigzag"}
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


# Where a die has its pips, on a 3×3 grid of columns and rows 0–2 (values 1–6).
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
CELL = 10  # one pip's or one frame cell's square, in the drawing's units


def counting_face(value: int, kind: str) -> dict:
    """A number drawn to be counted (issue 49.4), for templates/cards/_card.html to draw in SVG:
    "dots" as on a die for 1–6 and two rows (the longer on top) for 7–10; "ten-frame" two rows
    of five cells, the first `value` of them filled, read as a line of text is. `width` and
    `height` are the drawing's size; `dots` the centres of the counters, `frame` the centres of
    a ten-frame's ten cells."""
    if not 0 <= value <= 10:
        raise ValueError(f"a face counts 0 to 10, not {value}")
    if kind == "ten-frame":
        frame = [(col, row) for row in range(2) for col in range(5)]
        filled = frame[:value]
        width, height = 5 * CELL, 2 * CELL
    elif kind == "dots" and value <= 6:
        frame, filled = [], list(_PIPS.get(value, ()))
        width = height = 3 * CELL
    elif kind == "dots":
        top = (value + 1) // 2
        frame = []
        filled = [(col, 0) for col in range(top)] + [(col, 1) for col in range(value - top)]
        width, height = top * CELL, 2 * CELL
    else:
        raise ValueError(f"not a counting face: {kind!r}")

    def centre(place: tuple[int, int]) -> tuple[float, float]:
        return (place[0] * CELL + CELL / 2, place[1] * CELL + CELL / 2)

    return {
        "kind": kind,
        "width": width,
        "height": height,
        "dots": [centre(p) for p in filled],
        "frame": [centre(p) for p in frame],
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
        card_view=card_view,
        counting_face=counting_face,
        action_name=action_name,
        action_kind=action_kind,
        ACTION_NAMES=ACTION_NAMES,
    )
