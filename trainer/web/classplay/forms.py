"""Reading class play's forms: a new table and a child's move. Anything a browser can post is
turned into settings or a move, or refused with a code; nothing here raises anything else."""
from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.moves import Move
from trainer.games.service import Game
from trainer.games.settings import FITTED, LENGTHS, MAX_SEATS, MIN_SEATS, ClassLimits
from trainer.web.core.numbers import whole_number
from trainer.web.games import forms as game_forms
from trainer.web.games.pick import Pick

KINDS = ("take", "lay", "discard", "joker", "thief", "shifter", "bomb", "next")
MAX_CARDS = game_forms.MAX_CARDS


@dataclass(frozen=True)
class NewTable:
    seats: int
    length: str
    bot_level: str | None


def bot_levels(limits: ClassLimits) -> tuple[str, ...]:
    """The bots a class's tables may give empty seats to: its fixed levels (the fitted bot is
    fitted to one child, and a table has several)."""
    return tuple(level for level in limits.levels if level != FITTED) if limits.max_bots else ()


def new_table(form, limits: ClassLimits) -> NewTable | None:
    seats = whole_number(form.get("seats", ""), 1)
    length = form.get("length", "round")
    level = form.get("bot_level", "") or None
    if seats is None or not MIN_SEATS <= seats <= MAX_SEATS:
        return None
    if length not in LENGTHS or length not in limits.lengths:
        return None
    if level is not None and level not in bot_levels(limits):
        return None
    return NewTable(seats, length, level)


def version(form) -> int | None:
    return whole_number(form.get("version", ""), 12)


def move_key(form) -> str | None:
    """The request's move as text: the same move sent twice has the same key."""
    kind = form.get("kind", "")
    if kind not in KINDS:
        return None
    if kind == "next":
        return "next-round"
    take = sorted(c for c in form.getlist("take")[:MAX_CARDS] if isinstance(c, str))
    parts = [kind, form.get("hand", "")[:4], ",".join(c[:4] for c in take),
             form.get("card", "")[:4], form.get("delta", "")[:2], form.get("victim", "")[:1]]
    return "|".join(parts)


def move_from_form(form, game: Game, seat: int) -> Move:
    """The move the child asked for (games.forms reads it, as a bot game's): the cards the
    board posted are the child's pick. Raises GameError with a friendly code."""
    return game_forms.move_from_form(form, game.state, game_forms.posted_pick(form) or Pick(), seat)
