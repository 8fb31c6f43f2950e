"""Checking a pupil's answer: right, missed and wrong combinations, and a credit in [0, 1].

Partial credit (`all` puzzles, docs/puzzles.md): credit = max(0, (right - wrong) / total), where
right and wrong count distinct combinations and total is the number to find. Every other kind is
all or nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.engine.positions import Position
from trainer.engine.solver import Capture
from trainer.puzzles.kinds import FOCUS_HAND
from trainer.puzzles.puzzle import Puzzle

# Why a combination is wrong (the web page words these; see docs/puzzles.md).
UNKNOWN_CARD = "unknown_card"  # a card id that is not in the puzzle at all
NOT_IN_HAND = "not_in_hand"  # the played card is not a hand card
NOT_ON_TABLE = "not_on_table"  # a captured card is not on the table
CARD_TWICE = "card_twice"  # the same table card named twice
NO_TABLE_CARD = "no_table_card"  # D5: a hand card alone never captures
NO_JOKER = "no_joker"  # a Joker delta in a puzzle without a Joker
BAD_DELTA = "bad_delta"  # the Joker moves the target by -1, 0 or +1 only (R7.2)
WRONG_SUM = "wrong_sum"  # the cards do not add up to the target (R5.2)
NOT_FOCUS = "not_focus"  # a real capture, but by another card than the one asked about
NOT_TWEAK = "not_tweak"  # a real capture that leaves cards on the table (R5.3)
NOT_BEST = "not_best"  # a real capture worth less than the best
THERE_IS_ONE = "there_is_one"  # "there is none" when there is


@dataclass(frozen=True, slots=True)
class Combination:
    """One combination the pupil entered: a hand card and table cards (in any order), the
    Joker's delta for `joker` puzzles, or `none` ("there is none", for `tweak`)."""

    play: str | None
    capture: tuple[str, ...] = ()
    delta: int = 0
    none: bool = False

    @classmethod
    def there_is_none(cls) -> "Combination":
        return cls(None, (), 0, True)

    def key(self) -> tuple:
        return ("none",) if self.none else (self.play, tuple(sorted(self.capture)), self.delta)

    def to_json(self) -> dict:
        if self.none:
            return {"none": True}
        out: dict[str, object] = {"play": self.play, "capture": list(self.capture)}
        if self.delta:
            out["delta"] = self.delta
        return out

    @classmethod
    def from_json(cls, data: object) -> "Combination":
        """{"play": "G2a", "capture": ["R1a", "O3a"], "delta": 0} or {"none": true}.
        Raises ValueError on a malformed document (the web answers 400)."""
        if not isinstance(data, dict):
            raise ValueError('a combination is an object with play and capture, or {"none": true}')
        if data.get("none") is True:
            if set(data) != {"none"}:
                raise ValueError('"none" stands alone')
            return cls.there_is_none()
        extra = set(data) - {"play", "capture", "delta"}
        if extra:
            raise ValueError(f"unknown field {sorted(extra)[0]!r} in a combination")
        play, capture, delta = data.get("play"), data.get("capture", []), data.get("delta", 0)
        if not isinstance(play, str):
            raise ValueError("play must be a card id")
        if not isinstance(capture, list) or not all(isinstance(c, str) for c in capture):
            raise ValueError("capture must be a list of card ids")
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise ValueError("delta must be -1, 0 or 1")
        return cls(play, tuple(capture), delta)


@dataclass(frozen=True, slots=True)
class WrongCombination:
    combination: Combination
    reason: str
    total: int | None  # what the pupil's cards add up to (None when it cannot be said)
    target: int | None  # the target the pupil aimed at (printed target + delta)

    def to_json(self) -> dict:
        return {
            "combination": self.combination.to_json(),
            "reason": self.reason,
            "total": self.total,
            "target": self.target,
        }


@dataclass(frozen=True, slots=True)
class Grade:
    right: tuple[Capture, ...]  # right captures found, in the order entered
    missed: tuple[Capture, ...]  # right captures not found (see grade())
    wrong: tuple[WrongCombination, ...]  # in the order entered
    said_none: bool  # the pupil answered "there is none"
    correct: bool
    credit: float  # in [0, 1]
    first_right: int | None  # index into `submitted` of the first right entry

    def to_json(self) -> dict:
        return {
            "right": [c.to_json() for c in self.right],
            "missed": [c.to_json() for c in self.missed],
            "wrong": [w.to_json() for w in self.wrong],
            "said_none": self.said_none,
            "correct": self.correct,
            "credit": self.credit,
            "first_right": self.first_right,
        }


