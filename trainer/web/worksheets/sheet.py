"""A worksheet laid out for A4 paper: puzzles put into pages here, the answer key worded.

Pages are made on the server rather than left to the browser's page breaks, so that every
puzzle is known to sit whole on one page: each puzzle's height is estimated from what it holds,
in millimetres (the print CSS in static/css/worksheets.css gives every part a fixed height that
these constants mirror), and puzzles fill a page two by two while their rows fit.
tests/browser/test_worksheets.py prints the sheet to PDF and checks that each page holds the
puzzles given to it, and that no puzzle is taller than its estimate."""

from __future__ import annotations

import math
from dataclasses import dataclass

from trainer.puzzles.kinds import FOCUS_HAND
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.worksheet import AnswerKey, answer_key, writing_lines
from trainer.web.core.card_faces import card_view
from trainer.web.core.i18n import gettext as _
from trainer.web.drills.feedback import capture_note
from trainer.web.drills.sums import sum_text

# Millimetres, as in static/css/worksheets.css.
PAGE_HEIGHT = 297 - 2 * 12  # A4 less the @page margins
PAGE_HEAD = 16  # title, name line and sheet code
ROW_GAP = 4
BOX_FIXED = 2 * 2.5 + 2 * 0.4 + 7 + 12  # padding, border, heading (number, target), instruction (3 lines)
CARD_ROW = 14.5  # one row of cards (13.5 mm cards and the gap)
CARDS_PER_ROW = 6
WRITING_LINE = 7.5
EXTRA_LINE = 6  # the Joker's −1 0 +1, or "there is none"


def box_height(puzzle: Puzzle) -> float:
    """An upper bound of the puzzle's printed height in mm."""
    rows = math.ceil(len(puzzle.position.table) / CARDS_PER_ROW) + 1  # the hand is one row
    extra = EXTRA_LINE if puzzle.kind in ("joker", "tweak") else 0
    return BOX_FIXED + rows * CARD_ROW + writing_lines(puzzle) * WRITING_LINE + extra


def paginate(puzzles: list[Puzzle]) -> list[list[Puzzle]]:
    """Pages of puzzles in sheet order, two to a row, as many rows as fit under the page head."""
    pages: list[list[Puzzle]] = []
    page: list[Puzzle] = []
    used = 0.0
    for start in range(0, len(puzzles), 2):
        row = puzzles[start : start + 2]
        height = max(map(box_height, row)) + (ROW_GAP if page else 0)
        if page and used + height > PAGE_HEIGHT - PAGE_HEAD:
            pages.append(page)
            page, used = [], 0.0
            height -= ROW_GAP
        page.extend(row)
        used += height
    if page:
        pages.append(page)
    return pages


def instruction(puzzle: Puzzle) -> str:
    """What to write, on paper."""
    if puzzle.kind == "all" and puzzle.focus != FOCUS_HAND:
        card = card_view(puzzle.focus)
        label = _("%(color)s %(value)s", color=card["color_name"], value=card["value"])
        return _("Write every combination with this card from your hand: %(card)s.", card=label)
    if puzzle.kind == "all":
        return _("Write every combination your hand can make.")
    if puzzle.kind == "tweak":
        return _("Write the combination that takes the whole table: a TWEAK! Or tick “There is none”.")
    if puzzle.kind == "best":
        return _("Write the combination worth the most points.")
    if puzzle.kind == "joker":
        return _(
            "A Joker: the target may go 1 down or 1 up. Tick −1, 0 or +1 and write the "
            "combination worth the most points."
        )
    return _("Write one combination.")


@dataclass(frozen=True)
class KeyLine:
    cards: tuple[str, ...]
    text: str  # "4 plus 3 is 7, plus 2 is 9"
    note: str  # the Joker's move, a TWEAK, the points


@dataclass(frozen=True)
class KeyEntry:
    number: int
    target: int
    lines: tuple[KeyLine, ...]
    none: bool  # a `tweak` puzzle whose answer is "there is none"
    any_one: bool  # every line is right on its own (all kinds but `all`)


def key_entry(number: int, puzzle: Puzzle) -> KeyEntry:
    key: AnswerKey = answer_key(puzzle)
    lines = []
    for c in key.captures:
        notes = [capture_note(c.target, puzzle.position.target, c.tweak)]
        if puzzle.kind in ("best", "joker"):
            notes.append(_("%(points)d points", points=c.worth))
        lines.append(KeyLine((c.play, *c.capture), sum_text(c.steps), "; ".join(n for n in notes if n)))
    return KeyEntry(number, puzzle.position.target, tuple(lines), key.none, puzzle.kind != "all" and len(lines) > 1)


def title_text(title: dict, kind_names) -> str:
    """What a stored sheet was made from, in the reader's language."""
    if "set" in title:
        return _("Puzzle set: %(name)s", name=title["set"])
    kinds = ", ".join(str(kind_names[k]) for k in title.get("kinds", ()) if k in kind_names)
    band = band_names().get(title.get("band"), "")
    return _("%(kinds)s · %(band)s · seed %(seed)s", kinds=kinds, band=band, seed=title.get("seed", ""))


def band_names() -> dict[str, str]:
    return {"easy": _("easy"), "class": _("as the class"), "hard": _("hard")}
