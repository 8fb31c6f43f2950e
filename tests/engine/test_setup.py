"""R3 set-up and R4 target: colours, dealing (D4), first player (R3.2, D3)."""

import random

import pytest

from trainer.engine.cards import card_table
from trainer.engine.state import Phase, RoundSetup, check_colors, deal, new_round, shuffled_setup


def ordered_setup(players=3, dealer=0, colors="ROYG"):
    cards = card_table()
    return RoundSetup(players, tuple(colors), dealer, cards.deck_for(colors), cards.action_ids)


def test_d4_deals_one_card_at_a_time_three_times_round_from_the_first_player():
    setup = ordered_setup(players=3, dealer=1)
    state = deal(setup)
    deck = setup.deck
    # First player is seat 2 (after dealer 1), then 0, then 1.
    assert state.hands[2] == (deck[0], deck[3], deck[6])
    assert state.hands[0] == (deck[1], deck[4], deck[7])
    assert state.hands[1] == (deck[2], deck[5], deck[8])
    assert state.table == deck[9:11]
    assert state.deck == deck[11:]


def test_r3_2_first_player_is_the_seat_after_the_dealer():
    for dealer in range(4):
        state = deal(ordered_setup(players=4, dealer=dealer, colors="ROYGB"))
        assert state.turn == (dealer + 1) % 4
        assert state.current_player == state.turn
        assert state.phase is Phase.START


def test_r4_1_target_is_the_back_of_the_deck_top():
    state = deal(ordered_setup())
    assert state.target == card_table().back[state.deck[0]]


def test_r1_4_target_is_seven_when_the_deck_is_empty():
    from engine_helpers import make_state

    assert make_state([["R1a"], ["O1a"]], deck=[]).target == 7


def test_r3_3_shuffled_setup_uses_every_card_of_the_colours_once():
    setup = shuffled_setup(4, random.Random(3))
    assert sorted(setup.deck) == sorted(card_table().deck_for("ROYGB"))
    assert sorted(setup.tweak_deck) == sorted(card_table().action_ids)


def test_r3_3_shuffles_come_only_from_the_given_rng():
    assert shuffled_setup(2, random.Random(9)) == shuffled_setup(2, random.Random(9))
    assert shuffled_setup(2, random.Random(9)) != shuffled_setup(2, random.Random(10))


def test_d2_any_colour_set_with_red_is_a_licence():
    state = new_round(2, random.Random(1), colors="RB")
    assert set(card_table().color_of[c] for c in state.setup.deck) == {"R", "B"}


@pytest.mark.parametrize("colors, message", [("OYG", "red"), ("RX", "unknown colour"), ("RR", "twice")])
def test_d2_colour_sets_without_red_or_with_unknown_colours_are_refused(colors, message):
    with pytest.raises(ValueError, match=message):
        check_colors(colors)


def test_d4_too_few_cards_to_deal_is_refused():
    with pytest.raises(ValueError, match="too few"):
        new_round(6, random.Random(1), colors="R")
