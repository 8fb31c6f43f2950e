"""The teacher's puzzle editor (issue 20), pure: the cards tapped onto the table and into the
hand, a target and a kind become a puzzle through exactly the checks an uploaded line goes
through (`parse_puzzle`, docs/puzzles.md), or a problem whose code and parameters the page puts
into the teacher's language, the same words an upload gets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.puzzles.kinds import FOCUS_HAND, PuzzleError
from trainer.puzzles.puzzle import Puzzle, parse_puzzle
from trainer.puzzles.worksheet import AnswerKey, answer_key


@dataclass(frozen=True)
class Draft:
    """Either a puzzle with its answer key, or the first problem that stops it being one."""

    puzzle: Puzzle | None
    key: AnswerKey | None
    problem: PuzzleError | None  # .code, .params; .message in English


def draft_puzzle(
    table: Sequence[str], hand: Sequence[str], target: object, kind: str, focus: str = FOCUS_HAND
) -> Draft:
    """Check what the teacher has built so far. The draft is the upload line
    {"target", "table", "hand", "kind", "focus"} (a Joker for kind `joker`, R7.2); table order is
    kept, since the call names table cards in table order (R5.4)."""
    line = {"target": target, "table": list(table), "hand": list(hand), "kind": kind, "focus": focus}
    try:
        puzzle = parse_puzzle(line)
    except PuzzleError as problem:
        return Draft(None, None, problem)
    return Draft(puzzle, answer_key(puzzle), None)
