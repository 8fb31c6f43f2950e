"""Shared by the tests of the expert's reading of hands."""

import random

from trainer.bots import make_bot
from trainer.bots.knowledge import Knowledge
from trainer.bots.sim import INDEX
from trainer.engine.rules import apply
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def real_cards_guessed(expert, rounds=25, seed=9) -> tuple[int, int]:
    """How many of seat 1's real cards seat 0's guesses hold in 2-player rounds of casual
    play: (uniform guesses, the expert's guesses), ten guesses each at every decision of seat 0
    while the deck has more than 3 cards."""
    rng = random.Random(seed)
    casual = make_bot("casual")
    uniform = informed = 0
    for _ in range(rounds):
        state = new_round(2, rng)
        while not state.over:
            seat = state.current_player
            view = view_of(state, seat)
            if seat == 0 and view.deck_size > 3 and state.hands[1]:
                k = Knowledge(view)
                sampler = expert.sampler(view, k)
                truth = {INDEX[c] for c in state.hands[1]}
                for _ in range(10):
                    uniform += len(truth & set(k.sample_hidden(rng)[0][1]))
                    informed += len(truth & set(sampler(rng).hands[1]))
            state = apply(state, casual.choose(view, rng), rng)
    return uniform, informed
