"""Legal moves and `apply`: every rule of a turn (R5-R7, D5-D8). `apply` never edits its input."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

from trainer.engine.cards import card_table
from trainer.engine.moves import (
    ACTION_MOVE_KIND,
    ActionMove,
    Discard,
    LostTurn,
    Move,
    Play,
    UseBomb,
    UseJoker,
    UseShifter,
    UseThief,
)
from trainer.engine.solver import solve
from trainer.engine.state import HAND_SIZE, TABLE_REFILL, Phase, State


class IllegalMove(ValueError):
    """A move the rules forbid; the message names the rule it breaks."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


# ---------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Move]:
    """Every move of the player who decides now (State.current_player)."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.DISCARD:
        return [Discard(c) for c in state.hands[state.pending[0]]]
    seat = state.turn
    return moves_for(
        phase=state.phase,
        hand=state.hands[seat],
        table=state.table,
        target=state.target,
        seat=seat,
        unused=unused_action_cards(state.owned[seat], state.used[seat]),
        hand_sizes=[len(h) for h in state.hands],
        deck_size=len(state.deck),
    )


def moves_for(
    *,
    phase: Phase,
    hand: Sequence[str],
    table: Iterable[str],
    target: int,
    seat: int,
    unused: Iterable[str],
    hand_sizes: Sequence[int],
    deck_size: int,
) -> list[Move]:
    """The moves of a turn from what the player to act can see (R9), so a view gets the same list."""
    moves: list[Move] = [Play(c.play, c.capture) for c in solve(hand, table, target)]
    moves += [Play(card) for card in hand]
    if phase is Phase.START and hand:
        moves += action_moves(seat, unused, hand_sizes, deck_size)
    return moves


def unused_action_cards(owned: Iterable[str], used: Collection[str]) -> list[str]:
    return [c for c in owned if c not in used]


def action_moves(seat: int, unused: Iterable[str], hand_sizes: Sequence[int], deck_size: int) -> list[Move]:
    """One use per kind of unused action card (two Jokers do the same), where it has an effect (D8)."""
    kind_of = card_table().action_kind
    first_of_kind: dict[str, str] = {}
    for card in unused:
        first_of_kind.setdefault(kind_of[card], card)
    others = [s for s in range(len(hand_sizes)) if s != seat and hand_sizes[s] > 0]
    moves: list[Move] = []
    if "thief" in first_of_kind:
        moves += [UseThief(first_of_kind["thief"], victim) for victim in others]
    if "joker" in first_of_kind:
        moves += [UseJoker(first_of_kind["joker"], +1), UseJoker(first_of_kind["joker"], -1)]
    if "shifter" in first_of_kind and deck_size > 0:
        moves.append(UseShifter(first_of_kind["shifter"]))
    if "bomb" in first_of_kind and others:
        moves.append(UseBomb(first_of_kind["bomb"]))
    return moves


# ---------------------------------------------------------------- apply


def apply(state: State, move: Move, rng: random.Random | None = None) -> State:
    """The state after `move` by State.current_player. The RNG is needed only to draw a Thief's
    card when the move does not name it (R7.1)."""
    if state.phase is Phase.OVER:
        raise IllegalMove("R6.4", "the round is over")
    if isinstance(move, Play):
        return _play(state, move)
    if isinstance(move, Discard):
        return _discard(state, move)
    if type(move) in ACTION_MOVE_KIND:
        return _use_action(state, move, rng)
    raise TypeError(f"not a move: {move!r}")


def _play(state: State, move: Play) -> State:
    if state.phase is Phase.DISCARD:
        raise IllegalMove("R7.4", f"seat {state.pending[0]} must first give up a card to the Bomb")
    seat = state.turn
    hand = state.hands[seat]
    if move.card not in hand:
        raise IllegalMove("R5.2", f"{move.card} is not in the hand of seat {seat}")
    table = state.table
    new_hand = _without(hand, move.card)
    won = state.won
    owned = state.owned
    tweak_deck = state.tweak_deck
    if move.capture:
        taken = move.capture
        if len(set(taken)) != len(taken):
            raise IllegalMove("R5.2", "a table card is named twice in the capture")
        missing = [c for c in taken if c not in table]
        if missing:
            raise IllegalMove("R5.2", f"{missing[0]} is not on the table")
        value = card_table().value
        total = value[move.card] + sum(value[c] for c in taken)
        if total != state.target:
            raise IllegalMove("R5.2", f"capture adds up to {total}, not the target {state.target}")
        taken_set = set(taken)
        remaining = tuple(c for c in table if c not in taken_set)
        won = _replace_at(won, seat, won[seat] + (move.card,) + taken)
        if not remaining and tweak_deck:
            # R5.3 TWEAK: the whole table, so the top [T!] card (none left: D6).
            owned = _replace_at(owned, seat, owned[seat] + (tweak_deck[0],))
            tweak_deck = tweak_deck[1:]
        table = remaining
    else:
        table = table + (move.card,)
    hands = _replace_at(state.hands, seat, new_hand)
    return _end_turn(state, seat, hands, table, won, owned, tweak_deck, state.log + ((seat, move),))


def _end_turn(
    state: State,
    seat: int,
    hands: tuple[tuple[str, ...], ...],
    table: tuple[str, ...],
    won: tuple[tuple[str, ...], ...],
    owned: tuple[tuple[str, ...], ...],
    tweak_deck: tuple[str, ...],
    log: tuple,
) -> State:
    """R6.1 draw to three, R6.2 refill an empty table, then pass on, losing turns per D7."""
    deck = state.deck
    hands, deck, table = _refill(hands, deck, table, seat)
    n = len(hands)
    nxt = (seat + 1) % n
    phase = Phase.START
    while not hands[nxt]:
        if not deck and not any(hands):
            phase = Phase.OVER  # R6.4
            break
        log = log + ((nxt, LostTurn(nxt)),)
        hands, deck, table = _refill(hands, deck, table, nxt)
        nxt = (nxt + 1) % n
    return State(
        state.setup, deck, tweak_deck, table, hands, won, owned, state.used, nxt, phase, 0, (), log, state.turns + 1
    )


def _refill(hands, deck, table, seat):
    short = HAND_SIZE - len(hands[seat])
    if short > 0 and deck:
        hands = _replace_at(hands, seat, hands[seat] + deck[:short])
        deck = deck[short:]
    if not table and deck:
        table = deck[:TABLE_REFILL]
        deck = deck[TABLE_REFILL:]
    return hands, deck, table


def _use_action(state: State, move: ActionMove, rng: random.Random | None) -> State:
    seat = state.turn
    _check_action_card(state, seat, move)
    hands, deck, table, delta = state.hands, state.deck, state.table, 0
    pending: tuple[int, ...] = ()
    phase = Phase.PLAY
    if isinstance(move, UseThief):
        victim, stolen = move.victim, _stolen_card(state, seat, move, rng)
        move = UseThief(move.card, victim, stolen)
        hands = _replace_at(hands, victim, _without(hands[victim], stolen))
        table = table + (stolen,)
    elif isinstance(move, UseJoker):
        if move.delta not in (1, -1):
            raise IllegalMove("R7.2", "a Joker moves the target by +1 or -1")
        delta = move.delta
    elif isinstance(move, UseShifter):
        if not deck:
            raise IllegalMove("R7.3", "the Shifter needs a card in the deck")
        table = table + (deck[0],)
        deck = deck[1:]
    else:
        n = state.players
        pending = tuple(s % n for s in range(seat + 1, seat + n) if hands[s % n])
        if not pending:
            raise IllegalMove("R7.4", "the Bomb needs another player holding a card")
        phase = Phase.DISCARD
    used = _replace_at(state.used, seat, state.used[seat] | {move.card})
    return State(
        state.setup,
        deck,
        state.tweak_deck,
        table,
        hands,
        state.won,
        state.owned,
        used,
        seat,
        phase,
        delta,
        pending,
        state.log + ((seat, move),),
        state.turns,
    )


def _check_action_card(state: State, seat: int, move: ActionMove) -> None:
    """R5.1, R7.6: the player to act uses, before playing, an action card of their own, once."""
    kind = ACTION_MOVE_KIND[type(move)]
    if state.phase is not Phase.START:
        raise IllegalMove("R5.1", "only one action card may be used in a turn, before the card is played")
    if move.card not in state.owned[seat]:
        raise IllegalMove("R5.1", f"seat {seat} does not own {move.card}")
    if move.card in state.used[seat]:
        raise IllegalMove("R7.6", f"{move.card} has already been used")
    if card_table().action_kind[move.card] != kind:
        raise IllegalMove("R7", f"{move.card} is not a {kind} card")


def _stolen_card(state: State, seat: int, move: UseThief, rng: random.Random | None) -> str:
    """R7.1: the card the Thief takes: the one the move names, or one drawn with the RNG."""
    victim, hands = move.victim, state.hands
    if not (0 <= victim < state.players) or victim == seat:
        raise IllegalMove("R7.1", "the Thief must name another player")
    if not hands[victim]:
        raise IllegalMove("R7.1", f"seat {victim} holds no card to steal")
    if move.stolen is None:
        if rng is None:
            raise ValueError("a Thief without a named card needs an RNG to draw one")
        return hands[victim][rng.randrange(len(hands[victim]))]
    if move.stolen not in hands[victim]:
        raise IllegalMove("R7.1", f"{move.stolen} is not in the hand of seat {victim}")
    return move.stolen


def _discard(state: State, move: Discard) -> State:
    if state.phase is not Phase.DISCARD:
        raise IllegalMove("R7.4", "cards are given up only when a Bomb asks for them")
    seat = state.pending[0]
    if move.card not in state.hands[seat]:
        raise IllegalMove("R7.4", f"{move.card} is not in the hand of seat {seat}")
    hands = _replace_at(state.hands, seat, _without(state.hands[seat], move.card))
    pending = state.pending[1:]
    return State(
        state.setup,
        state.deck,
        state.tweak_deck,
        state.table + (move.card,),
        hands,
        state.won,
        state.owned,
        state.used,
        state.turn,
        Phase.DISCARD if pending else Phase.PLAY,
        state.delta,
        pending,
        state.log + ((seat, move),),
        state.turns,
    )


def _without(cards: tuple, card: str) -> tuple:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _replace_at(items: tuple, i: int, item: object) -> tuple:
    return items[:i] + (item,) + items[i + 1 :]
