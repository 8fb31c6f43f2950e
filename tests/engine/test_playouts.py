"""Seeded random play: 2,000 rounds over 2-6 players, every invariant checked after every move."""

import copy
import random
from collections import Counter
from itertools import chain

import pytest

from trainer.bots import make_bot
from trainer.engine.cards import card_table
from trainer.engine.moves import UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.records import replay_result, replay_round, round_record
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import new_round
from trainer.engine.view import view_of

ROUNDS_PER_PLAYER_COUNT = 400
MAX_DECISIONS = 400  # a 54-card round takes about 60 decisions: more means it would not end
ACTION_IDS = sorted(card_table().action_ids)


def r2_recount(won, owned) -> int:
    """R2 from colour and value, independent of the points column in seed_data."""
    cards = card_table()
    total = 2 * len(owned)
    for card in won:
        red, five = cards.color_of[card] == "R", cards.value[card] == 5
        total += 5 if red and five else 3 if red else 4 if five else 1
    return total


def check_invariants(state, sorted_deck):
    # Sorted lists compare as multisets: a card missing or in two places shows, at a fraction
    # of Counter's cost over the 2,000 rounds' ~100,000 moves.
    places = sorted(chain(state.deck, state.table, *state.hands, *state.won))
    assert places == sorted_deck, "a card is missing or in two places"
    actions = sorted(chain(state.tweak_deck, *state.owned))
    assert actions == ACTION_IDS
    assert all(used <= set(owned) for used, owned in zip(state.used, state.owned))
    assert all(len(h) <= 3 for h in state.hands)  # R6.1
    assert state.scores() == [r2_recount(w, o) for w, o in zip(state.won, state.owned)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_rounds_keep_every_invariant_and_replay_exactly(players):
    rng = random.Random(1000 + players)
    bot = make_bot("random")
    used_kinds = Counter()
    for round_no in range(ROUNDS_PER_PLAYER_COUNT):
        state = new_round(players, rng)
        sorted_deck = sorted(state.setup.deck)
        deep_check = round_no % 20 == 0
        for _ in range(MAX_DECISIONS):
            if state.over:
                break
            seat = state.current_player
            move = bot.choose(view_of(state, seat), rng)
            assert move in legal_moves(state)
            snapshot = copy.deepcopy(state) if deep_check else None
            before = hash(state)
            after = apply(state, move, rng)
            assert hash(state) == before  # apply never changes its input
            if snapshot is not None:
                assert state == snapshot
            if isinstance(move, (UseThief, UseJoker, UseShifter, UseBomb)):
                used_kinds[type(move).__name__] += 1
            state = after
            check_invariants(state, sorted_deck)
        assert state.over, "the round did not end"  # R6.4
        assert not state.deck and not any(state.hands)
        assert replay_result(replay_round(round_record(state))) == replay_result(state)
    assert set(used_kinds) == {"UseThief", "UseJoker", "UseShifter", "UseBomb"}
