"""R5 (a turn) and R6 (end of turn, lost turns, end of round), with D5-D7."""

import pytest

from engine_helpers import deck_with_target, make_state
from trainer.engine.moves import LostTurn, Play
from trainer.engine.rules import IllegalMove, apply, legal_moves
from trainer.engine.state import Phase


def nine_deck(*extra):
    # Deck top with back 9 (R4.1), then filler cards for drawing.
    return deck_with_target(9, exclude=extra) + list(extra)


def test_r5_2_capture_moves_hand_card_and_table_cards_to_the_won_pile():
    deck = nine_deck("B1a", "B1b", "B2a")
    state = make_state([["P6", "G2a", "B4"], ["Y1a"]], table=["O3a", "R1a"], deck=deck)
    after = apply(state, Play("P6", ("O3a",)))
    assert after.won[0] == ("P6", "O3a")
    assert after.table == ("R1a",)
    assert "P6" not in after.hands[0]


def test_r5_2_capture_must_add_up_exactly_to_the_target():
    state = make_state([["P6", "B4", "G2a"], ["Y1a"]], table=["O3a", "R1a"], deck=nine_deck())
    with pytest.raises(IllegalMove, match=r"adds up to 10, not the target 9 \(R5.2\)"):
        apply(state, Play("P6", ("O3a", "R1a")))


def test_r5_2_played_card_must_be_in_the_hand():
    state = make_state([["P6"], ["Y1a"]], table=["O3a"], deck=nine_deck())
    with pytest.raises(IllegalMove, match="not in the hand.*R5.2"):
        apply(state, Play("Y1a"))


def test_r5_2_captured_cards_must_be_on_the_table():
    state = make_state([["P6"], ["Y3a"]], table=["O1a"], deck=nine_deck())
    with pytest.raises(IllegalMove, match="Y3a is not on the table"):
        apply(state, Play("P6", ("Y3a",)))


def test_r5_2_a_table_card_cannot_be_taken_twice():
    state = make_state([["O3b"], ["Y1a"]], table=["O3a"], deck=nine_deck())
    with pytest.raises(IllegalMove, match="twice"):
        apply(state, Play("O3b", ("O3a", "O3a")))


def test_r5_2_laying_is_allowed_even_when_a_capture_was_possible():
    state = make_state([["P6", "B4"], ["Y1a"]], table=["O3a"], deck=nine_deck("G1a", "G1b"))
    assert Play("P6", ("O3a",)) in legal_moves(state)
    after = apply(state, Play("P6"))
    assert after.table == ("O3a", "P6")
    assert after.won[0] == ()


def test_d5_a_hand_card_alone_never_captures():
    # Target 7 with an empty deck; 6 + nothing is not a capture, even with a 1 in hand.
    state = make_state([["P6", "O1a"], ["Y1a"]], table=[], deck=[])
    assert all(m.is_lay for m in legal_moves(state) if isinstance(m, Play))


def test_r5_2_every_turn_plays_exactly_one_card():
    deck = nine_deck("B1a", "B1b", "B2a")
    state = make_state([["P6", "G2a", "B4"], ["Y1a"]], table=["O3a"], deck=deck)
    after = apply(state, Play("P6", ("O3a",)))
    assert after.turn == 1 and after.turns == 1


def test_r5_3_taking_the_whole_table_wins_the_top_action_card():
    state = make_state(
        [["P6", "B1a"], ["Y1a"]], table=["O3a"], deck=nine_deck("B2a", "B2b", "B3a"), tweak_deck=["joker-1", "bomb"]
    )
    after = apply(state, Play("P6", ("O3a",)))
    assert after.owned[0] == ("joker-1",)
    assert after.tweak_deck == ("bomb",)


def test_d6_tweak_with_an_empty_action_deck_still_captures_but_wins_nothing():
    state = make_state([["P6", "B1a"], ["Y1a"]], table=["O3a"], deck=nine_deck("B2a", "B2b", "B3a"), tweak_deck=[])
    after = apply(state, Play("P6", ("O3a",)))
    assert after.won[0] == ("P6", "O3a")
    assert after.owned[0] == ()


