"""R7 action cards, R5.1 (one per turn, before the play) and D8 (only where they have an effect)."""

import random

import pytest

from engine_helpers import deck_with_target, make_state
from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import IllegalMove, apply, legal_moves
from trainer.engine.state import Phase, base_target


def with_action(card, hands, **kw):
    owned = [[card]] + [[] for _ in hands[1:]]
    return make_state(hands, owned=owned, **kw)


# ---------------------------------------------------------------- R7.1 Thief


def test_r7_1_thief_puts_a_random_card_of_the_victim_face_up_on_the_table():
    state = with_action("thief-1", [["P6"], ["Y1a", "Y2a"]], table=["R1a"], deck=deck_with_target(9))
    after = apply(state, UseThief("thief-1", 1), random.Random(4))
    stolen = after.log[-1][1].stolen
    assert stolen in ("Y1a", "Y2a")
    assert after.table == ("R1a", stolen)
    assert stolen not in after.hands[1]
    assert after.phase is Phase.PLAY


def test_r7_1_the_stolen_card_comes_from_the_given_rng_only():
    state = with_action("thief-1", [["P6"], ["Y1a", "Y2a", "Y3a"]], deck=deck_with_target(9))
    draws = {apply(state, UseThief("thief-1", 1), random.Random(seed)).log[-1][1].stolen for seed in range(30)}
    assert len(draws) > 1
    assert apply(state, UseThief("thief-1", 1), random.Random(5)) == apply(
        state, UseThief("thief-1", 1), random.Random(5)
    )


def test_r7_1_thief_victim_must_be_another_player_holding_a_card():
    state = with_action("thief-1", [["P6"], [], ["Y1a"]], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="R7.1"):
        apply(state, UseThief("thief-1", 1), random.Random(1))
    with pytest.raises(IllegalMove, match="R7.1"):
        apply(state, UseThief("thief-1", 0), random.Random(1))
    assert [m.victim for m in legal_moves(state) if isinstance(m, UseThief)] == [2]


def test_r7_1_victim_plays_next_turn_one_card_short():
    deck = deck_with_target(9) + ["B1a", "B1b", "B2a"]
    state = with_action("thief-1", [["P6", "O1a", "O1b"], ["Y1a", "Y2a", "Y3a"]], table=["R1a"], deck=deck)
    state = apply(state, UseThief("thief-1", 1, "Y2a"))
    state = apply(state, Play("O1a"))
    assert state.turn == 1 and len(state.hands[1]) == 2


def test_r7_1_named_stolen_card_must_be_in_the_victims_hand():
    state = with_action("thief-1", [["P6"], ["Y1a"]], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="Y2a is not in the hand of seat 1"):
        apply(state, UseThief("thief-1", 1, "Y2a"))


# ---------------------------------------------------------------- R7.2 Joker


@pytest.mark.parametrize("delta", [1, -1])
def test_r7_2_joker_moves_the_target_for_this_turn_only(delta):
    deck = deck_with_target(9) + ["B1a", "B1b"]
    state = with_action("joker-1", [["P6", "G2a"], ["Y1a"]], table=["O3a", "R4"], deck=deck)
    after = apply(state, UseJoker("joker-1", delta))
    assert after.target == 9 + delta
    after = apply(after, Play("G2a"))
    assert after.delta == 0 and after.target == base_target(after.deck)


def test_r7_2_joker_opens_captures_for_the_new_target():
    state = with_action("joker-1", [["P6"], ["Y1a"]], table=["R4"], deck=deck_with_target(9))
    after = apply(state, UseJoker("joker-1", 1))
    assert Play("P6", ("R4",)) in legal_moves(after)
    assert apply(after, Play("P6", ("R4",))).won[0] == ("P6", "R4")


def test_r7_2_joker_delta_is_plus_or_minus_one():
    state = with_action("joker-1", [["P6"], ["Y1a"]], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="R7.2"):
        apply(state, UseJoker("joker-1", 2))


def test_r7_2_joker_is_always_usable():
    state = with_action("joker-1", [["P6"], []], deck=[])
    assert {m.delta for m in legal_moves(state) if isinstance(m, UseJoker)} == {1, -1}


# ---------------------------------------------------------------- R7.3 Shifter


def test_r7_3_shifter_turns_the_deck_top_onto_the_table_and_the_next_back_is_the_target():
    deck = deck_with_target(9) + deck_with_target(10)
    state = with_action("shifter-1", [["P6"], ["Y1a"]], table=["R1a"], deck=deck)
    after = apply(state, UseShifter("shifter-1"))
    assert after.table == ("R1a", deck[0])
    assert after.deck == (deck[1],)
    assert after.target == 10


def test_r7_3_shifter_with_the_last_deck_card_leaves_the_blue_seven():
    deck = deck_with_target(9)
    state = with_action("shifter-1", [["P6"], ["Y1a"]], deck=deck)
    assert apply(state, UseShifter("shifter-1")).target == 7  # R1.4


