"""Positions from bot self-play: real table sizes and card mixes, as they come up in games.

A decision point is a turn start (R5.1) where the player to act holds cards and the table is
not empty. The bot levels are a parameter: any level of trainer.bots.make_bot, or "greedy",
a small local policy (take the capture worth most, else lay a card) that keeps tables short
the way a careful player does, where the random bot lets them grow."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from trainer.bots import make_bot
from trainer.bots.base import Bot
from trainer.engine.moves import Discard, Play
from trainer.engine.positions import Position
from trainer.engine.rules import apply
from trainer.engine.solver import solve
from trainer.engine.state import Phase, new_round
from trainer.engine.view import PlayerView, view_of
from trainer.puzzles.kinds import worth

DEFAULT_LEVELS = ("greedy", "random")
PLAYERS = (2, 3, 4, 5, 6)


class GreedyPolicy:
    """Takes the capture worth most (a TWEAK first on ties, then more cards), else lays a random
    card; never uses action cards; gives a random card to a Bomb."""

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Discard | Play:
        if view.phase is Phase.DISCARD:
            return Discard(view.hand[rng.randrange(len(view.hand))])
        captures = solve(view.hand, view.table, view.target)
        if captures:
            best = max(captures, key=lambda c: (worth(c), c.cards))
            return Play(best.play, best.capture)
        return Play(view.hand[rng.randrange(len(view.hand))])


def make_policy(level: str) -> GreedyPolicy | Bot:
    return GreedyPolicy() if level == "greedy" else make_bot(level)


def decision_positions(
    rng: random.Random, levels: Sequence[str] = DEFAULT_LEVELS, players: Sequence[int] = PLAYERS
) -> Iterator[Position]:
    """An endless stream of positions from rounds played by bots; each round draws its number
    of players and a level for each seat from `rng`."""
    policies = {level: make_policy(level) for level in levels}
    while True:
        n = players[rng.randrange(len(players))]
        bots = [policies[levels[rng.randrange(len(levels))]] for _ in range(n)]
        state = new_round(n, rng)
        while (seat := state.current_player) is not None:  # None once the round is over
            hand = state.hands[seat]
            if state.phase is Phase.START and hand and state.table:
                yield Position(state.target, state.table, hand)
            move = bots[seat].choose(view_of(state, seat), rng)
            state = apply(state, move, rng)
