"""A puzzle's problem in the teacher's language: the same words for a line of an uploaded file
and for a position built in the editor (trainer.web.worksheets).

The pure layer gives each problem a code and its parameters (docs/puzzles.md, "Problem
codes"); the common ones are worded here, the rare ones (a stated answer that is not the
solver's, a forged id) keep their English detail inside a translated sentence."""
from __future__ import annotations

from flask_babel import gettext as _


def _worded(code: str, p: dict) -> str | None:
    if code == "not_json":
        return _("This line is not valid JSON: check the brackets, commas and quotes.")
    if code == "same_as_line":
        return _("This is the same puzzle as line %(line)s.", line=p["line"])
    if code == "unknown_card":
        return _("Unknown card %(card)s. Card ids look like R1a, O5, B3b.", card=p["card"])
    if code == "card_twice":
        return _("Card %(card)s appears twice.", card=p["card"])
    if code == "missing_field":
        return _("The line has no %(field)s.", field=p["field"])
    if code == "target_not_whole":
        return _("The target must be a whole number.")
    if code == "target_range":
        return _("The target must be from %(low)s to %(high)s.", low=p["low"], high=p["high"])
    if code == "hand_size":
        return _("The hand must hold 1 to %(high)s cards.", high=p["high"])
    if code == "table_size":
        return _("The table must hold 1 to %(high)s cards.", high=p["high"])
    if code == "unknown_kind":
        return _("Unknown kind of puzzle. The kinds are all, tweak, best, joker and quick.")
    if code == "captures_nothing" and p["focus"] != "hand":
        return _("%(card)s captures nothing at target %(target)s: choose another card or the whole hand.",
                 card=p["focus"], target=p["target"])
    if code == "captures_nothing":
        return _("Nothing can be captured at target %(target)s, so there is nothing to find.", target=p["target"])
    if code == "too_many_answers":
        return _("%(found)s combinations are too many: an all puzzle asks for at most %(high)s.",
                 found=p["found"], high=p["high"])
    if code == "too_many_right":
        return _("%(found)s right combinations are too many for an answer key: a puzzle has at most %(high)s.",
                 found=p["found"], high=p["high"])
    if code == "focus_not_in_hand":
        return _("The focus card %(card)s is not in the hand.", card=p["card"])
    if code == "unknown_field":
        return _("Unknown field %(field)s.", field=p["field"])
    if code == "number_range":
        low, high = (format(p[k], "g") for k in ("low", "high"))
        return _("%(field)s must be a number from %(low)s to %(high)s.", field=p["field"], low=low, high=high)
    return None


def problem_text(error) -> str:
    """`error` is a PuzzleError, PositionError or PuzzleFileError (code, params, message)."""
    worded = _worded(error.code, error.params)
    if worded is not None:
        return worded
    return _("This line is not a puzzle we can use (%(detail)s).", detail=error.message)
