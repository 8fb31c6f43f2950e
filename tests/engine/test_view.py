"""R9: what a player may see, and nothing more."""

import random
from dataclasses import fields, replace

from trainer.bots import make_bot
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import new_round
from trainer.engine.view import state_from_view, view_of


def test_r9_view_holds_own_hand_table_target_and_counts_but_no_hidden_cards():
    state = new_round(3, random.Random(2))
    view = view_of(state, 1)
    assert view.hand == state.hands[1]
    assert view.table == state.table and view.target == state.target
    assert view.deck_size == len(state.deck) and view.tweak_deck_size == len(state.tweak_deck)
    assert view.hand_sizes == (3, 3, 3)
    names = {f.name for f in fields(view)}
    assert not names & {"hands", "deck", "tweak_deck", "setup"}
    visible = set(view.hand) | set(view.table)
    for value in (getattr(view, n) for n in names):
        flat = repr(value)
        for other in (0, 2):
            for card in state.hands[other]:
                assert f"'{card}'" not in flat or card in visible


def test_r9_states_differing_only_in_hidden_cards_give_equal_views():
    state = new_round(2, random.Random(5))
    # Swap a card of seat 1's hand with a deck card whose back matches it (the target stays).
    deck = list(state.deck)
    other = state.hands[1]
    swapped = replace(
        state, hands=(state.hands[0], (deck[5],) + other[1:]), deck=tuple(deck[:5] + [other[0]] + deck[6:])
    )
    assert swapped != state
    assert view_of(swapped, 0) == view_of(state, 0)
    assert view_of(swapped, 1) != view_of(state, 1)


def test_r9_the_views_legal_moves_are_the_states_legal_moves():
    rng = random.Random(8)
    bot = make_bot("random")
    for _ in range(20):
        state = new_round(4, rng)
        while not state.over:
            seat = state.current_player
            view = view_of(state, seat)
            assert view.legal_moves() == legal_moves(state)
            assert view_of(state, (seat + 1) % 4).legal_moves() == []
            state = apply(state, bot.choose(view, rng), rng)


def test_r9_won_piles_and_action_cards_are_public():
    rng = random.Random(3)
    state = new_round(2, rng)
    bot = make_bot("random")
    for _ in range(12):
        state = apply(state, bot.choose(view_of(state, state.current_player), rng), rng)
    view = view_of(state, 0)
    assert view.won == state.won and view.owned == state.owned
    assert view.scores() == state.scores()


def test_state_from_view_keeps_what_the_view_shows():
    state = new_round(3, random.Random(4))
    view = view_of(state, 0)
    rebuilt = state_from_view(view, state.hands, state.deck, state.tweak_deck)
    assert view_of(rebuilt, 0) == view
    assert legal_moves(rebuilt) == legal_moves(state)
