"""School days and windows of days for the dashboard. Only `school_today` reads the clock
(through trainer.web.core.school_day); the rest takes its days as arguments. What a school
day is belongs to the streak rule (trainer.puzzles.streaks).

`day` columns hold the school's local date as YYYY-MM-DD (issue 5), so ISO strings compare in
date order and windows are plain string ranges.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from trainer.puzzles.streaks import is_school_day
from trainer.web.core import school_day

WEEK = 7


def school_today() -> date:
    """The school's date, from the same clock that stamps `attempts.day`
    (trainer.web.core.school_day, which honours TIMEZONE)."""
    return school_day.today()


def iso(day: date) -> str:
    return day.isoformat()


def parse_day(text: str) -> date:
    return date.fromisoformat(text)


def window(last: date, days: int) -> tuple[str, str]:
    """The `days` days ending with `last`, as an inclusive ISO range."""
    return iso(last - timedelta(days=days - 1)), iso(last)


def school_days_between(earlier: date, later: date) -> int:
    """School days strictly after `earlier` and strictly before `later` (today is still open)."""
    count, day = 0, earlier + timedelta(days=1)
    while day < later:
        count += is_school_day(day)
        day += timedelta(days=1)
    return count


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def days_in(first: date, last: date) -> list[date]:
    return [first + timedelta(days=i) for i in range((last - first).days + 1)]


def local_day(stamp: str) -> date | None:
    """A stored UTC timestamp (ISO) as the school's date, or None when it is not one."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return school_day.local_date(moment)
