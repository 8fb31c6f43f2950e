"""The state of one TWEAK round: immutable, so `apply` returns a new one and never edits its input."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.engine.cards import card_table, default_colors

HAND_SIZE = 3  # R6.1
TABLE_REFILL = 2  # R3.3, R6.2


class Phase(str, Enum):
    START = "start"  # the player to act may use an action card, then must play (R5.1)
    PLAY = "play"  # an action card was used: now play a card (R5.2)
    DISCARD = "discard"  # a Bomb is waiting for the players it hits (R7.4)
    OVER = "over"  # the deck and every hand are empty (R6.4)


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """Everything a round record starts with (FORMATS.md): enough to deal it again."""

    players: int
    colors: tuple[str, ...]
    dealer: int
    deck: tuple[str, ...]  # numeric cards, top first
    tweak_deck: tuple[str, ...]  # [T!] cards, top first


@dataclass(frozen=True, slots=True)
class State:
    setup: RoundSetup
    deck: tuple[str, ...]
    tweak_deck: tuple[str, ...]
    table: tuple[str, ...]  # in the order the cards arrived
    hands: tuple[tuple[str, ...], ...]
    won: tuple[tuple[str, ...], ...]  # won piles, in the order taken
    owned: tuple[tuple[str, ...], ...]  # [T!] cards won, in order (R5.3)
    used: tuple[frozenset[str], ...]  # [T!] cards already used (R7.6)
    turn: int  # whose turn it is
    phase: Phase
    delta: int = 0  # this turn's Joker (R4.2)
    pending: tuple[int, ...] = ()  # seats still to give a card to a Bomb
    log: tuple = ()  # public history: (seat, move) pairs, LostTurn too
    turns: int = 0  # turns played (one per card played from a hand)

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> int | None:
        """Who decides now: the player whose turn it is, or a player a Bomb hit."""
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.DISCARD:
            return self.pending[0]
        return self.turn

    @property
    def target(self) -> int:
        """R4.1 plus a Joker used this turn (R4.2)."""
        return base_target(self.deck) + self.delta

    def scores(self) -> list[int]:
        return [score_of(self.won[s], self.owned[s]) for s in range(self.players)]


def base_target(deck: Sequence[str]) -> int:
    cards = card_table()
    return cards.back[deck[0]] if deck else cards.empty_deck_target


def score_of(won: Iterable[str], owned: Iterable[str]) -> int:
    """R2 and R6.5: the won pile's points plus 2 for every [T!] card, used or not."""
    points = card_table().points
    return sum(points[c] for c in won) + sum(points[c] for c in owned)


def check_colors(colors: Iterable[str]) -> tuple[str, ...]:
    known = card_table().colors
    colors = tuple(colors)
    unknown = [c for c in colors if c not in known]
    if unknown:
        raise ValueError(f"unknown colour {unknown[0]!r}: colours are {' '.join(known)}")
    if len(set(colors)) != len(colors):
        raise ValueError("a colour is named twice")
    if "R" not in colors:
        raise ValueError("red must always be in play (D2)")
    return tuple(c for c in known if c in colors)


def shuffled_setup(
    players: int, rng: random.Random, colors: Iterable[str] | None = None, dealer: int | None = None
) -> RoundSetup:
    """R3.3: both decks shuffled with the given RNG; the dealer drawn at random unless given (D3)."""
    colors = check_colors(colors) if colors is not None else default_colors(players)
    cards = card_table()
    deck = list(cards.deck_for(colors))
    tweak_deck = list(cards.action_ids)
    rng.shuffle(deck)
    rng.shuffle(tweak_deck)
    if dealer is None:
        dealer = rng.randrange(players)
    return RoundSetup(players, colors, dealer, tuple(deck), tuple(tweak_deck))


def deal(setup: RoundSetup) -> State:
    """D4: one card at a time from the top, three times round from the first player, then two
    cards face up to the table; the rest is the deck."""
    n = setup.players
    if not 2 <= n <= 6:
        raise ValueError(f"TWEAK is for 2 to 6 players, not {n} (R3.1)")
    if not 0 <= setup.dealer < n:
        raise ValueError(f"the dealer must be a seat from 0 to {n - 1} (R3.2)")
    if len(setup.deck) < n * HAND_SIZE + TABLE_REFILL:
        raise ValueError(f"{len(setup.deck)} cards are too few to deal to {n} players (D4)")
    first = (setup.dealer + 1) % n
    hands: list[list[str]] = [[] for _ in range(n)]
    deck = setup.deck
    for k in range(n * HAND_SIZE):
        hands[(first + k) % n].append(deck[k])
    start = n * HAND_SIZE
    return State(
        setup=setup,
        deck=deck[start + TABLE_REFILL :],
        tweak_deck=setup.tweak_deck,
        table=deck[start : start + TABLE_REFILL],
        hands=tuple(tuple(h) for h in hands),
        won=((),) * n,
        owned=((),) * n,
        used=(frozenset(),) * n,
        turn=first,
        phase=Phase.START,
    )


def new_round(
    players: int, rng: random.Random, colors: Iterable[str] | None = None, dealer: int | None = None
) -> State:
    return deal(shuffled_setup(players, rng, colors, dealer))