def test_d8_shifter_needs_a_card_in_the_deck():
    state = with_action("shifter-1", [["P6"], ["Y1a"]], deck=[])
    assert not any(isinstance(m, UseShifter) for m in legal_moves(state))
    with pytest.raises(IllegalMove, match="R7.3"):
        apply(state, UseShifter("shifter-1"))


# ---------------------------------------------------------------- R7.4 Bomb


def test_r7_4_bomb_every_other_player_holding_a_card_gives_one_in_seat_order_after_the_bomber():
    state = with_action("bomb", [["P6"], ["Y1a", "Y2a"], [], ["G1a"]], turn=0, deck=deck_with_target(9))
    after = apply(state, UseBomb("bomb"))
    assert after.phase is Phase.DISCARD and after.pending == (1, 3)
    assert after.current_player == 1
    assert legal_moves(after) == [Discard("Y1a"), Discard("Y2a")]
    after = apply(after, Discard("Y2a"))
    assert after.current_player == 3
    after = apply(after, Discard("G1a"))
    assert after.phase is Phase.PLAY and after.current_player == 0
    assert after.table == ("Y2a", "G1a")  # R7.5: to the table, in seat order


def test_r7_4_bomb_order_wraps_round_the_table():
    state = make_state([["O1a"], ["P6"], ["Y1a"]], owned=[[], ["bomb"], []], turn=1, deck=deck_with_target(9))
    assert apply(state, UseBomb("bomb")).pending == (2, 0)


def test_r7_4_the_bombed_player_chooses_a_card_of_their_own_hand():
    state = with_action("bomb", [["P6"], ["Y1a"]], deck=deck_with_target(9))
    after = apply(state, UseBomb("bomb"))
    with pytest.raises(IllegalMove, match="not in the hand of seat 1"):
        apply(after, Discard("P6"))
    with pytest.raises(IllegalMove, match="must first give up"):
        apply(after, Play("P6"))


def test_d8_bomb_needs_another_player_holding_a_card():
    state = with_action("bomb", [["P6"], [], []], deck=deck_with_target(9))
    assert not any(isinstance(m, UseBomb) for m in legal_moves(state))
    with pytest.raises(IllegalMove, match="R7.4"):
        apply(state, UseBomb("bomb"))


def test_r7_4_discards_only_when_a_bomb_asks():
    state = make_state([["P6"], ["Y1a"]], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="R7.4"):
        apply(state, Discard("P6"))


# ---------------------------------------------------------------- R5.1, R7.6


def test_r5_1_at_most_one_action_card_per_turn():
    state = make_state([["P6"], ["Y1a"]], owned=[["joker-1", "joker-2"], []], deck=deck_with_target(9))
    after = apply(state, UseJoker("joker-1", 1))
    assert not any(isinstance(m, UseJoker) for m in legal_moves(after))
    with pytest.raises(IllegalMove, match="only one action card.*R5.1"):
        apply(after, UseJoker("joker-2", 1))


def test_r5_1_only_own_action_cards_can_be_used():
    state = make_state([["P6"], ["Y1a"]], owned=[[], ["joker-1"]], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="does not own joker-1"):
        apply(state, UseJoker("joker-1", 1))


def test_r5_1_a_card_won_this_turn_cannot_be_used_in_it():
    # The TWEAK ends the turn (R5.2 after R5.1), so the won card is first usable next turn.
    deck = deck_with_target(9) + ["B1a", "B1b", "B2a", "B2b"]
    state = make_state([["P6", "O1a"], ["Y1a"]], table=["O3a"], deck=deck, tweak_deck=["joker-1"])
    after = apply(state, Play("P6", ("O3a",)))
    assert after.owned[0] == ("joker-1",) and after.turn == 1
    assert not any(isinstance(m, UseJoker) for m in legal_moves(after))


def test_r7_6_a_used_card_cannot_be_used_again_but_still_scores():
    state = make_state([["P6"], ["Y1a"]], owned=[["joker-1"], []], used=[["joker-1"], []], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="already been used.*R7.6"):
        apply(state, UseJoker("joker-1", 1))
    assert state.scores()[0] == 2


def test_r7_action_card_kind_must_match_its_use():
    state = make_state([["P6"], ["Y1a"]], owned=[["joker-1"], []], deck=deck_with_target(9))
    with pytest.raises(IllegalMove, match="not a shifter card"):
        apply(state, UseShifter("joker-1"))


def test_d8_two_cards_of_one_kind_give_one_set_of_moves():
    state = make_state([["P6"], ["Y1a"]], owned=[["joker-1", "joker-2", "thief-1"], []], deck=deck_with_target(9))
    actions = [m for m in legal_moves(state) if not isinstance(m, Play)]
    assert sorted(map(repr, actions)) == sorted(
        map(repr, [UseJoker("joker-1", 1), UseJoker("joker-1", -1), UseThief("thief-1", 1)])
    )
