"""A kind look back for the child after a round (issue 15.7): one or two of their own turns
where a capture or a TWEAK was there (R5.2, R5.3), each with its running sum (R5.4).

Chosen from the teacher's move analysis (trainer.games.analysis, stored per play): at most one
turn to be proud of (a TWEAK taken, else the best capture taken) and at most one turn to look
at again (a TWEAK or a capture that was there but not taken, the one worth most). Never a list
of every mistake: a child reads two lines, not a report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from trainer.engine.solver import best_capture, running_sums, solve

MOST = 2


@dataclass(frozen=True, slots=True)
class LookedBack:
    kind: str  # "made": the child took it; "missed": it was there
    turn: int  # the child's own turns counted from 1 (their 3rd play is 3)
    target: int
    cards: tuple[str, ...]  # the hand card first, then the table cards
    steps: tuple[tuple[int, int], ...]  # (value, running sum) pairs, R5.4
    tweak: bool


def _there(a: Mapping) -> bool:
    return bool(a.get("captures_available")) or bool(a.get("tweak_available"))


def _made(a: Mapping) -> LookedBack:
    cards = (a["play"], *a["capture"])
    return LookedBack(
        "made", a["own_turn"], a["target"], cards, tuple(running_sums(a["play"], a["capture"])), bool(a.get("tweak"))
    )


def _missed(a: Mapping) -> LookedBack | None:
    """The best capture that was there (a TWEAK first, as best_capture ranks them)."""
    captures = solve(tuple(a["hand"]), tuple(a["table"]), a["target"])
    if a.get("tweak_available") and not a.get("tweak"):
        captures = [c for c in captures if c.tweak] or captures
    best = best_capture(captures)
    if best is None:
        return None
    return LookedBack(
        "missed",
        a["own_turn"],
        a["target"],
        (best.play, *best.capture),
        tuple(running_sums(best.play, best.capture)),
        best.tweak,
    )


def look_back(analyses: Iterable[Mapping]) -> list[LookedBack]:
    """`analyses`: MoveAnalysis.to_json() of one round's plays, in order. Only turns where a
    capture or a TWEAK was there are looked at; at most MOST of them come back. A play's
    "turn" counts every player's turns; the child is told their own count."""
    there = [{**a, "own_turn": n} for n, a in enumerate(analyses, 1) if _there(a)]
    taken = [a for a in there if a.get("capture")]
    proud = max(taken, key=lambda a: (bool(a.get("tweak")), a.get("points", 0), -a["turn"]), default=None)
    passed = [a for a in there if (not a.get("capture")) or (a.get("tweak_available") and not a.get("tweak"))]
    tip = max(passed, key=lambda a: (bool(a.get("tweak_available")), a.get("best_points", 0), -a["turn"]), default=None)
    out = [_made(proud)] if proud is not None else []
    if tip is not None and tip is not proud:
        missed = _missed(tip)
        if missed is not None:
            out.append(missed)
    return sorted(out, key=lambda t: t.turn)[:MOST]
