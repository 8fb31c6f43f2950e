"""The class tournament's words for the teacher (issue 16.5): why a start was refused."""

from __future__ import annotations

from trainer.web.core.i18n import gettext as _


def tournament_refused(code: str) -> str:
    return {
        "nobody": _("Tick the pupils who are here, then start."),
        "one": _("A tournament needs at least two pupils. Tick one more, or let this pupil play against the bots."),
        "running": _(
            "A tournament is already running in this class. End it first, or wait until every table has finished."
        ),
        "not_in_class": _("Only pupils of this class can be seated."),
        "seated_twice": _("A pupil was ticked twice. Please try again."),
        "already_seated": _(
            "A ticked pupil is in the middle of a game. Wait until it has finished, or untick the pupil."
        ),
        "settings": _("Choose the seating and the game length again."),
    }.get(code, _("That did not work. Try again."))
