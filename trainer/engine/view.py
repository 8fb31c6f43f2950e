"""What one player may see (R9): the only thing a bot or a pupil's screen is given."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, Move
from trainer.engine.rules import moves_for, unused_action_cards
from trainer.engine.state import (
    HAND_SIZE,
    TABLE_REFILL,
    Phase,
    RoundSetup,
    State,
    base_target,
    score_of,
)


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    players: int
    colors: tuple[str, ...]
    dealer: int
    hand: tuple[str, ...]  # own hand only
    table: tuple[str, ...]
    target: int  # R4, this turn's Joker included
    delta: int
    deck_size: int  # the deck's order stays hidden
    tweak_deck_size: int
    hand_sizes: tuple[int, ...]
    won: tuple[tuple[str, ...], ...]  # face down, but everyone saw them go
    owned: tuple[tuple[str, ...], ...]  # [T!] cards lie face up
    used: tuple[frozenset[str], ...]
    turn: int
    phase: Phase
    pending: tuple[int, ...]  # seats still to give a card to a Bomb
    log: tuple  # every public move so far: (seat, move)
    turns: int
    backs_shown: tuple[int, ...] = ()  # see backs_shown()

    @property
    def to_act(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        return self.pending[0] if self.phase is Phase.DISCARD else self.turn

    @property
    def my_move(self) -> bool:
        return self.to_act == self.seat

    @property
    def unused(self) -> list[str]:
        return unused_action_cards(self.owned[self.seat], self.used[self.seat])

    def scores(self) -> list[int]:
        return [score_of(self.won[s], self.owned[s]) for s in range(self.players)]

    def seen_cards(self) -> set[str]:
        """Numeric cards whose place everyone knows: the table and every won pile."""
        seen = set(self.table)
        for pile in self.won:
            seen.update(pile)
        return seen

    def legal_moves(self) -> list[Move]:
        """The moves open to this player now; empty when it is not their decision."""
        if not self.my_move:
            return []
        if self.phase is Phase.DISCARD:
            return [Discard(c) for c in self.hand]
        return moves_for(
            phase=self.phase,
            hand=self.hand,
            table=self.table,
            target=self.target,
            seat=self.seat,
            unused=self.unused,
            hand_sizes=self.hand_sizes,
            deck_size=self.deck_size,
        )

    def target_without_joker(self) -> int:
        return self.target - self.delta


def view_of(state: State, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat,
        players=state.players,
        colors=state.setup.colors,
        dealer=state.setup.dealer,
        hand=state.hands[seat],
        table=state.table,
        target=state.target,
        delta=state.delta,
        deck_size=len(state.deck),
        tweak_deck_size=len(state.tweak_deck),
        hand_sizes=tuple(len(h) for h in state.hands),
        won=state.won,
        owned=state.owned,
        used=state.used,
        turn=state.turn,
        phase=state.phase,
        pending=state.pending,
        log=state.log,
        turns=state.turns,
        backs_shown=backs_shown(state),
    )


def backs_shown(state: State) -> tuple[int, ...]:
    """The backs of the cards that have left the deck since play began, in order. Each of them
    lay on top first, so its back was the target (R4.1) that every player saw: remembering them
    is like remembering the cards played. A state made by `state_from_view` has no such record."""
    setup = state.setup
    start = setup.players * HAND_SIZE + TABLE_REFILL
    gone = len(setup.deck) - start - len(state.deck)
    if gone <= 0:
        return ()
    back = card_table().back
    return tuple(back[c] for c in setup.deck[start : start + gone])


def state_from_view(
    view: PlayerView, hands: Sequence[Sequence[str]], deck: Sequence[str], tweak_deck: Sequence[str]
) -> State:
    """A full state consistent with `view`, given guesses for what it hides (for search bots).

    The setup keeps only what the view knows; such a state is for look-ahead, not for records.
    """
    if len(hands) != view.players or tuple(hands[view.seat]) != view.hand:
        raise ValueError("the guessed hands must keep the viewer's own hand")
    if any(len(h) != n for h, n in zip(hands, view.hand_sizes)) or len(deck) != view.deck_size:
        raise ValueError("the guessed hands and deck must have the sizes the view shows")
    if len(tweak_deck) != view.tweak_deck_size:
        raise ValueError("the guessed [T!] deck must have the size the view shows")
    setup = RoundSetup(view.players, view.colors, view.dealer, (), ())
    deck = tuple(deck)
    if base_target(deck) + view.delta != view.target:
        raise ValueError("the guessed deck must put the visible target on top")
    return State(
        setup,
        deck,
        tuple(tweak_deck),
        view.table,
        tuple(tuple(h) for h in hands),
        view.won,
        view.owned,
        view.used,
        view.turn,
        view.phase,
        view.delta,
        view.pending,
        view.log,
        view.turns,
    )
