"""What a class's daily drill is (issue 5.5) and the time a pupil gets for one puzzle.

Pure: trainer.store.drills keeps these, trainer.web.drills.settings_form reads the teacher's
form into them."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.puzzles.features import BASE_TIME_LIMIT as DEFAULT_TIME_LIMIT
from trainer.puzzles.kinds import KINDS
from trainer.puzzles.puzzle import TIME_LIMIT_RANGE


@dataclass(frozen=True)
class DrillSettings:
    puzzles: int | None  # a drill of so many puzzles ...
    minutes: int | None  # ... or of so many minutes of answering (exactly one is set)
    kinds: tuple[str, ...]
    time_limit: float  # seconds for a puzzle with one combination to find


DEFAULT = DrillSettings(puzzles=10, minutes=None, kinds=KINDS, time_limit=float(DEFAULT_TIME_LIMIT))


# A puzzle for a child with "no timer" (issue 49.3): no countdown and nothing sent at a limit;
# this long only closes a puzzle left open (the tablet closed, the child walked away).
UNTIMED_LIMIT = 600.0


def limit_for(settings: DrillSettings, puzzle_limit: float, extra_seconds: float = 0, untimed: bool = False) -> float:
    """The seconds a pupil gets for one puzzle.

    A puzzle's own limit says how long it takes compared with the default (an `all` puzzle with
    three combinations gets 30 s where one combination gets 20 s), so the teacher's limit is
    scaled by that ratio; the pupil's extra time comes on top, whatever the puzzle. `untimed`:
    the pupil has "no timer", and the limit is only how long a puzzle may stay open."""
    if untimed:
        return UNTIMED_LIMIT
    scaled = settings.time_limit * puzzle_limit / DEFAULT_TIME_LIMIT + max(0.0, extra_seconds)
    low, high = TIME_LIMIT_RANGE
    return round(min(high, max(low, scaled)), 1)
