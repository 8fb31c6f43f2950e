"""Exact search once the deck is empty, checked against a plain minimax on engine states."""
import random

import pytest

from trainer.bots import make_bot
from trainer.bots.endgame import exact_values
from trainer.bots.search import distinct, utility
from trainer.bots.sim import Sim, decision_of
from trainer.engine.moves import UseThief
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def minimax(state, seat):
    """Seat's utility (point margin only) with best play by everyone, Thief draws averaged."""
    if state.over:
        return utility(state.scores(), seat, 0.0)
    mover = state.current_player
    best = None
    for move in legal_moves(state):
        v = after(state, move, seat, mover)
        if best is None or (v[1] > best[1]):
            best = v
    return best[0]


def after(state, move, seat, mover):
    if isinstance(move, UseThief):
        hand = state.hands[move.victim]
        outs = [apply(state, UseThief(move.card, move.victim, c)) for c in hand]
        mine = sum(minimax(s, seat) for s in outs) / len(outs)
        theirs = sum(minimax(s, mover) for s in outs) / len(outs)
        return mine, theirs
    s = apply(state, move)
    return minimax(s, seat), minimax(s, mover)


def endgames(count, seed):
    rng = random.Random(seed)
    casual = make_bot("casual")
    out = []
    while len(out) < count:
        state = new_round(2, rng)
        while not state.over:
            if not state.deck and len(legal_moves(state)) > 1 and sum(map(len, state.hands)) <= 4:
                out.append(state)
                break
            state = apply(state, casual.choose(view_of(state, state.current_player), rng), rng)
    return out


@pytest.mark.parametrize("state", endgames(6, seed=2))
def test_exact_values_match_plain_minimax(state):
    seat = state.current_player
    sim = Sim.from_state(state)
    candidates = distinct([decision_of(m) for m in legal_moves(state)])
    values = exact_values(sim, candidates, seat, 0.0, node_budget=100_000)
    by_move = {decision_of(m): m for m in legal_moves(state)}
    for d, v in zip(candidates, values):
        assert v == pytest.approx(after(state, by_move[d], seat, seat)[0])


def test_node_budget_gives_up_cleanly():
    state = endgames(1, seed=5)[0]
    sim = Sim.from_state(state)
    candidates = distinct([decision_of(m) for m in legal_moves(state)])
    assert exact_values(sim, candidates, state.current_player, 0.5, node_budget=1) is None


def test_with_an_empty_deck_two_players_know_each_other_hands():
    """Card counting (R9): with two players and no deck, the unseen cards are the other hand."""
    from trainer.bots.knowledge import Knowledge
    from trainer.bots.sim import INDEX
    state = endgames(1, seed=8)[0]
    seat = state.current_player
    k = Knowledge(view_of(state, seat))
    assert sorted(k.unseen) == sorted(INDEX[c] for c in state.hands[1 - seat])
