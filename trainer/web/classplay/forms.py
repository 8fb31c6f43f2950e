"""Reading class play's forms: a new table and a child's move. Anything a browser can post is
turned into settings or a move, or refused with a code; nothing here raises anything else."""
from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, Move, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import unused_action_cards
from trainer.engine.state import Phase
from trainer.games.service import GameError
from trainer.games.settings import FITTED, LENGTHS, ClassLimits
from trainer.games.table import MAX_SEATS, MIN_SEATS, TableGame
from trainer.web.core.numbers import whole_number

KINDS = ("take", "lay", "discard", "joker", "thief", "shifter", "bomb", "next")
MAX_CARDS = 12        # more table cards than a round can hold is not a move


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


def move_from_form(form, game: TableGame, seat: int) -> Move:
    """The move the child asked for. Raises GameError with a friendly code; whether it is
    allowed is for the game service to say (it refuses without changing anything)."""
    state = game.state
    cards = card_table()
    kind = form.get("kind", "")
    if state.phase is Phase.DISCARD and state.current_player == seat and kind != "discard":
        raise GameError("give_up_a_card")      # R7.4: the Bomb's card comes first
    if kind in ("take", "lay"):
        hand = form.get("hand", "")
        if not cards.is_numeric(hand):
            raise GameError("pick_hand")
        if kind == "lay":
            return Play(hand)
        take = tuple(c for c in form.getlist("take")[:MAX_CARDS] if cards.is_numeric(c))
        if not take or len(set(take)) != len(take):
            raise GameError("pick_table")     # D5: a hand card alone never captures
        return Play(hand, take)
    if kind == "discard":
        card = form.get("card", "")
        if not cards.is_numeric(card):
            raise GameError("bad_move")
        return Discard(card)
    if kind not in ("joker", "thief", "shifter", "bomb"):
        raise GameError("bad_move")
    card = _own_unused(game, seat, kind)
    if kind == "joker":
        delta = form.get("delta", "")
        if delta not in ("1", "-1", "+1"):
            raise GameError("bad_move")
        return UseJoker(card, int(delta))
    if kind == "thief":
        victim = whole_number(form.get("victim", ""), 1)
        if victim is None or victim >= state.players:
            raise GameError("bad_move")
        return UseThief(card, victim)
    return UseShifter(card) if kind == "shifter" else UseBomb(card)


def _own_unused(game: TableGame, seat: int, kind: str) -> str:
    """The child's first unused card of that kind: two of a kind do the same (R7)."""
    kinds = card_table().action_kind
    for card in unused_action_cards(game.state.owned[seat], game.state.used[seat]):
        if kinds[card] == kind:
            return card
    raise GameError("action_not_allowed")
