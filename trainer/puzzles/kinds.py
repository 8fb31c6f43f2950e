"""The five puzzle kinds and which of the solver's captures count as right for each (issue 5)."""

from __future__ import annotations

from functools import cache

from trainer.engine.cards import card_table
from trainer.engine.errors import CodedError
from trainer.engine.positions import Position
from trainer.engine.solver import Capture, solve

KINDS = ("all", "tweak", "best", "joker", "quick")
FOCUS_HAND = "hand"  # an `all` puzzle about the whole hand rather than one card

# Every kind except `all` is answered with one combination (`tweak` also with "there is none").
SINGLE_ANSWER_KINDS = frozenset({"tweak", "best", "joker", "quick"})


class PuzzleError(CodedError):
    """A puzzle that cannot be made: the message says why, in words a teacher understands; the
    code and parameters let a page say it in the teacher's language (a position's own problems
    keep the PositionError code)."""


@cache
def tweak_card_points() -> int:
    """What one [T!] card is worth at the end of the round (R2), from the card data."""
    cards = card_table()
    return cards.points[cards.action_ids[0]]


def worth(capture: Capture) -> int:
    """What a capture is worth to the player (R2): its cards, plus the [T!] card a TWEAK wins (R5.3).

    The solver's `points` leaves the [T!] card out (FORMATS.md); a `best` or `joker` puzzle asks
    for the capture worth most in the game, so a TWEAK counts 2 more. (The [T!] deck is assumed
    not to be empty: D6 would make the TWEAK worth its cards only.)"""
    return capture.points + (tweak_card_points() if capture.tweak else 0)


def all_captures(position: Position) -> list[Capture]:
    """The solver's captures of the position; with a Joker, those for target-1, target, target+1 (R7.2)."""
    return solve(position.hand, position.table, position.target, position.joker)


def answer_for(
    kind: str, position: Position, focus: str = FOCUS_HAND, captures: list[Capture] | None = None
) -> tuple[Capture, ...]:
    """The captures that count as right, in the solver's order.

    all   — every capture of the focus card (or of every hand card);
    tweak — every capture that takes the whole table (R5.3); empty means "there is none";
    best  — every capture of greatest worth (ties: any of them is right);
    joker — the same over the targets target-1, target, target+1 (R4.2, R7.2);
    quick — every capture: any one of them is right."""
    if captures is None:
        captures = all_captures(position)
    if kind == "all":
        if focus == FOCUS_HAND:
            return tuple(captures)
        return tuple(c for c in captures if c.play == focus)
    if kind == "tweak":
        return tuple(c for c in captures if c.tweak)
    if kind in ("best", "joker"):
        top = max(map(worth, captures), default=None)
        return tuple(c for c in captures if worth(c) == top)
    if kind == "quick":
        return tuple(captures)
    raise unknown_kind(kind)


def unknown_kind(kind: object) -> PuzzleError:
    return PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}", "unknown_kind", kind=str(kind))
