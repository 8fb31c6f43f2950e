"""A puzzle: a position, a kind, a focus, and the solver's captures that count as right.

`make_puzzle` builds one and checks it is a fair question; `parse_puzzle` reads the JSON of
docs/puzzles.md (a position of FORMATS.md plus optional keys) strictly, with messages that a
teacher can act on."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, replace

from trainer.engine.positions import POSITION_KEYS, Position, PositionError, parse_position
from trainer.engine.solver import Capture
from trainer.puzzles.features import (
    DIFFICULTY_RANGE,
    Features,
    default_time_limit,
    features_of,
    initial_difficulty,
)
from trainer.puzzles.kinds import FOCUS_HAND, KINDS, PuzzleError, all_captures, answer_for, unknown_kind

MAX_HAND = 3  # R6.1: a hand holds at most 3 cards
MAX_TABLE = 12  # what fits on a pupil's screen
MAX_ALL_ANSWERS = 10  # an `all` puzzle asks for at most this many combinations
# Any puzzle's right answers: its key prints them all, its feedback shows them, the bank stores
# them. Twelve low cards and three in the hand hold 1,672 captures of 12, a 2 MB editor page
# (issue 45); no puzzle of the seeds or of the generator's tables (2 to 8 cards) comes near.
MAX_RIGHT_ANSWERS = 60
TARGET_RANGE = (2, 30)
TIME_LIMIT_RANGE = (3.0, 300.0)

PUZZLE_KEYS = {"kind", "focus", "note", "position", "id", "answer", "difficulty", "time_limit", "features"}


@dataclass(frozen=True)
class Puzzle:
    id: str  # kind + content hash of (kind, target, cards, focus, joker)
    kind: str  # one of KINDS
    position: Position  # joker is True exactly for kind `joker`
    focus: str  # `all`: a hand card or "hand"; other kinds: "hand"
    answer: tuple[Capture, ...]  # the captures that count as right (empty: `tweak` with none)
    time_limit: float  # seconds, a default the drill may change
    difficulty: float  # starting rating (features.initial_difficulty)
    features: Features
    note: str = ""  # a teacher's remark; not part of the id

    @property
    def none_is_right(self) -> bool:
        """A `tweak` puzzle whose right answer is "there is none"."""
        return not self.answer

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "kind": self.kind,
            "focus": self.focus,
            "position": self.position.to_json(),
            "answer": [c.to_json() for c in self.answer],
            "difficulty": self.difficulty,
            "time_limit": self.time_limit,
            "features": self.features.to_json(),
        }
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        return parse_puzzle(data)

    def estimated(self) -> "Puzzle":
        """This puzzle with the starting difficulty and time limit its features give, whatever
        a file said: what a teacher's upload is stored with (docs/puzzles.md, "Whose puzzles").
        A file's numbers would be anyone's say over what other children are served."""
        return replace(self, difficulty=initial_difficulty(self.features), time_limit=default_time_limit(self.features))


def puzzle_id(kind: str, position: Position, focus: str) -> str:
    """Content hash: the same cards in another order are the same puzzle."""
    content = {
        "kind": kind,
        "target": position.target,
        "table": sorted(position.table),
        "hand": sorted(position.hand),
        "focus": focus,
        "joker": position.joker,
    }
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    return f"{kind}-{digest[:12]}"


def make_puzzle(
    kind: str,
    position: Position,
    focus: str = FOCUS_HAND,
    note: str = "",
    time_limit: float | None = None,
    difficulty: float | None = None,
) -> Puzzle:
    """A checked puzzle; PuzzleError says what makes it unfair or impossible."""
    if kind not in KINDS:
        raise unknown_kind(kind)
    if kind == "joker" and not position.joker:
        position = Position(position.target, position.table, position.hand, True)
    if position.joker and kind != "joker":
        raise PuzzleError(f'"joker": true belongs to kind joker, not {kind}', "joker_wrong_kind", kind=kind)
    _check_sizes(position)
    _check_focus(kind, position, focus)
    captures = all_captures(position)
    answer = answer_for(kind, position, focus, captures)
    _check_answer_size(kind, position, focus, answer)
    features = features_of(kind, position, captures, answer)
    if time_limit is None:
        time_limit = default_time_limit(features)
    if difficulty is None:
        difficulty = initial_difficulty(features)
    return Puzzle(
        puzzle_id(kind, position, focus),
        kind,
        position,
        focus,
        answer,
        float(time_limit),
        float(difficulty),
        features,
        note,
    )


def _check_sizes(position: Position) -> None:
    low, high = TARGET_RANGE
    if not low <= position.target <= high:
        raise PuzzleError(
            f"target {position.target} is out of range: use {low} to {high}",
            "target_range",
            target=position.target,
            low=low,
            high=high,
        )
    if not 1 <= len(position.hand) <= MAX_HAND:
        raise PuzzleError(
            f"the hand must hold 1 to {MAX_HAND} cards (R6.1), not {len(position.hand)}",
            "hand_size",
            count=len(position.hand),
            high=MAX_HAND,
        )
    if not 1 <= len(position.table) <= MAX_TABLE:
        raise PuzzleError(
            f"the table must hold 1 to {MAX_TABLE} cards, not {len(position.table)}",
            "table_size",
            count=len(position.table),
            high=MAX_TABLE,
        )


def _check_focus(kind: str, position: Position, focus: str) -> None:
    if focus == FOCUS_HAND:
        return
    if kind != "all":
        raise PuzzleError(
            f"focus is for kind all; a {kind} puzzle is about the whole hand", "focus_wrong_kind", kind=kind
        )
    if focus not in position.hand:
        raise PuzzleError(
            f'focus {focus!r} is not in the hand (use a hand card or "hand")', "focus_not_in_hand", card=focus
        )


def _check_answer_size(kind: str, position: Position, focus: str, answer: tuple[Capture, ...]) -> None:
    """At least one right capture (none may be right only for `tweak`), and few enough to tap
    and to print in an answer key."""
    if not answer and kind != "tweak":
        who = focus if focus != FOCUS_HAND else "the hand"
        raise PuzzleError(
            f"{who} captures nothing at target {position.target}: a {kind} puzzle needs at least one capture",
            "captures_nothing",
            focus=focus,
            target=position.target,
            kind=kind,
        )
    if kind == "all" and len(answer) > MAX_ALL_ANSWERS:
        raise PuzzleError(
            f"{len(answer)} combinations are too many to tap: an all puzzle asks for at most {MAX_ALL_ANSWERS}",
            "too_many_answers",
            found=len(answer),
            high=MAX_ALL_ANSWERS,
        )
    if len(answer) > MAX_RIGHT_ANSWERS:
        raise PuzzleError(
            f"{len(answer)} right combinations are too many for an answer key: "
            f"a puzzle has at most {MAX_RIGHT_ANSWERS}",
            "too_many_right",
            found=len(answer),
            high=MAX_RIGHT_ANSWERS,
        )


def parse_puzzle(data: object) -> Puzzle:
    """One puzzle from JSON: a FORMATS.md position (flat, or under "position") plus optional
    "kind" (default: joker if "joker" is true, else all), "focus", "note", "time_limit" and
    "difficulty" (overrides). "id" and "answer", when given (as `trainer puzzles` prints
    them), must agree with what the solver finds; "features" is recomputed."""
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle must be a JSON object: a position with target, table and hand", "not_object")
    extra = sorted(set(data) - PUZZLE_KEYS - POSITION_KEYS)
    if extra:
        raise PuzzleError(
            f"unknown field {extra[0]!r} (a puzzle has target, table, hand, joker, "
            f"kind, focus, note, time_limit, difficulty)",
            "unknown_field",
            field=extra[0],
        )
    try:
        position = parse_position(_raw_position(data))
    except PositionError as err:
        raise PuzzleError(err.message, err.code, **err.params) from None
    kind = data.get("kind", "joker" if position.joker else "all")
    if not isinstance(kind, str) or kind not in KINDS:
        raise unknown_kind(kind)
    focus = data.get("focus", FOCUS_HAND)
    if not isinstance(focus, str):
        raise PuzzleError('focus must be a hand card id or "hand"', "focus_type")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise PuzzleError("note must be text", "note_type")
    time_limit = _number(data, "time_limit", TIME_LIMIT_RANGE)
    difficulty = _number(data, "difficulty", DIFFICULTY_RANGE)
    puzzle = make_puzzle(kind, position, focus, note, time_limit, difficulty)
    if "id" in data and data["id"] != puzzle.id:
        raise PuzzleError(
            f"id {data['id']!r} does not match the content (expected {puzzle.id})", "id_mismatch", expected=puzzle.id
        )
    if "answer" in data:
        _check_answer(data["answer"], puzzle)
    return puzzle


def _raw_position(data: dict) -> object:
    """The position's fields: flat in the puzzle, or all of them under "position"."""
    if "position" not in data:
        return {k: v for k, v in data.items() if k in POSITION_KEYS}
    clash = sorted(set(data) & POSITION_KEYS)
    if clash:
        raise PuzzleError(f'{clash[0]!r} is given both inside and outside "position"', "field_twice", field=clash[0])
    return data["position"]