def test_r6_1_player_draws_back_up_to_three():
    deck = nine_deck("B1a", "B1b")
    state = make_state([["P6", "G2a", "B4"], ["Y1a"]], table=["O3a", "R1a"], deck=deck)
    after = apply(state, Play("P6", ("O3a",)))
    assert after.hands[0] == ("G2a", "B4", deck[0])
    assert after.deck == tuple(deck[1:])


def test_r6_1_draws_only_as_many_as_the_deck_has():
    state = make_state([["P6"], ["Y1a"]], table=["O1a"], deck=["B1a"])
    after = apply(state, Play("P6"))
    assert after.hands[0] == ("B1a",)
    assert after.deck == ()


def test_r6_2_after_a_tweak_hand_is_refilled_first_then_two_cards_to_the_table():
    deck = nine_deck("B1a", "B1b", "B2a", "B2b")
    state = make_state([["P6", "G2a", "B4"], ["Y1a"]], table=["O3a"], deck=deck)
    after = apply(state, Play("P6", ("O3a",)))
    assert after.hands[0] == ("G2a", "B4", deck[0])
    assert after.table == tuple(deck[1:3])
    assert after.deck == tuple(deck[3:])


def test_d7_a_player_with_an_empty_hand_loses_the_turn_draws_and_play_passes_on():
    deck = nine_deck("B1a", "B1b", "B2a", "B2b")
    state = make_state([["P6", "G2a"], [], ["Y1a"]], table=["R1a"], deck=deck)
    after = apply(state, Play("G2a"))
    # Seat 0 draws 2 back up to 3; seat 1's turn is lost: it draws 3 and seat 2 acts.
    assert after.hands[0] == ("P6", deck[0], deck[1])
    assert after.hands[1] == tuple(deck[2:5])
    assert after.turn == 2
    assert (1, LostTurn(1)) in after.log


def test_d7_with_an_empty_deck_the_empty_handed_player_simply_passes():
    state = make_state([["P6"], [], ["Y1a"]], table=["R1a"], deck=[])
    after = apply(state, Play("P6"))
    assert after.turn == 2 and after.hands[1] == ()


def test_d7_lost_turn_refills_an_empty_table():
    deck = nine_deck("B1a", "B1b", "B2a", "B2b", "B3a", "B3b")
    state = make_state([["P6", "O2a", "O2b"], [], ["Y1a"]], table=["O3a"], deck=deck)
    after = apply(state, Play("P6", ("O3a",)))
    # R6.1 then R6.2 for seat 0, then seat 1's lost turn draws 3.
    assert after.hands[0] == ("O2a", "O2b", deck[0])
    assert after.table == tuple(deck[1:3])
    assert after.hands[1] == tuple(deck[3:6])


def test_r6_4_round_ends_when_deck_and_every_hand_are_empty_and_the_table_scores_for_nobody():
    state = make_state([["P6"], []], table=["R1a", "R5"], deck=[])
    after = apply(state, Play("P6"))
    assert after.phase is Phase.OVER and after.over
    assert after.current_player is None
    assert after.scores() == [0, 0]
    assert legal_moves(after) == []
    with pytest.raises(IllegalMove, match="R6.4"):
        apply(after, Play("R1a"))


def test_r6_5_score_is_the_won_pile_plus_two_per_action_card_used_or_not():
    state = make_state(
        [["P6"], []],
        won=[["R5", "O5", "R1a", "G2a"], []],
        owned=[["joker-1", "thief-1"], []],
        used=[["joker-1"], []],
        deck=[],
    )
    assert state.scores() == [5 + 4 + 3 + 1 + 2 + 2, 0]


def test_r2_score_breakdown_groups_cards_by_rule_row_and_adds_up_to_the_score():
    from trainer.engine.scoring import breakdown
    from trainer.engine.state import score_of

    won, owned = ["R5", "O5", "R1a", "G2a", "B3a"], ["joker-1"]
    lines = {line.reason: (line.cards, line.points) for line in breakdown(won, owned)}
    assert lines == {
        "plain": (("G2a", "B3a"), 2),
        "red": (("R1a",), 3),
        "five": (("O5",), 4),
        "red5": (("R5",), 5),
        "action": (("joker-1",), 2),
    }
    assert sum(p for _, p in lines.values()) == score_of(won, owned)
