"""One stored attempt as the teacher sees it: the puzzle as it was shown, what the pupil entered
(right, or wrong and why), what they missed, the time and the result.

Built from the row's JSON (`submitted`, `outcome`, `taps`) defensively: a row the page cannot
read shows what it can, never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.puzzles.puzzle import Puzzle, parse_puzzle
from trainer.puzzles.timing import HELD_TOO_LONG


@dataclass(frozen=True)
class Entry:
    cards: tuple[str, ...]  # played card first
    none: bool  # "there is none"
    delta: int
    right: bool
    reason: str | None  # grading code when wrong
    total: int | None  # what the cards add up to


@dataclass(frozen=True)
class AttemptView:
    id: str
    answered_at: float
    day: str
    kind: str
    puzzle: Puzzle | None
    entries: tuple[Entry, ...]
    missed: tuple[tuple[str, ...], ...]  # right combinations not found, played card first
    result: str  # "right", "partly", "wrong", "passed"
    credit: float | None
    believed_ms: int | None
    time_limit_s: float
    too_fast: bool
    held_too_long: bool  # kept on a tablet past a Wi-Fi drop: counted for nothing
    rated: bool
    taps: tuple[tuple[str, bool], ...]  # (card, taken back) in the order tapped
    rating_before: float | None
    rating_after: float | None
    at_home: bool = False  # answered in a home session (issue 37.1)


def _json(text, default):
    if text is None:
        return default
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return default


def _key(play, capture, delta=0):
    return (play, frozenset(capture or ()), delta or 0)


def _entries(submitted, grade: dict, puzzle: Puzzle | None) -> tuple[Entry, ...]:
    target = puzzle.position.target if puzzle else None
    right = set()
    for c in grade.get("right", []):
        if isinstance(c, dict):
            delta = (c.get("target", target) - target) if target is not None else 0
            right.add(_key(c.get("play"), c.get("capture"), delta))
    wrong = {}
    for w in grade.get("wrong", []):
        combo = w.get("combination", {}) if isinstance(w, dict) else {}
        key = ("none",) if combo.get("none") else _key(combo.get("play"), combo.get("capture"), combo.get("delta"))
        wrong[key] = w
    value = card_table().value
    out = []
    for c in submitted if isinstance(submitted, list) else []:
        if not isinstance(c, dict):
            continue
        if c.get("none"):
            refused = ("none",) in wrong
            out.append(Entry((), True, 0, not refused, "there_is_one" if refused else None, None))
            continue
        play, capture = c.get("play"), c.get("capture") or []
        if not isinstance(play, str) or not isinstance(capture, list):
            continue
        cards = tuple(x for x in (play, *capture) if isinstance(x, str))
        key = _key(play, capture, c.get("delta"))
        w = wrong.get(key)
        total = sum(value.get(x, 0) for x in cards) if all(x in value for x in cards) else None
        out.append(
            Entry(cards, False, c.get("delta") or 0, key in right and w is None, w.get("reason") if w else None, total)
        )
    return tuple(out)


def _taps(events) -> tuple[tuple[str, bool], ...]:  # noqa: C901 - one branch per event action
    """The page's event log (docs/drills.md: `{"ms", "action", "card"?, ...}`; actions tap,
    untap, add, clear, ...) as the cards tapped, in order, each marked when it was taken back."""
    if not isinstance(events, list):
        return ()
    known = card_table().value
    taps: list[list] = []
    added = 0  # taps up to here went into combinations already entered
    for event in events:
        if not isinstance(event, dict):
            continue
        action, card = event.get("action"), event.get("card")
        if action == "tap" and card in known:
            taps.append([card, False])
        elif action == "untap":
            for tap in reversed(taps[added:]):
                if tap[0] == card and not tap[1]:
                    tap[1] = True
                    break
        elif action == "clear":
            for tap in taps[added:]:
                tap[1] = True
        elif action == "add":
            added = len(taps)
    return tuple((card, back) for card, back in taps)


def attempt_view(row: dict) -> AttemptView:
    try:
        puzzle = parse_puzzle(json.loads(row["puzzle_data"])) if row.get("puzzle_data") else None
    except (TypeError, ValueError):
        puzzle = None
    outcome = _json(row.get("outcome"), {})
    outcome = outcome if isinstance(outcome, dict) else {}
    grade = outcome.get("grade") if isinstance(outcome.get("grade"), dict) else {}
    submitted = _json(row.get("submitted"), [])
    missed = tuple(
        tuple(x for x in (c.get("play"), *(c.get("capture") or ())) if isinstance(x, str))
        for c in grade.get("missed", [])
        if isinstance(c, dict)
    )
    correct, credit = bool(row.get("correct")), row.get("credit")
    if outcome.get("passed") or (not submitted and not correct):
        result = "passed"
    elif correct:
        result = "right"
    elif credit:
        result = "partly"
    else:
        result = "wrong"
    flags = _json(row.get("flags"), [])
    flags = flags if isinstance(flags, list) else [str(flags)]
    tapped = _taps(_json(row.get("taps"), []))
    return AttemptView(
        id=row["id"],
        answered_at=row["answered_at"],
        day=row["day"],
        kind=row["kind"],
        puzzle=puzzle,
        entries=_entries(submitted, grade, puzzle),
        missed=missed,
        result=result,
        credit=credit,
        believed_ms=row.get("believed_ms"),
        time_limit_s=row["time_limit_s"],
        too_fast="faster_than_tapping" in flags,
        held_too_long=HELD_TOO_LONG in flags,
        rated=outcome.get("rated", True) is not False,
        taps=tapped,
        rating_before=row.get("pupil_rating_before"),
        rating_after=row.get("pupil_rating_after"),
        at_home=bool(row.get("at_home")),
    )
