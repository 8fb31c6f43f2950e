"""The tests' clock (issue 44): a test whose expectation depends on the date or the hour sets
them itself, and the suite can be run as if it were any day of the year.

`time-machine` moves time.time, datetime.now and date.today in every thread of the test
process (the live server's threads included), so the app's own clock
(trainer.web.core.school_day) and the store's `time.time()` defaults move together. Processes the
tests start (`trainer` commands, the push channel, Chromium) keep the machine's clock; a test
that needs their clock moved says so in the process's own terms.

Moments carry the school's zone (Europe/Amsterdam, a zone with daylight-saving changes):
time-machine then sets TZ too, so `datetime.now().astimezone()` reads the school's wall clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import time_machine

SCHOOL_ZONE = ZoneInfo("Europe/Amsterdam")


def at(year: int, month: int, day: int, hour: int = 10, minute: int = 0, second: int = 0) -> datetime:
    """A wall-clock moment in the school's zone."""
    return datetime(year, month, day, hour, minute, second, tzinfo=SCHOOL_ZONE)


# A Wednesday in term, mid-morning: what a test means by "a school day" unless it says more.
SCHOOL_MORNING = at(2026, 3, 11, 10, 0)

# The days that break date code (issue 44.2). `make test` runs the date-sensitive tests again
# under "sunday"; `make test-days` under every one of them.
DAYS: dict[str, datetime] = {
    "weekday": SCHOOL_MORNING,
    "saturday": at(2026, 3, 14, 10, 0),
    "sunday": at(2026, 3, 15, 10, 0),
    "new-years-eve": at(2026, 12, 31, 23, 59, 30),
    "leap-day": at(2028, 2, 29, 10, 0),
    # Europe's summer time starts on the last Sunday of March (02:00 -> 03:00) and ends on the
    # last Sunday of October (03:00 -> 02:00): a day of 23 and a day of 25 hours.
    "summer-time-0030": at(2027, 3, 28, 0, 30),
    "summer-time-2330": at(2027, 3, 28, 23, 30),
    "winter-time-0030": at(2026, 10, 25, 0, 30),
    "winter-time-2330": at(2026, 10, 25, 23, 30),
}


def moment(name: str) -> datetime:
    """A name from DAYS or an ISO moment ("2026-12-06T10:00+01:00"; naive means the school's zone)."""
    if name in DAYS:
        return DAYS[name]
    try:
        parsed = datetime.fromisoformat(name)
    except ValueError:
        raise ValueError(f"not a day the suite knows ({', '.join(DAYS)}) nor an ISO moment: {name!r}") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=SCHOOL_ZONE)


class Clock:
    """A test's clock, stopped at a moment it names: `set` jumps, `advance` lets time pass.
    Time stands still between calls, so what a test reads is what it set."""

    def __init__(self, start: datetime = SCHOOL_MORNING):
        self._travel = time_machine.travel(start, tick=False)
        self._coordinates = None

    def __enter__(self) -> Clock:
        self._coordinates = self._travel.start()
        return self

    def __exit__(self, *exc) -> None:
        self._travel.stop()

    def set(self, when: datetime) -> None:
        self._coordinates.move_to(when)

    def advance(self, seconds: float = 0, **delta) -> None:
        self._coordinates.shift(timedelta(seconds=seconds, **delta))

    def now(self) -> datetime:
        return datetime.now(SCHOOL_ZONE)
