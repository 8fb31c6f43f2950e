"""A teacher's puzzle file, read for the upload page: every bad line reported, in the teacher's
language, and nothing stored unless every line is right.

trainer.puzzles.loader stops at the first bad line (right for `trainer puzzles import`); here
each line is checked on its own so the teacher can fix them all in one go. The loader's
messages are English (the command line's language, FORMATS.md); their codes are put into the
teacher's language by trainer.web.drills.problems."""

from __future__ import annotations

from flask import flash
from flask_babel import format_number

from trainer.puzzles.loader import PuzzleFileError, parse_puzzle_lines
from trainer.puzzles.puzzle import Puzzle
from trainer.store.puzzle_review import MAX_PER_FILE, MAX_WAITING, OverQuota, Stored
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.drills.problems import problem_text

MAX_ERRORS = 50  # a wrong file (a CSV, a Word document) must not make a page of 10,000 rows


def read_upload(data: bytes) -> tuple[list[Puzzle], list[tuple[int, str]]]:
    """(puzzles, errors as (line, message)); the puzzles count only when errors is empty."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        return [], [(line, _("This is not a text file in UTF-8. Save it as plain text (JSON Lines) and try again."))]
    lines = text.splitlines()
    given = sum(1 for line in lines if line.strip())
    if given > MAX_PER_FILE:
        # Counted before any line is solved: a flood costs the server nothing (issue 38.1).
        return [], [
            (
                0,
                _(
                    "This file has %(num)s puzzles; a file may hold at most %(most)s. Split it into smaller files.",
                    num=format_number(given),
                    most=format_number(MAX_PER_FILE),
                ),
            )
        ]
    puzzles: list[Puzzle] = []
    errors: list[tuple[int, str]] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
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


def over_quota_message(over: OverQuota) -> str:
    return _(
        "You have %(waiting)s puzzles of your own waiting for the school's puzzle bank, and at "
        "most %(most)s may wait: these %(adding)s would be too many, so none were added. Ask your "
        "school's administrator to review them.",
        waiting=format_number(over.waiting),
        most=format_number(MAX_WAITING),
        adding=format_number(over.adding),
    )


def flash_stored(checked: int, stored: Stored) -> None:
    """What an upload did, in the teacher's words: who gets the puzzles now."""
    flash(ngettext("%(num)d puzzle checked.", "%(num)d puzzles checked.", checked))
    if stored.own:
        flash(
            ngettext(
                "%(num)d new puzzle for your classes. Other classes get it once the school's "
                "administrator accepts it into the shared puzzle bank.",
                "%(num)d new puzzles for your classes. Other classes get them once the school's "
                "administrator accepts them into the shared puzzle bank.",
                stored.own,
            )
        )
    if stored.already:
        flash(ngettext("%(num)d puzzle was yours already.", "%(num)d puzzles were yours already.", stored.already))
    if stored.shared:
        flash(
            ngettext(
                "%(num)d puzzle is in the shared puzzle bank already.",
                "%(num)d puzzles are in the shared puzzle bank already.",
                stored.shared,
            )
        )
    if stored.removed:
        flash(
            ngettext(
                "%(num)d puzzle was removed by the school's administrator and is not added.",
                "%(num)d puzzles were removed by the school's administrator and are not added.",
                stored.removed,
            )
        )
