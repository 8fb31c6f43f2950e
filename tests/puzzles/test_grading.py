"""Grading a pupil's combinations: right / missed / wrong, correct, and partial credit for `all`
(credit = max(0, (right - wrong) / total), docs/puzzles.md)."""

import pytest

from puzzle_helpers import RULES_EXAMPLE
from trainer.engine.positions import Position
from trainer.puzzles import Combination, grade, make_puzzle, tapped_cards
from trainer.puzzles.grading import (
    BAD_DELTA,
    CARD_TWICE,
    NO_JOKER,
    NO_TABLE_CARD,
    NOT_BEST,
    NOT_FOCUS,
    NOT_IN_HAND,
    NOT_ON_TABLE,
    NOT_TWEAK,
    THERE_IS_ONE,
    UNKNOWN_CARD,
    WRONG_SUM,
)

ALL = make_puzzle("all", RULES_EXAMPLE)  # 3 combinations
P6_O3 = {"play": "P6", "capture": ["O3a"]}
P6_Y3 = {"play": "P6", "capture": ["Y3a"]}
SWEEP = {"play": "G2a", "capture": ["Y3a", "R1a", "O3a"]}  # any tap order
B4_WRONG = {"play": "B4", "capture": ["O3a", "R1a"]}  # 4 + 3 + 1 = 8, not 9


def test_all_found_is_correct_with_full_credit():
    g = grade(ALL, [P6_O3, SWEEP, P6_Y3])
    assert g.correct and g.credit == 1.0 and g.missed == () and g.wrong == ()
    assert [c.play for c in g.right] == ["P6", "G2a", "P6"]  # in the order entered
    assert g.first_right == 0


@pytest.mark.parametrize(
    "entries, credit",
    [
        ([P6_O3, SWEEP], 2 / 3),  # 2 right of 3:            (2 - 0) / 3
        ([P6_O3], 1 / 3),  # 1 right of 3:            (1 - 0) / 3
        ([P6_O3, SWEEP, P6_Y3, B4_WRONG], 2 / 3),  # all 3 and 1 wrong:      (3 - 1) / 3
        ([P6_O3, B4_WRONG], 0.0),  # 1 right, 1 wrong:        (1 - 1) / 3 = 0
        ([B4_WRONG], 0.0),  # floored at 0:            (0 - 1) / 3 -> 0
        ([], 0.0),
    ],
)
def test_all_partial_credit_is_right_minus_wrong_over_total(entries, credit):
    g = grade(ALL, entries)
    assert g.credit == pytest.approx(credit)
    assert g.correct == (credit == 1.0)


def test_all_missed_lists_what_was_not_found():
    g = grade(ALL, [P6_Y3])
    assert [(c.play, c.capture) for c in g.missed] == [("P6", ("O3a",)), ("G2a", ("R1a", "O3a", "Y3a"))]


def test_a_combination_entered_twice_counts_once():
    g = grade(ALL, [P6_O3, {"play": "P6", "capture": ["O3a"]}, B4_WRONG, B4_WRONG])
    assert len(g.right) == 1 and len(g.wrong) == 1 and g.credit == 0.0


def test_all_with_a_focus_card_calls_another_cards_capture_wrong():
    puzzle = make_puzzle("all", RULES_EXAMPLE, focus="P6")
    g = grade(puzzle, [P6_O3, P6_Y3, SWEEP])
    assert [w.reason for w in g.wrong] == [NOT_FOCUS] and g.credit == pytest.approx(1 / 2)


@pytest.mark.parametrize(
    "entry, reason, total",
    [
        ({"play": "B4", "capture": ["O3a", "R1a"]}, WRONG_SUM, 8),
        ({"play": "O3a", "capture": ["R1a"]}, NOT_IN_HAND, 4),
        ({"play": "P6", "capture": ["G2a"]}, NOT_ON_TABLE, 8),
        ({"play": "P6", "capture": ["O3a", "O3a"]}, CARD_TWICE, 12),
        ({"play": "P6", "capture": []}, NO_TABLE_CARD, 6),  # D5
        ({"play": "P6", "capture": ["R5"]}, UNKNOWN_CARD, None),
        ({"play": "P6", "capture": ["O3a"], "delta": 1}, NO_JOKER, 9),
    ],
)
def test_wrong_combinations_say_why(entry, reason, total):
    (w,) = grade(ALL, [entry]).wrong
    assert (w.reason, w.total) == (reason, total)