def _number(data: dict, key: str, bounds: tuple[float, float]) -> float | None:
    if key not in data:
        return None
    value = data[key]
    low, high = bounds
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise PuzzleError(
            f"{key} must be a number from {low:g} to {high:g}, not {value!r}",
            "number_range",
            field=key,
            low=low,
            high=high,
        )
    return float(value)


def _check_answer(given: object, puzzle: Puzzle) -> None:
    """A stated answer must be exactly the solver's right captures (order free)."""
    if not isinstance(given, list) or not all(isinstance(c, dict) for c in given):
        raise PuzzleError("answer must be a list of captures as the solver prints them", "answer_format")
    try:
        stated = {(c["target"], c["play"], frozenset(c["capture"])) for c in given}
    except (KeyError, TypeError):
        raise PuzzleError("each answer capture needs target, play and capture", "answer_format") from None
    solver = {(c.target, c.play, frozenset(c.capture)) for c in puzzle.answer}
    if stated != solver or len(given) != len(puzzle.answer):
        missing = len(solver - stated)
        wrong = len(stated - solver)
        raise PuzzleError(
            f"answer does not match the solver ({missing} right capture(s) missing, {wrong} listed that do not count)",
            "answer_mismatch",
            missing=missing,
            wrong=wrong,
        )
