"""When home practice is open for a class (issue 37.1), and when the class code works (issue
47): pure, so the hours are tested with any moment, never the wall clock. The web layer hands in
the school's local time.

The rule a teacher can say in one sentence (issue 47.1): *with practice at home on, outside
school hours only the child's own home QR code logs in; the class code and the class QR work in
school hours.* The home letter so carries only the child's home QR, never the class's code.
With practice at home off, the class code works as it always did: the letter then carries no
way in at all."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

EVERY_DAY = frozenset(range(1, 8))  # ISO weekdays, Monday = 1
DEFAULT_OPENS, DEFAULT_CLOSES = time(7, 0), time(20, 0)
SCHOOL_DAYS = frozenset(range(1, 6))
SCHOOL_OPENS, SCHOOL_CLOSES = time(8, 0), time(16, 0)
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class HomeHours:
    enabled: bool = False
    opens: time = DEFAULT_OPENS
    closes: time = DEFAULT_CLOSES
    days: frozenset[int] = field(default=EVERY_DAY)
    counts: bool = True  # a home drill is the daily drill; else extra practice
    school_opens: time = SCHOOL_OPENS  # the class code and class QR work in school hours
    school_closes: time = SCHOOL_CLOSES
    school_days: frozenset[int] = field(default=SCHOOL_DAYS)

    def is_open(self, moment: datetime) -> bool:
        """Open at this local moment: switched on, on one of the days, from `opens` up to (not
        including) `closes`."""
        if not self.enabled or moment.isoweekday() not in self.days:
            return False
        return self.opens <= moment.time().replace(tzinfo=None) < self.closes

    def class_code_works(self, moment: datetime) -> bool:
        """May the class code or the class QR log a child in at this local moment? Always with
        practice at home off; with it on, only in school hours (the rule above)."""
        if not self.enabled:
            return True
        return (
            moment.isoweekday() in self.school_days
            and self.school_opens <= moment.time().replace(tzinfo=None) < self.school_closes
        )

    def days_text(self) -> str:
        return days_text(self.days)


def days_text(days: frozenset[int]) -> str:
    return "".join(str(d) for d in sorted(days))


def parse_clock(text: str) -> time | None:
    """'7:30' or '07:30' as a time; anything else None."""
    match = _CLOCK.match(text.strip()) if isinstance(text, str) else None
    return time(int(match.group(1)), int(match.group(2))) if match else None


def parse_days(text: str) -> frozenset[int]:
    """The stored days ('12345') as ISO weekdays; unknown characters are ignored."""
    return frozenset(int(ch) for ch in text if ch in "1234567")


def clock_text(value: time) -> str:
    return value.strftime("%H:%M")


def next_opening(setting: HomeHours, moment: datetime) -> datetime | None:
    """The next local moment home practice opens after `moment` (within a week), or None when
    it is off or open on no day. The "see you tomorrow" screen says when."""
    if not setting.enabled or not setting.days or setting.opens >= setting.closes:
        return None
    for ahead in range(8):
        day = (moment + timedelta(days=ahead)).date()
        opening = datetime.combine(day, setting.opens, tzinfo=moment.tzinfo)
        if day.isoweekday() in setting.days and opening > moment:
            return opening
    return None
