"""Query-string parameters of the dashboard, checked. A bad one is a BadParam: the page says
what was wrong (400), it never falls over."""

from __future__ import annotations

import re

from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import whole_number as ascii_whole_number
from trainer.web.dashboard.metrics import SORT_KEYS

_EPOCH = re.compile(r"[0-9]{1,11}(\.[0-9]{1,17})?")
CLASS_PERIODS = (7, 28, 91)
PUPIL_PERIODS = (28, 91, 365)
DEFAULT_CLASS_PERIOD = 28
DEFAULT_PUPIL_PERIOD = 28
DAILY_UP_TO = 28  # longer periods are charted week by week


class BadParam(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def sort_order(args) -> tuple[str, bool]:
    key = args.get("sort", "name")
    if key not in SORT_KEYS:
        raise BadParam(_("The dashboard cannot be sorted by “%(key)s”.", key=key[:40]))
    direction = args.get("dir", "asc")
    if direction not in ("asc", "desc"):
        raise BadParam(_("The sort direction must be “asc” or “desc”."))
    return key, direction == "desc"


def period(args, allowed: tuple[int, ...], default: int) -> int:
    text = args.get("days")
    if text is None:
        return default
    days = ascii_whole_number(text, 4)
    if days not in allowed:
        raise BadParam(_("The period must be one of %(choices)s days.", choices=", ".join(map(str, allowed))))
    return days


def whole_number(args, name: str, default: int | None = None, required: bool = False) -> int | None:
    text = args.get(name)
    if text is None or text == "":
        if required:
            raise BadParam(_("The address is missing “%(name)s”.", name=name))
        return default
    value = ascii_whole_number(text)
    if value is None:
        raise BadParam(_("“%(name)s” must be a whole number.", name=name))
    return value


def epoch(args, name: str) -> float | None:
    text = args.get(name)
    if text is None or text == "":
        return None
    # ASCII digits as the page writes a stored time (repr of a float): float() alone would also
    # read "٣", "1_0", " 5" and "inf".
    value = float(text) if _EPOCH.fullmatch(text) else -1.0
    if not 0 <= value < 1e11:
        raise BadParam(_("“%(name)s” must be a time.", name=name))
    return value
