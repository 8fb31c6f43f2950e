"""Hints: the move a level would make and a structured reason, worded in one place."""

import json
import random

import pytest

from trainer.bots.hint import Hint, Reason, english, explain, hint
from trainer.bots.scenario import make_state
from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.state import Phase
from trainer.engine.view import view_of

TOP_8, TOP_9, TOP_10 = "R1b", "O1b", "O2a"


def view(state):
    return view_of(state, state.current_player)


def test_capture_hint_has_running_sum_cards_and_points():
    # Target 9: casual takes the red 3 with the 6 ("6 plus 3 is 9"), 1 + 3 = 4 points (R2).
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R3a", "O4"), (TOP_9,))
    h = hint(view(state))
    assert h.move == Play("G6", ("R3a",))
    assert h.reason.kind == "capture"
    p = h.reason.params
    assert p["steps"] == [[6, 6], [3, 9]]
    assert p["taken"] == [{"id": "R3a", "color": "R", "value": 3, "points": 3}]
    assert p["play"]["id"] == "G6" and p["points"] == 4 and p["tweak"] is False
    assert h.text() == "6 plus 3 is 9 takes the red 3: 4 points"
    json.dumps(h.reason.to_json())  # plain data, ready for the web layer


def test_tweak_hint_calls_every_step():
    state = make_state([("G6", "G2a", "O4"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (TOP_9,))
    h = hint(view(state))
    assert h.reason.params["steps"] == [[2, 2], [1, 3], [3, 6], [3, 9]]
    assert h.text() == (
        "2 plus 1 is 3, plus 3 is 6, plus 3 is 9 takes the red 1, the orange 3 "
        "and the yellow 3: 6 points, and it is a TWEAK: the whole table"
    )


def test_lay_hint_says_no_sum_makes_the_target():
    state = make_state([("G1a", "G2a", "O5"), ("Y1a", "Y1b", "G1b")], ("Y3a",), (TOP_9,))
    h = hint(view(state))
    assert h.reason.kind == "lay" and h.reason.params["could_capture"] is False
    assert h.text().startswith("No sum makes the target: lay the ")


def test_joker_hint_names_the_capture_it_opens():
    state = make_state(
        [("G2a", "G6", "Y5"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (TOP_8,), owned=[("joker-1",), ()]
    )
    h = hint(view(state))
    assert h.move == UseJoker("joker-1", 1)
    assert h.reason.params["target"] == 9
    assert h.reason.params["then"]["tweak"] is True
    assert h.text().startswith("Use the Joker (+1) to make the target 9: then 2 plus 1 is 3")


def test_thief_hint_mentions_a_lost_turn():
    hands = [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a"), ("G2b",)]
    state = make_state(hands, ("R6",), (TOP_10,), owned=[("thief-1",), (), ()])
    h = hint(view(state))
    assert h.move == UseThief("thief-1", 2)
    assert h.reason == Reason("thief", {"victim": 2, "last_card": True})
    assert h.text() == "Use the Thief on player 3: it is their last card, so they miss a turn"


def test_discard_hint():
    state = make_state(
        [("R5", "G1a", "G6"), ("Y1a", "Y1b", "O3a")],
        ("Y2a",),
        (TOP_10,),
        turn=1,
        phase=Phase.DISCARD,
        pending=(0,),
        owned=[(), ("bomb",)],
        used=[(), ("bomb",)],
    )
    h = hint(view(state))
    assert h.move == Discard("G1a")
    assert h.text() == "Give up the green 1: it is worth the least to you"


def test_hint_for_another_level():
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R3a", "O4"), (TOP_9,))
    h = hint(view(state), level="clever", rng=random.Random(1))
    assert isinstance(h, Hint) and h.move in view(state).legal_moves()


@pytest.mark.parametrize("move,kind", [(UseShifter("shifter-1"), "shifter"), (UseBomb("bomb"), "bomb")])
def test_every_action_has_a_reason_and_words(move, kind):
    state = make_state(
        [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R6",), (TOP_10,), owned=[("shifter-1", "bomb"), ()]
    )
    reason = explain(view(state), move)
    assert reason.kind == kind and english(reason)


def test_hint_only_for_the_player_to_act():
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R3a",), (TOP_9,))
    with pytest.raises(ValueError):
        hint(view_of(state, 1))
