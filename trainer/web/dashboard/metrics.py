"""The numbers on a pupil's row and the rules that say a pupil needs attention. Pure functions.

Definitions (docs/dashboard.md):
- accuracy: the share of answers that were fully right (`attempts.correct`), the same success
  that puzzle choice aims at 75% for, so a pupil who keeps up sits near 3 in 4;
- reaction time: the median believed time of right answers whose time is believable;
- changes compare the last 7 days (today included) with the 7 days before.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from trainer.games.game_level import GameLevel
from trainer.pupils import collation
from trainer.puzzles.streaks import is_school_day, streak as pupil_streak
from trainer.web.dashboard.days import school_days_between

MIN_ANSWERS_FOR_CHANGE = 5  # fewer answers in either week: a change would be noise
FALLING_POINTS = 10  # accuracy down by this many percentage points ...
FALLING_MIN_ANSWERS = 10  # ... with at least this many answers in each week
LOW_ACCURACY = 0.5  # right less than half the time (selection aims at 75%)
IDLE_SCHOOL_DAYS = 3  # school days without any practice before a pupil is flagged
STREAK_LOOKBACK_DAYS = 400


def median(values) -> float | None:
    values = list(values)
    return float(statistics.median(values)) if values else None


def rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class Week:
    answered: int = 0
    correct: int = 0
    median_ms: float | None = None

    @property
    def accuracy(self) -> float | None:
        return rate(self.correct, self.answered)


def accuracy_change(current: Week, previous: Week) -> float | None:
    """Percentage points, or None when either week has too few answers to compare."""
    if min(current.answered, previous.answered) < MIN_ANSWERS_FOR_CHANGE:
        return None
    # Rounded so that 60% against 70% is exactly -10 points, not -9.999...
    return round((current.accuracy - previous.accuracy) * 100, 9)


def speed_change(current: Week, previous: Week) -> float | None:
    """Milliseconds (negative: faster), or None when either week has no timed right answer or
    too few answers."""
    if min(current.answered, previous.answered) < MIN_ANSWERS_FOR_CHANGE:
        return None
    if current.median_ms is None or previous.median_ms is None:
        return None
    return current.median_ms - previous.median_ms


def streak(drill_days: set[date], today: date) -> int:
    """The streak the pupil sees on their own page (trainer.puzzles.streaks, issue 5): days with a
    finished drill in a row, weekends not breaking it, today still open."""
    return pupil_streak(drill_days, today)


@dataclass(frozen=True)
class Reason:
    """Why a pupil needs attention; the page words it (trainer.web.dashboard.labels)."""

    code: str  # "idle", "never", "falling", "low"
    value: float | int | None = None


def first_drill_day(since: date) -> date:
    """The first school day on or after `since`: the first day a pupil added then could drill."""
    day = since
    while not is_school_day(day):
        day += timedelta(days=1)
    return day


def attention(
    current: Week, previous: Week, last_practice: date | None, today: date, since: date | None = None
) -> tuple[Reason, ...]:
    """`since`: the day the pupil could first practise (the later of the class's creation and
    the pupil's joining). Not practising is no worry until that day's first drill day has passed:
    a class made this morning, or a pupil added today, has had no chance yet."""
    reasons = []
    if last_practice is None:
        if since is None or first_drill_day(since) < today:
            reasons.append(Reason("never"))
    else:
        idle = school_days_between(last_practice, today)
        if idle >= IDLE_SCHOOL_DAYS:
            reasons.append(Reason("idle", idle))
    if min(current.answered, previous.answered) >= FALLING_MIN_ANSWERS:
        change = accuracy_change(current, previous)
        if change is not None and change <= -FALLING_POINTS:
            reasons.append(Reason("falling", round(-change)))
    if current.answered >= FALLING_MIN_ANSWERS and current.accuracy < LOW_ACCURACY:
        reasons.append(Reason("low", current.accuracy))
    return tuple(reasons)


DRILL_ORDER = {"none": 0, "started": 1, "done": 2}


@dataclass(frozen=True)
class PupilSummary:
    pupil_id: int
    name: str
    drill_today: str  # "done", "started" or "none"
    streak: int
    week: Week
    previous_week: Week
    rating: float | None
    rated_answers: int
    games_played: int
    capture_chances: int
    missed_captures: int
    last_practice: date | None
    reasons: tuple[Reason, ...] = field(default=())
    game_level: GameLevel | None = None  # None: no rated game yet (issue 17)
    # Class games (issue 16.6): rounds played at class tables and the analysis of the child's
    # plays there. capture_chances/missed_captures above count every game, bots' and class.
    class_rounds: int = 0
    class_tweaks: int = 0
    class_capture_chances: int = 0
    class_missed_captures: int = 0
    home_days: int = 0  # days of the last 7 with practice at home (issue 37.1)
    name_key: bytes = b""  # the name's place in the reader's order (sort_summaries)

    @property
    def accuracy_change(self) -> float | None:
        return accuracy_change(self.week, self.previous_week)

    @property
    def speed_change(self) -> float | None:
        return speed_change(self.week, self.previous_week)

    @property
    def missed_capture_rate(self) -> float | None:
        return rate(self.missed_captures, self.capture_chances)

    @property
    def needs_attention(self) -> bool:
        return bool(self.reasons)


SORT_KEYS = {
    "name": lambda s: s.name_key,
    "drill": lambda s: DRILL_ORDER[s.drill_today],
    "streak": lambda s: s.streak,
    "answers": lambda s: s.week.answered,
    "accuracy": lambda s: s.week.accuracy,
    "accuracy_change": lambda s: s.accuracy_change,
    "speed": lambda s: s.week.median_ms,
    "speed_change": lambda s: s.speed_change,
    "rating": lambda s: s.rating,
    "game_level": lambda s: s.game_level.points if s.game_level else None,
    "games": lambda s: s.games_played,
    "home": lambda s: s.home_days,
    "missed": lambda s: s.missed_capture_rate,
    "attention": lambda s: len(s.reasons),
}


def sort_summaries(rows, key: str, descending: bool, language: str | None = None) -> list[PupilSummary]:
    """Sorted by `key`; pupils without a value for it come last either way, then by name in the
    reader's `language` order (issue 47.6)."""
    get = SORT_KEYS[key]
    name_key = collation.name_key(language)
    rows = [replace(s, name_key=name_key(s.name)) for s in rows]
    by_name = sorted(rows, key=lambda s: s.name_key)
    known = [s for s in by_name if get(s) is not None]
    unknown = [s for s in by_name if get(s) is None]
    return sorted(known, key=get, reverse=descending) + unknown


def attention_first(rows) -> list[PupilSummary]:
    """The pupils who need attention, most reasons first, then by name: the overview lists the
    first few and says how many more there are."""
    return sorted((s for s in rows if s.needs_attention), key=lambda s: (-len(s.reasons), s.name_key))
