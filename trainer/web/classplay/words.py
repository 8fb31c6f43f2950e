"""Class play's words: why a change at a table was refused. The board's words (who sits where,
how a round ended) are the games' (trainer.web.games.words), shared with the family table."""

from __future__ import annotations

from trainer.web.core.i18n import gettext as _


def refused(code: str) -> str:
    return {
        "stale": _("Someone was quicker. Look, then try again!"),
        "held_too_long": _(
            "The Wi-Fi was away for a long time, so that move did not count. "
            "Look at the table and make your move again."
        ),
        "already_seated": _("You already sit at a table. Finish that game first."),
        "not_open": _("This game has already started."),
        "full": _("This table is full. Open a table of your own!"),
        "need_two": _("Wait until at least two children sit at the table."),
        "not_opener": _("Only the child who opened the table can start the game."),
        "not_seated": _("You do not sit at this table."),
        "not_playing": _("This game is not being played now."),
        "gone": _("This table is gone."),
        "too_many_bots": _("Too many bots. Wait for more classmates."),
        "settings": _("Choose the players and the game again."),
    }.get(code, _("That did not work. Try again."))