def test_tweak_right_and_wrong():
    puzzle = make_puzzle("tweak", RULES_EXAMPLE)
    assert grade(puzzle, [SWEEP]).correct
    g = grade(puzzle, [P6_O3])
    assert not g.correct and g.credit == 0 and [w.reason for w in g.wrong] == [NOT_TWEAK]
    assert [c.play for c in g.missed] == ["G2a"]
    g = grade(puzzle, [Combination.there_is_none()])
    assert not g.correct and g.said_none and [w.reason for w in g.wrong] == [THERE_IS_ONE]


def test_tweak_with_none_is_right_when_the_pupil_says_none():
    puzzle = make_puzzle("tweak", Position(9, ("O4", "G3a", "Y1b"), ("B2b", "R2a", "P3b")))
    g = grade(puzzle, [{"none": True}])
    assert g.correct and g.credit == 1.0 and g.said_none and g.first_right == 0
    # B2b + O4 + G3a = 9 is a capture but leaves Y1b: not a TWEAK, and there is none.
    g = grade(puzzle, [{"play": "B2b", "capture": ["O4", "G3a"]}])
    assert not g.correct and [w.reason for w in g.wrong] == [NOT_TWEAK] and g.missed == ()


def test_best_needs_the_best_capture():
    puzzle = make_puzzle("best", RULES_EXAMPLE)
    assert grade(puzzle, [SWEEP]).correct
    g = grade(puzzle, [P6_O3])
    assert not g.correct and g.wrong[0].reason == NOT_BEST and len(g.missed) == 1


def test_best_and_quick_with_one_right_and_one_wrong_are_not_correct():
    puzzle = make_puzzle("quick", RULES_EXAMPLE)
    g = grade(puzzle, [P6_O3, B4_WRONG])
    assert not g.correct and g.credit == 0.0 and len(g.right) == 1 and g.missed == ()


def test_quick_accepts_any_capture_and_misses_nothing():
    puzzle = make_puzzle("quick", RULES_EXAMPLE)
    for entry in (P6_O3, P6_Y3, SWEEP):
        g = grade(puzzle, [entry])
        assert g.correct and g.missed == ()


def test_joker_needs_the_delta_that_reaches_the_target():
    puzzle = make_puzzle("joker", Position(7, ("R1a", "G5"), ("B6", "O2a")))
    assert grade(puzzle, [{"play": "O2a", "capture": ["R1a", "G5"], "delta": 1}]).correct
    # The same cards without the Joker add up to 8, not 7.
    (w,) = grade(puzzle, [{"play": "O2a", "capture": ["R1a", "G5"]}]).wrong
    assert (w.reason, w.total, w.target) == (WRONG_SUM, 8, 7)
    # B6 + R1a = 7 is a capture, but worth 1 + 3 = 4 < 10.
    (w,) = grade(puzzle, [{"play": "B6", "capture": ["R1a"]}]).wrong
    assert w.reason == NOT_BEST
    (w,) = grade(puzzle, [{"play": "O2a", "capture": ["R1a", "G5"], "delta": 2}]).wrong
    assert w.reason == BAD_DELTA


def test_grade_json_shape():
    data = grade(ALL, [P6_O3, B4_WRONG]).to_json()
    assert set(data) == {"right", "missed", "wrong", "said_none", "correct", "credit", "first_right"}
    assert data["wrong"][0] == {"combination": B4_WRONG, "reason": WRONG_SUM, "total": 8, "target": 9}


@pytest.mark.parametrize(
    "bad",
    [
        [1, 2],
        {"play": 6},
        {"play": "P6", "capture": "O3a"},
        {"play": "P6", "delta": "1"},
        {"play": "P6", "capture": [], "extra": 1},
        {"none": True, "play": "P6"},
    ],
)
def test_malformed_combinations_raise_value_error(bad):
    with pytest.raises(ValueError):
        Combination.from_json(bad)


def test_combination_json_round_trip():
    for c in (Combination("P6", ("O3a",)), Combination("O2a", ("R1a", "G5"), 1), Combination.there_is_none()):
        assert Combination.from_json(c.to_json()) == c


def test_tapped_cards_counts_every_card_and_the_none_button():
    assert tapped_cards([P6_O3, SWEEP, {"none": True}]) == 2 + 4 + 1


def test_a_card_named_twice_is_wrong_and_does_not_hide_the_right_entry():
    g = grade(ALL, [{"play": "P6", "capture": ["O3a", "O3a"]}, P6_O3])
    assert [w.reason for w in g.wrong] == [CARD_TWICE] and len(g.right) == 1 and g.first_right == 1
