"""R9: a bot decides from its view alone. Two states that differ only in what the view hides
(other hands, deck order, [T!] deck order) give the same decision with the same seed."""

import dataclasses
import random

import pytest

from trainer.bots import make_bot
from trainer.engine.cards import card_table
from trainer.engine.rules import apply
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def reshuffle_hidden(state, seat, rng):
    """Deal the hidden cards again: others' hands and the deck get new cards, the deck's top
    keeps its back (the visible target, R4.1), the [T!] deck is reordered."""
    back = card_table().back
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    deck = []
    if state.deck:
        top = next(c for c in pool if back[c] == back[state.deck[0]])
        pool.remove(top)
        deck.append(top)
    hands = list(state.hands)
    k = 0
    for s in others:
        hands[s] = tuple(pool[k : k + len(state.hands[s])])
        k += len(state.hands[s])
    deck += pool[k:]
    tweak = list(state.tweak_deck)
    rng.shuffle(tweak)
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(deck), tweak_deck=tuple(tweak))


def positions(players, count, seed):
    """Decision points of seeded rounds played by casual bots."""
    rng = random.Random(seed)
    casual = make_bot("casual")
    out = []
    while len(out) < count:
        state = new_round(players, rng)
        while not state.over:
            seat = state.current_player
            if len(view_of(state, seat).legal_moves()) > 1 and rng.random() < 0.3:
                out.append(state)
            state = apply(state, casual.choose(view_of(state, seat), rng), rng)
    return out[:count]


CHEAP = {"clever": {"playouts": 40, "endgame_nodes": 500}, "expert": {"playouts": 40, "endgame_nodes": 500}}


@pytest.mark.parametrize("level", ["random", "beginner", "casual", "clever", "expert"])
@pytest.mark.parametrize("players", [2, 4])
def test_same_view_same_decision(level, players):
    bot = make_bot(level, **CHEAP.get(level, {}))
    rng = random.Random(1)
    changed = 0
    for state in positions(players, 12, seed=players):
        seat = state.current_player
        other = reshuffle_hidden(state, seat, rng)
        changed += other.hands != state.hands or other.deck != state.deck
        view = view_of(state, seat)
        assert view_of(other, seat) == view
        for seed in (0, 1):
            assert bot.choose(view, random.Random(seed)) == bot.choose(view_of(other, seat), random.Random(seed))
    assert changed >= 10  # the hidden cards really were different


@pytest.mark.parametrize("level", ["clever", "expert"])
def test_same_view_same_decision_at_default_budget(level):
    bot = make_bot(level)
    rng = random.Random(2)
    for state in positions(2, 3, seed=9):
        seat = state.current_player
        other = reshuffle_hidden(state, seat, rng)
        assert bot.choose(view_of(state, seat), random.Random(4)) == bot.choose(view_of(other, seat), random.Random(4))


def test_search_bots_depend_on_the_seed_not_on_hidden_cards():
    """The converse check: the search bots do use their RNG (sampling hidden cards), so the
    test above is not passing merely because the decisions ignore chance."""
    bot = make_bot("clever", playouts=8)
    outcomes = set()
    for state in positions(2, 12, seed=3):
        view = view_of(state, state.current_player)
        outcomes.add(len({bot.choose(view, random.Random(s)) for s in range(6)}) > 1)
    assert True in outcomes
