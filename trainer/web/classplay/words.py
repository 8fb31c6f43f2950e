"""Class play's words: who sits where, and why a change was refused."""
from __future__ import annotations

from flask_babel import gettext as _

from trainer.web.games import words as game_words


def seat_name(seat: int, layout: tuple[str, ...], names: dict[int, dict]) -> str:
    """A classmate's first name, or the bot's level; a seat left by a pupil is "a player"."""
    if seat in names:
        return names[seat]["name"]
    if layout and layout[seat] != "pupil":
        return _("Bot (%(level)s)", level=game_words.level_name(layout[seat]))
    return _("Player %(num)d", num=seat + 1)


def refused(code: str) -> str:
    return {
        "stale": _("Something changed at the table before your move arrived. Look again and "
                   "make your move."),
        "already_seated": _("You already sit at a table. Finish that game first."),
        "not_open": _("This game has already started."),
        "full": _("This table is full. Open a table of your own!"),
        "need_two": _("Wait until at least two children sit at the table."),
        "not_opener": _("Only the child who opened the table can start the game."),
        "not_seated": _("You do not sit at this table."),
        "not_playing": _("This game is not being played now."),
        "gone": _("This table is gone."),
        "too_many_bots": _("Your class allows fewer bots. Wait for more classmates."),
        "settings": _("Choose the seats and the game again."),
    }.get(code, _("That did not work. Try again."))
