"""A puzzle's problem in the teacher's language: the same words for a line of an uploaded file
and for a position built in the editor (trainer.web.worksheets).

The pure layer gives each problem a code and its parameters (docs/puzzles.md, "Problem
codes"); the common ones are worded here, the rare ones (a stated answer that is not the
solver's, a forged id) keep their English detail inside a translated sentence."""

from __future__ import annotations

from collections.abc import Callable

from trainer.web.core.i18n import gettext as _


def _captures_nothing(p: dict) -> str:
    if p["focus"] != "hand":
        return _(
            "%(card)s captures nothing at target %(target)s: choose another card or the whole hand.",
            card=p["focus"],
            target=p["target"],
        )
    return _("Nothing can be captured at target %(target)s, so there is nothing to find.", target=p["target"])


def _number_range(p: dict) -> str:
    low, high = (format(p[k], "g") for k in ("low", "high"))
    return _("%(field)s must be a number from %(low)s to %(high)s.", field=p["field"], low=low, high=high)


# Each code's words from its parameters; a function each, so that the words are looked up in the
# language of the request that shows them.
_WORDING: dict[str, Callable[[dict], str]] = {
    "not_json": lambda p: _("This line is not valid JSON: check the brackets, commas and quotes."),
    "same_as_line": lambda p: _("This is the same puzzle as line %(line)s.", line=p["line"]),
    "unknown_card": lambda p: _("Unknown card %(card)s. Card ids look like R1a, O5, B3b.", card=p["card"]),
    "card_twice": lambda p: _("Card %(card)s appears twice.", card=p["card"]),
    "missing_field": lambda p: _("The line has no %(field)s.", field=p["field"]),
    "target_not_whole": lambda p: _("The target must be a whole number."),
    "target_range": lambda p: _("The target must be from %(low)s to %(high)s.", low=p["low"], high=p["high"]),
    "hand_size": lambda p: _("The hand must hold 1 to %(high)s cards.", high=p["high"]),
    "table_size": lambda p: _("The table must hold 1 to %(high)s cards.", high=p["high"]),
    "unknown_kind": lambda p: _("Unknown kind of puzzle. The kinds are all, tweak, best, joker and quick."),
    "captures_nothing": _captures_nothing,
    "too_many_answers": lambda p: _(
        "%(found)s combinations are too many: an all puzzle asks for at most %(high)s.",
        found=p["found"],
        high=p["high"],
    ),
    "too_many_right": lambda p: _(
        "%(found)s right combinations are too many for an answer key: a puzzle has at most %(high)s.",
        found=p["found"],
        high=p["high"],
    ),
    "focus_not_in_hand": lambda p: _("The focus card %(card)s is not in the hand.", card=p["card"]),
    "unknown_field": lambda p: _("Unknown field %(field)s.", field=p["field"]),
    "number_range": _number_range,
}


def problem_text(error) -> str:
    """`error` is a PuzzleError, PositionError or PuzzleFileError (code, params, message)."""
    wording = _WORDING.get(error.code)
    if wording is not None:
        return wording(error.params)
    return _("This line is not a puzzle we can use (%(detail)s).", detail=error.message)
