"""What the pupil reads after a puzzle (issue 5.6): every right combination called out as a
running sum, the ones missed, anything wrong and why, and the time. Short and encouraging.

Everything comes from the stored outcome, so a resubmitted answer shows the first answer's
feedback, exactly as it was graded."""

from __future__ import annotations

from dataclasses import dataclass, field
from zlib import crc32

from flask_babel import format_decimal

from trainer.puzzles import grading
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.steps import tap_steps
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.drills.sums import sum_text

SHOW_MISSED = 3  # a `quick` puzzle may have ten captures: a few examples, and the screen fits a phone


@dataclass(frozen=True)
class Called:
    cards: tuple[str, ...]
    text: str  # the running sum in words
    note: str = ""  # "TWEAK!", "with the Joker: +1", or why it is wrong


@dataclass(frozen=True)
class Feedback:
    heading: str
    message: str
    correct: bool
    right: list[Called] = field(default_factory=list)
    missed: list[Called] = field(default_factory=list)
    missed_more: int = 0
    wrong: list[Called] = field(default_factory=list)
    seconds: str | None = None


def capture_note(target: int, printed_target: int, tweak: bool) -> str:
    """What to say beside a capture's running sum: the Joker's move (R7.2), a TWEAK (R5.3).
    Also the worksheets' answer key (trainer.web.worksheets)."""
    notes = []
    delta = target - printed_target
    if delta:
        signed = "+1" if delta > 0 else "−1"
        notes.append(_("with the Joker: %(delta)s, so the target is %(target)d", delta=signed, target=target))
    if tweak:
        notes.append(_("TWEAK: the whole table!"))
    return "; ".join(notes)


def _called(capture: dict, puzzle: Puzzle) -> Called:
    cards = (capture["play"], *capture["capture"])
    return Called(
        cards, sum_text(tap_steps(cards)), capture_note(capture["target"], puzzle.position.target, capture["tweak"])
    )


def _why(wrong: dict, puzzle: Puzzle) -> str:
    reason, total, target = wrong["reason"], wrong["total"], wrong["target"]
    if reason == grading.WRONG_SUM:
        return _("Your cards make %(total)d, not %(target)d.", total=total, target=target)
    if reason == grading.NO_TABLE_CARD:
        return _("A card from your hand needs at least one card from the table.")
    if reason == grading.NOT_FOCUS:
        return _("Right sum, but this puzzle was about another card from your hand.")
    if reason == grading.NOT_TWEAK:
        return _("Right sum, but it leaves cards on the table: not a TWEAK.")
    if reason == grading.NOT_BEST:
        return _("Right sum, but another combination is worth more points.")
    if reason == grading.THERE_IS_ONE:
        return _("There was one!")
    return _("These cards cannot go together: one card from your hand and cards from the table.")


def _headline(puzzle: Puzzle, outcome: dict, attempt_id: str) -> tuple[str, str]:
    grade = outcome["grade"]
    ending = outcome.get("ending")
    if grade["correct"]:
        cheers = (_("Well done!"), _("Great!"), _("Super!"))
        heading = cheers[crc32(attempt_id.encode()) % len(cheers)]
        if grade["said_none"]:
            return heading, _("Right: there is no TWEAK here.")
        if puzzle.kind == "all" and len(puzzle.answer) > 1:
            return heading, _("You found them all.")
        return heading, _("That is right.")
    if ending in ("time_up", "abandoned") and not grade["right"]:
        return _("Time's up!"), _("Here is what you could have taken. Next time you will be quicker.")
    if outcome.get("passed"):
        return _("No problem!"), _("Here is the answer. Now you know one more.")
    if puzzle.kind == "all" and grade["right"]:
        total = len(puzzle.answer)
        return _("Good work!"), ngettext(
            "You found %(found)d of %(num)d combination.",
            "You found %(found)d of %(num)d combinations.",
            total,
            found=len(grade["right"]),
        )
    return _("Not quite."), _("Have a look at the answer below.")


def feedback(attempt: dict, puzzle: Puzzle) -> Feedback:
    outcome = attempt["outcome"]
    grade = outcome["grade"]
    heading, message = _headline(puzzle, outcome, attempt["id"])
    missed = [_called(c, puzzle) for c in grade["missed"]]
    wrong = []
    for entry in grade["wrong"]:
        combination = entry["combination"]
        if combination.get("none"):
            wrong.append(Called((), _("There is none."), _why(entry, puzzle)))
            continue
        cards = (combination["play"], *combination["capture"])
        known = all(c in puzzle.position.hand or c in puzzle.position.table for c in cards)
        text = sum_text(tap_steps(cards)) if known else ""
        wrong.append(Called(cards if known else (), text, _why(entry, puzzle)))
    seconds = None
    if not outcome.get("passed") and attempt["believed_ms"] is not None:
        seconds = format_decimal(attempt["believed_ms"] / 1000, format="0.0")
    return Feedback(
        heading,
        message,
        bool(grade["correct"]),
        [_called(c, puzzle) for c in grade["right"]],
        missed[:SHOW_MISSED],
        max(0, len(missed) - SHOW_MISSED),
        wrong,
        seconds,
    )
