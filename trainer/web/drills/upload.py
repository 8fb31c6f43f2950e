"""A teacher's puzzle file, read for the upload page: every bad line reported, in the teacher's
language, and nothing stored unless every line is right.

trainer.puzzles.loader stops at the first bad line (right for `trainer puzzles import`); here
each line is checked on its own so the teacher can fix them all in one go. The loader's
messages are English (the command line's language, FORMATS.md); their codes are put into the
teacher's language by trainer.web.drills.problems."""
from __future__ import annotations

from flask_babel import gettext as _

from trainer.puzzles.loader import PuzzleFileError, parse_puzzle_lines
from trainer.puzzles.puzzle import Puzzle
from trainer.web.drills.problems import problem_text

MAX_ERRORS = 50       # a wrong file (a CSV, a Word document) must not make a page of 10,000 rows


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
            errors.append((number, problem_text(err)))
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
