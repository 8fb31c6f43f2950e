"""Class play's words: who sits where, and why a change was refused."""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from trainer.games.settings import PERSON
from trainer.web.games import words as game_words


def seat_names(layout: tuple[str, ...], names: dict[int, dict]) -> list[str]:
    """Every seat's name: a classmate's first name; a bot by its animal as in bot games
    ("Fox", "Fox 2": the story can tell them apart); a seat left by a child "Player n"."""
    bots = [kind for kind in layout if kind != PERSON]
    animals = iter(game_words.seat_names(bots)[1:])
    out = []
    for seat, kind in enumerate(layout):
        animal = next(animals) if kind != PERSON else None
        if seat in names:
            out.append(names[seat]["name"])
        elif animal is not None:
            out.append(animal)
        else:
            out.append(_("Player %(num)d", num=seat + 1))
    return out


def refused(code: str) -> str:
    return {
        "stale": _("Someone was quicker. Look, then try again!"),
        "held_too_long": _("The Wi-Fi was away for a long time, so that move did not count. "
                           "Look at the table and make your move again."),
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


def round_ended(number: int, names: list[str], points: list[int]) -> str:
    """What a child who did not see a round end is told first (issue 46.4): its result, each
    child's own points (games.fair), in seat order (no ranking)."""
    each = [ngettext("%(name)s: %(num)d point", "%(name)s: %(num)d points", n, name=name)
            for name, n in zip(names, points)]
    return _("Round %(num)d ended. %(points)s.", num=number, points=", ".join(each))
