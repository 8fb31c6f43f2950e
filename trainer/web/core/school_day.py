"""The server's clock and the school's date, in one place so tests can move them.

`day` columns hold the school's local date: a drill done at 08:30 belongs to that school day
wherever UTC is. The server's local time zone is the school's unless TIMEZONE names another
(an IANA name such as "Europe/Amsterdam")."""

from __future__ import annotations

import time
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app, has_app_context


def now() -> float:
    """Epoch seconds, as the attempts table stores issue and answer times."""
    return time.time()


def _zone():
    name = current_app.config.get("TIMEZONE") if has_app_context() else None
    try:
        return ZoneInfo(name) if name else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def today() -> date:
    zone = _zone()
    return datetime.now(zone).date() if zone else datetime.now().astimezone().date()


def local_date(moment: datetime) -> date:
    """The school's date at an aware moment (a stored UTC timestamp)."""
    zone = _zone()
    return moment.astimezone(zone).date() if zone else moment.astimezone().date()


def local_now() -> datetime:
    """The school's wall-clock time now (from now(), so tests that move the clock move it too):
    home practice's opening hours are read on it."""
    zone = _zone()
    moment = datetime.fromtimestamp(now(), zone) if zone else datetime.fromtimestamp(now()).astimezone()
    return moment


def local_time(moment: float) -> datetime:
    """An epoch moment on the school's wall clock (the time a school login was started)."""
    zone = _zone()
    return datetime.fromtimestamp(moment, zone) if zone else datetime.fromtimestamp(moment).astimezone()
