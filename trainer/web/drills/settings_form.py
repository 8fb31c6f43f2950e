"""The teacher's drill form (issue 5.5) read into DrillSettings (trainer.puzzles.drill_settings),
with a translated message per wrong field; the ranges here are the form's bounds."""

from __future__ import annotations

from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import typed_whole_number

PUZZLES_RANGE = (1, 50)
MINUTES_RANGE = (1, 30)
TIME_LIMIT_S_RANGE = (5, 120)
EXTRA_TIME_RANGE = (0, 120)


def _whole_number(text: str | None, bounds: tuple[int, int]) -> int | None:
    """A whole number inside bounds, or None. Typed numbers like "20.0" or " 7 " count."""
    value = typed_whole_number(text)
    low, high = bounds
    return value if value is not None and low <= value <= high else None


def parse_form(form) -> tuple[DrillSettings | None, dict[str, str]]:
    """The teacher's drill form -> settings, or None and a message per field that is wrong."""
    errors: dict[str, str] = {}
    mode = form.get("mode")
    puzzles = minutes = None
    if mode == "puzzles":
        puzzles = _whole_number(form.get("puzzles"), PUZZLES_RANGE)
        if puzzles is None:
            errors["puzzles"] = _(
                "Choose a number of puzzles from %(low)d to %(high)d.", low=PUZZLES_RANGE[0], high=PUZZLES_RANGE[1]
            )
    elif mode == "minutes":
        minutes = _whole_number(form.get("minutes"), MINUTES_RANGE)
        if minutes is None:
            errors["minutes"] = _(
                "Choose a number of minutes from %(low)d to %(high)d.", low=MINUTES_RANGE[0], high=MINUTES_RANGE[1]
            )
    else:
        errors["mode"] = _("Choose a number of puzzles or a number of minutes.")
    chosen = form.getlist("kinds") if hasattr(form, "getlist") else form.get("kinds", [])
    kinds = tuple(k for k in KINDS if k in chosen)
    if not kinds or len(set(chosen)) != len(kinds):
        errors["kinds"] = _("Choose at least one kind of puzzle.")
    limit = _whole_number(form.get("time_limit"), TIME_LIMIT_S_RANGE)
    if limit is None:
        errors["time_limit"] = _(
            "Choose a time limit from %(low)d to %(high)d seconds.",
            low=TIME_LIMIT_S_RANGE[0],
            high=TIME_LIMIT_S_RANGE[1],
        )
    if errors:
        return None, errors
    return DrillSettings(puzzles, minutes, kinds, float(limit)), {}


def parse_extra_time(text: str | None) -> int | None:
    """Extra seconds per puzzle for one pupil (0 to 120), or None when it is not that."""
    if text is None or not text.strip():
        return 0
    return _whole_number(text, EXTRA_TIME_RANGE)
