"""The bots' fast simulator must follow the engine's rules exactly (R5-R7, D5-D8)."""

import random

import pytest

from trainer.bots.sim import IDS, INDEX, Sim, decision_of, subsets_by_sum
from trainer.engine.moves import LostTurn
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import new_round


def _resolved_last_move(state):
    return [m for _, m in state.log if not isinstance(m, LostTurn)][-1]


def _same(sim: Sim, state) -> bool:
    ref = Sim.from_state(state)
    return (
        sim.deck == ref.deck
        and sim.tdeck == ref.tdeck
        and sim.table == ref.table
        and [sorted(h) for h in sim.hands] == [sorted(h) for h in ref.hands]
        and sim.pts == ref.pts
        and sim.acts == ref.acts
        and sim.turn == ref.turn
        and sim.phase == ref.phase
        and sim.delta == ref.delta
        and sim.pending == ref.pending
        and sim.turns == ref.turns
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulator_follows_the_engine_move_by_move(players):
    rng = random.Random(100 + players)
    for _ in range(40):
        state = new_round(players, rng)
        sim = Sim.from_state(state)
        while not state.over:
            moves = legal_moves(state)
            # Same legal decisions: every capture card set (D5), lays, one use per kind (D8).
            assert sorted(map(repr, (decision_of(m) for m in moves))) == sorted(map(repr, sim.legal()))
            state = apply(state, moves[rng.randrange(len(moves))], rng)
            sim.do(decision_of(_resolved_last_move(state)))
            assert _same(sim, state)
        assert sim.over and sim.pts == state.scores()


def test_subsets_by_sum_lists_each_card_set_once_in_table_order():
    table = [INDEX[c] for c in ("R1a", "O3a", "Y3a", "G2a")]
    sums = subsets_by_sum(table)
    assert sorted(tuple(IDS[c] for c in s) for s in sums[6]) == sorted(
        [("R1a", "O3a", "G2a"), ("R1a", "Y3a", "G2a"), ("O3a", "Y3a")]
    )
    assert [tuple(IDS[c] for c in s) for s in sums[9]] == [("R1a", "O3a", "Y3a", "G2a")]
    assert 0 not in sums  # D5: a hand card alone never captures
