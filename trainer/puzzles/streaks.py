"""A pupil's streak: school days in a row with the daily drill done.

Decisions (issue 5.5 leaves them open):
- a day counts when that day's drill was finished;
- Saturdays and Sundays never break a streak (there is no school), but a drill done on one
  counts;
- today not done yet does not break it either: in the morning the streak still shows
  yesterday's count, and finishing today's drill adds one.
Holidays do break a streak; a teacher can say so, and a child starts again at 1."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

WEEKEND = (5, 6)  # date.weekday(): Saturday, Sunday


def is_school_day(day: date) -> bool:
    # Monday to Friday. Holidays are not known to the app; a holiday gap shows as missed days.
    return day.weekday() not in WEEKEND


def last_school_day(on: date) -> date:
    """`on` itself on a school day, else the school day before it (a Saturday's is the Friday)."""
    while not is_school_day(on):
        on -= timedelta(days=1)
    return on


def streak(days_done: Iterable[date], today: date) -> int:
    done = {d for d in days_done if d <= today}
    if not done:
        return 0
    first = min(done)
    day = today if today in done else today - timedelta(days=1)
    count = 0
    while day >= first:
        if day in done:
            count += 1
        elif is_school_day(day):
            break
        day -= timedelta(days=1)
    return count
