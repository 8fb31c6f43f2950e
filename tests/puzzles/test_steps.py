"""Running sums as structured steps (R5.4) for the tap screen and the feedback."""

from puzzle_helpers import RULES_EXAMPLE
from trainer.puzzles import call_steps, make_puzzle, tap_steps
from trainer.puzzles.steps import Step


def test_tap_steps_follow_the_tap_order():
    # "4 plus 3 is 7, plus 2 is 9" (issue 5)
    steps = tap_steps(["B4", "O3a", "G2a"])
    assert [(s.value, s.total) for s in steps] == [(4, 4), (3, 7), (2, 9)]
    assert steps[0].to_json() == {"card": "B4", "value": 4, "total": 4}


def test_no_taps_no_steps():
    assert tap_steps([]) == ()


def test_call_steps_start_with_the_hand_card_and_match_the_call():
    (sweep,) = make_puzzle("tweak", RULES_EXAMPLE).answer
    steps = call_steps(sweep)
    assert [s.card for s in steps] == ["G2a", "R1a", "O3a", "Y3a"]
    assert [s.total for s in steps] == [2, 3, 6, 9]  # "2 plus 1 is 3, plus 3 is 6, plus 3 is 9"
    assert Step.from_json(steps[-1].to_json()) == steps[-1]
