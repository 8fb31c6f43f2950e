"""Reading class play's forms: a new table and a child's move. Anything a browser can post is
turned into settings or a move (a Claim for trainer.play.moves), or refused; nothing here
raises anything else."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.games.settings import FITTED, LENGTHS, MAX_SEATS, MIN_SEATS, ClassLimits
from trainer.play.moves import NEXT_ROUND, Claim
from trainer.web.core import outbox
from trainer.web.core.numbers import whole_number
from trainer.web.games import forms as game_forms

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


def move_key(form) -> str | None:
    """The request's move as text: the same move sent twice has the same key."""
    kind = form.get("kind", "")
    if kind not in KINDS:
        return None
    if kind == "next":
        return NEXT_ROUND
    take = sorted(c for c in form.getlist("take")[:MAX_CARDS] if isinstance(c, str))
    parts = [
        kind,
        form.get("hand", "")[:4],
        ",".join(c[:4] for c in take),
        form.get("card", "")[:4],
        form.get("delta", "")[:2],
        form.get("victim", "")[:1],
    ]
    return "|".join(parts)


def claim(form, row: dict, now: float) -> Claim | None:
    """What a table's board sent with a move: the table's version it showed, the move's key,
    the move (read as a bot game's: games.forms), the outbox's wait and the board's decision
    time; None when it names no version or no move a board can send."""
    version, key = whole_number(form.get("version", ""), 12), move_key(form)
    if version is None or key is None:
        return None
    return Claim(
        version,
        key,
        read_move=None if key == NEXT_ROUND else game_forms.reads_move(form, row),
        now=now,
        queued_ms=outbox.queued_ms(form),
        decision_ms=game_forms.decision_ms(form),
    )