def grade(puzzle: Puzzle, submitted: Iterable[Combination | dict]) -> Grade:
    """Grade the combinations a pupil entered (Combination objects or their JSON).

    An entry repeated counts once. `all`: correct when every right capture is found and nothing
    wrong entered; credit = max(0, (right - wrong) / total); missed = the right captures not
    found. Other kinds: correct when at least one right capture (or, for a `tweak` with none,
    "there is none") is entered and nothing wrong; credit 1 or 0; missed = every right capture
    when none was found, else nothing (one is enough)."""
    entries = [c if isinstance(c, Combination) else Combination.from_json(c) for c in submitted]
    # Keyed so that an entry's key (its play None for "there is none") looks it up as it is.
    by_key: dict[tuple[int, str | None, frozenset[str]], Capture] = {
        (c.target, c.play, frozenset(c.capture)): c for c in puzzle.answer
    }
    right: list[Capture] = []
    wrong: list[WrongCombination] = []
    seen: set = set()
    said_none = False
    first_right = None
    for index, entry in enumerate(entries):
        key = entry.key()
        if key in seen:
            continue
        seen.add(key)
        if entry.none:
            said_none = True
            if puzzle.none_is_right:
                first_right = index if first_right is None else first_right
            else:
                wrong.append(WrongCombination(entry, THERE_IS_ONE, None, None))
            continue
        target = puzzle.position.target + entry.delta
        # A card named twice is never right, though its set may equal a right capture's.
        twice = len(set(entry.capture)) != len(entry.capture)
        found = None if twice else by_key.get((target, entry.play, frozenset(entry.capture)))
        if found is not None:
            right.append(found)
            first_right = index if first_right is None else first_right
        else:
            wrong.append(_why_wrong(puzzle, entry))
    found_keys = {(c.target, c.play, c.capture) for c in right}
    not_found = tuple(c for c in puzzle.answer if (c.target, c.play, c.capture) not in found_keys)
    if puzzle.kind == "all":
        total = len(puzzle.answer)
        credit = max(0.0, (len(right) - len(wrong)) / total)
        correct = not not_found and not wrong
        missed = not_found
    else:
        success = bool(right) or (said_none and puzzle.none_is_right)
        correct = success and not wrong
        credit = 1.0 if correct else 0.0
        missed = () if success else tuple(puzzle.answer)
    return Grade(tuple(right), missed, tuple(wrong), said_none, correct, credit, first_right)


def _why_wrong(puzzle: Puzzle, entry: Combination) -> WrongCombination:
    position = puzzle.position
    target = position.target + entry.delta
    assert entry.play is not None, '"there is none" is graded before its cards are'
    cards = (entry.play, *entry.capture)
    if any(c not in position.hand and c not in position.table for c in cards):
        return WrongCombination(entry, UNKNOWN_CARD, None, target)
    total = sum(card_table().value[c] for c in cards)
    reason = _broken_rule(position, entry, total, target) or _not_right_because(puzzle)
    return WrongCombination(entry, reason, total, target)


def _broken_rule(position: Position, entry: Combination, total: int, target: int) -> str | None:
    """Why the entry is no capture at all (R5.2, D5, R7.2), the first reason a child should hear;
    None for a real capture."""
    if entry.play not in position.hand:
        return NOT_IN_HAND
    if any(c not in position.table for c in entry.capture):
        return NOT_ON_TABLE
    if len(set(entry.capture)) != len(entry.capture):
        return CARD_TWICE
    if not entry.capture:
        return NO_TABLE_CARD
    if entry.delta and not position.joker:
        return NO_JOKER
    if entry.delta not in (-1, 0, 1):
        return BAD_DELTA
    if total != target:
        return WRONG_SUM
    return None


def _not_right_because(puzzle: Puzzle) -> str:
    """A real capture (R5.2) that is not one of the right ones: why."""
    if puzzle.kind == "all" and puzzle.focus != FOCUS_HAND:
        return NOT_FOCUS
    if puzzle.kind == "tweak":
        return NOT_TWEAK
    return NOT_BEST


def tapped_cards(submitted: Iterable[Combination | dict]) -> int:
    """How many taps the entries took (cards, plus one for "there is none"): for timing checks."""
    taps = 0
    for c in submitted:
        entry = c if isinstance(c, Combination) else Combination.from_json(c)
        taps += 1 if entry.none else 1 + len(entry.capture)
    return taps


__all__ = ["Combination", "WrongCombination", "Grade", "grade", "tapped_cards"]
