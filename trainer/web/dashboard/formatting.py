"""Numbers, times and dates as the page's language writes them (Flask-Babel), as Jinja filters."""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_skeleton
from flask_babel import format_date, format_datetime, format_decimal, format_percent, get_locale

from trainer.web.core.i18n import gettext as _, ngettext

DASH = "–"


def percent(value: float | None) -> str:
    return DASH if value is None else format_percent(value)


def points_change(points: float | None) -> str:
    """Percentage points, signed, e.g. "+6 points"."""
    if points is None:
        return DASH
    rounded = round(points)
    if rounded == 0:
        return _("no change")
    sign = "+" if rounded > 0 else "−"
    return ngettext("%(sign)s%(num)d point", "%(sign)s%(num)d points", abs(rounded), sign=sign)


def seconds(ms: float | None) -> str:
    if ms is None:
        return DASH
    return _("%(seconds)s s", seconds=format_decimal(ms / 1000, format="#,##0.0"))


def speed_change(ms: float | None) -> str:
    """A change in median time in words: faster or slower, never a bare sign."""
    if ms is None:
        return DASH
    amount = format_decimal(abs(ms) / 1000, format="#,##0.0")
    if round(abs(ms) / 100) == 0:
        return _("no change")
    if ms < 0:
        return _("%(seconds)s s faster", seconds=amount)
    return _("%(seconds)s s slower", seconds=amount)


def rating(value: float | None) -> str:
    return DASH if value is None else format_decimal(value, format="#,##0.00")


def game_level(level) -> str:
    """A pupil's game level (trainer.games.game_level.GameLevel), e.g. "42 of 100"."""
    if level is None:
        return DASH
    if level.beyond_dial:
        return _("100 of 100, stronger than the Casual bot")
    return _("%(points)d of 100", points=level.points)


def number(value) -> str:
    return DASH if value is None else format_decimal(value)


def day(value) -> str:
    if value is None:
        return DASH
    if isinstance(value, str):
        value = date.fromisoformat(value)
    return format_date(value, format="medium")


def short_day(value) -> str:
    """Day and month only, for chart axes ("3 Nov", "3. Nov.", "3.11.")."""
    if isinstance(value, str):
        value = date.fromisoformat(value)
    return format_skeleton("MMMd", value, locale=get_locale())


def when(epoch: float | None) -> str:
    """An epoch time on the server's local clock: the same clock that dates `attempts.day`."""
    if epoch is None:
        return DASH
    return format_datetime(datetime.fromtimestamp(epoch), format="short", rebase=False)


FILTERS = {
    "percent": percent,
    "points_change": points_change,
    "seconds": seconds,
    "speed_change": speed_change,
    "rating": rating,
    "number": number,
    "day": day,
    "short_day": short_day,
    "when": when,
    "game_level": game_level,
}
