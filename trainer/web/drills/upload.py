"""A teacher's puzzle file, read for the upload page: every bad line reported, in the teacher's
language, and nothing stored unless every line is right.

trainer.puzzles.loader stops at the first bad line (right for `trainer puzzles import`); here
each line is checked on its own so the teacher can fix them all in one go. The loader's
messages are English (the command line's language, FORMATS.md); the common ones are put into
the teacher's language here, the rare ones keep their English detail inside a translated
sentence."""
from __future__ import annotations

import re

from flask_babel import gettext as _

from trainer.puzzles.loader import PuzzleFileError, parse_puzzle_lines
from trainer.puzzles.puzzle import Puzzle

MAX_ERRORS = 50       # a wrong file (a CSV, a Word document) must not make a page of 10,000 rows


def _rules():
    return (
        (r"^not valid JSON", lambda m: _("This line is not valid JSON: check the brackets, commas and quotes.")),
        (r"^the same puzzle as line (\d+)", lambda m: _("This is the same puzzle as line %(line)s.", line=m[1])),
        (r"^unknown card '(.*)' in", lambda m: _("Unknown card %(card)s. Card ids look like R1a, O5, B3b.",
                                                card=m[1])),
        (r"^unknown card (.*) in", lambda m: _("Unknown card %(card)s. Card ids look like R1a, O5, B3b.",
                                              card=m[1])),
        (r"^card (\S+) appears twice", lambda m: _("Card %(card)s appears twice.", card=m[1])),
        (r"^the position has no '(\w+)'", lambda m: _("The line has no %(field)s.", field=m[1])),
        (r"^target must be a whole number", lambda m: _("The target must be a whole number.")),
        (r"^target -?\d+ is out of range: use (\d+) to (\d+)",
         lambda m: _("The target must be from %(low)s to %(high)s.", low=m[1], high=m[2])),
        (r"^the hand must hold 1 to (\d+) cards", lambda m: _("The hand must hold 1 to %(high)s cards.", high=m[1])),
        (r"^the table must hold 1 to (\d+) cards",
         lambda m: _("The table must hold 1 to %(high)s cards.", high=m[1])),
        (r"^unknown puzzle kind", lambda m: _("Unknown kind of puzzle. The kinds are all, tweak, best, joker and quick.")),
        (r"captures nothing at target (\d+)",
         lambda m: _("Nothing can be captured at target %(target)s, so there is nothing to find.", target=m[1])),
        (r"^(\d+) combinations are too many to tap: an all puzzle asks for at most (\d+)",
         lambda m: _("%(found)s combinations are too many: an all puzzle asks for at most %(high)s.",
                     found=m[1], high=m[2])),
        (r"^focus '(.*)' is not in the hand",
         lambda m: _("The focus card %(card)s is not in the hand.", card=m[1])),
        (r"^unknown field '(.*?)'", lambda m: _("Unknown field %(field)s.", field=m[1])),
        (r"^(time_limit|difficulty) must be a number from (\S+) to (\S+),",
         lambda m: _("%(field)s must be a number from %(low)s to %(high)s.", field=m[1], low=m[2], high=m[3])),
    )


def teacher_message(message: str) -> str:
    for pattern, say in _rules():
        match = re.search(pattern, message)
        if match:
            return say(match)
    return _("This line is not a puzzle we can use (%(detail)s).", detail=message)


def read_upload(data: bytes) -> tuple[list[Puzzle], list[tuple[int, str]]]:
    """(puzzles, errors as (line, message)); the puzzles count only when errors is empty."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        return [], [(line, _("This is not a text file in UTF-8. Save it as plain text (JSON Lines) and try again."))]
    puzzles: list[Puzzle] = []
    errors: list[tuple[int, str]] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            (puzzle,) = parse_puzzle_lines([line])
        except PuzzleFileError as err:
            errors.append((number, teacher_message(err.message)))
        else:
            if puzzle.id in first_line:
                errors.append((number, _("This is the same puzzle as line %(line)s.", line=first_line[puzzle.id])))
            else:
                first_line[puzzle.id] = number
                puzzles.append(puzzle)
        if len(errors) >= MAX_ERRORS:
            break
    if not puzzles and not errors:
        errors.append((0, _("The file has no puzzles in it.")))
    return puzzles, errors
