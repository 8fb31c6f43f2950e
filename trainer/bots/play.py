"""Bots playing whole rounds and matches: each decision from the decider's view only (R9)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bots.base import Bot
from trainer.engine.match import Match
from trainer.engine.rules import apply
from trainer.engine.state import State
from trainer.engine.view import view_of


def seat_rngs(rng: random.Random, players: int) -> list[random.Random]:
    """One RNG per seat, so a bot's choices do not shift when another bot thinks differently."""
    return [random.Random(rng.getrandbits(64)) for _ in range(players)]


def play_round(state: State, bots: Sequence[Bot], rng: random.Random) -> State:
    """Plays to the end of the round. `rng` is chance's own (the Thief's draw, R7.1)."""
    bot_rngs = seat_rngs(rng, state.players)
    while not state.over:
        seat = state.current_player
        move = bots[seat].choose(view_of(state, seat), bot_rngs[seat])
        state = apply(state, move, rng)
    return state


def play_match(match: Match, bots: Sequence[Bot], rng: random.Random) -> tuple[Match, list[State]]:
    rounds = []
    while not match.over:
        finished = play_round(match.next_round(rng), bots, rng)
        rounds.append(finished)
        match = match.with_round(finished)
    return match, rounds
