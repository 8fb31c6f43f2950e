""" "Check our table"'s words (issue 37.5): a tried capture's verdict as a child reads it,
the sum in figures first ("4 + 3 = 7, not 9")."""

from __future__ import annotations

from trainer.games.table_check import Verdict
from trainer.web.core.i18n import gettext as _, ngettext


def _figures(values) -> str:
    return " + ".join(map(str, values))


def _targets(targets) -> str:
    # With a Joker three sums count (R7.2): "8, 9 or 10".
    if len(targets) == 1:
        return str(targets[0])
    return _("%(some)s or %(last)d", some=", ".join(map(str, targets[:-1])), last=targets[-1])


def verdict(v: Verdict) -> str:
    if v.code == "no_hand_card":
        return _("A capture needs one card from the hand.")
    if v.code == "two_hand_cards":
        return _("Only one card from the hand may be played in a turn.")
    if v.code == "no_table_card":
        return _("A hand card alone never captures: take at least one card from the table.")
    if v.code == "wrong_sum":
        return _(
            "%(sum)s = %(total)d, not %(target)s.", sum=_figures(v.values), total=v.total, target=_targets(v.targets)
        )
    line = f"{_figures(v.values)} = {v.total}"
    points = ngettext("%(num)d point", "%(num)d points", v.points)
    if v.tweak:
        return _("%(sum)s: that works, and it is a TWEAK! %(points)s and an action card.", sum=line, points=points)
    return _("%(sum)s: that works! %(points)s.", sum=line, points=points)


def problem(code: str, params: dict) -> str:
    if code == "hand_size":
        return ngettext("A hand holds at most %(num)d card.", "A hand holds at most %(num)d cards.", params["most"])
    if code == "table_size":
        return ngettext(
            "Put at most %(num)d card on the table.", "Put at most %(num)d cards on the table.", params["most"]
        )
    return _("Tap the magic number.")
