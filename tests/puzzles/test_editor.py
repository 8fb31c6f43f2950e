"""The teacher's tap-to-build editor (issue 20): tapped cards, a target and a kind become a
puzzle by the same checks as an uploaded line, or a coded problem the page translates."""

import json

import pytest

from puzzle_helpers import RULES_EXAMPLE, expected_answer, key
from trainer.puzzles import PuzzleFileError, parse_puzzle_text
from trainer.puzzles.editor import draft_puzzle

TABLE, HAND = list(RULES_EXAMPLE.table), list(RULES_EXAMPLE.hand)


def test_the_rules_example_tapped_in_is_a_puzzle_with_the_solvers_answer():
    draft = draft_puzzle(TABLE, HAND, 9, "all")
    assert draft.problem is None
    assert {key(c) for c in draft.puzzle.answer} == expected_answer("all", RULES_EXAMPLE)  # RULES.md example
    assert [[s.total for s in c.steps] for c in draft.key.captures] == [[6, 9], [6, 9], [2, 3, 6, 9]]  # R5.4


def test_the_same_cards_tapped_in_another_order_are_the_same_puzzle():
    assert draft_puzzle(TABLE[::-1], HAND[::-1], 9, "all").puzzle.id == draft_puzzle(TABLE, HAND, 9, "all").puzzle.id


def test_table_order_is_kept_for_the_call():
    draft = draft_puzzle(["Y3a", "O3a", "R1a"], HAND, 9, "tweak")
    (sweep,) = draft.key.captures
    assert sweep.capture == ("Y3a", "O3a", "R1a")  # R5.4: table cards in table order


def test_a_joker_puzzle_gets_its_joker():
    draft = draft_puzzle(["O1a", "Y3a", "R4"], ["B5"], 9, "joker")
    assert draft.puzzle.position.joker  # R7.2
    assert draft.key.captures[0].joker == 1


def test_a_tweak_puzzle_may_have_none_for_its_answer():
    draft = draft_puzzle(["R1a", "O3a", "Y3a"], ["P6"], 9, "tweak")
    assert draft.problem is None and draft.key.none


def test_focus_on_one_hand_card():
    draft = draft_puzzle(TABLE, HAND, 9, "all", focus="P6")
    assert [c.play for c in draft.key.captures] == ["P6", "P6"]


TOO_MANY_TABLE = ["R1a", "R1b", "O1a", "O1b", "Y1a", "Y1b", "R2a", "O2a"]  # 144 captures at 7
WORST_TABLE = ["R1a", "R1b", "R2a", "R2b", "O1a", "O1b", "O2a", "O2b", "Y1a", "Y1b", "Y2a", "Y2b"]


@pytest.mark.parametrize(
    "table, hand, target, kind, focus, code, params",
    [
        ([], HAND, 9, "all", "hand", "table_size", {"count": 0, "high": 12}),
        (TABLE, [], 9, "all", "hand", "hand_size", {"count": 0, "high": 3}),
        (TABLE, HAND + ["Y1a"], 9, "all", "hand", "hand_size", {"count": 4, "high": 3}),  # R6.1
        (TABLE, HAND, 1, "all", "hand", "target_range", {"target": 1, "low": 2, "high": 30}),
        (TABLE, HAND, 31, "best", "hand", "target_range", {"target": 31, "low": 2, "high": 30}),
        (TABLE, HAND, "nine", "best", "hand", "target_not_whole", {}),
        (TABLE, HAND + ["O3a"], 9, "all", "hand", "card_twice", {"card": "O3a"}),
        (TABLE, ["Q7"], 9, "all", "hand", "unknown_card", {"card": "Q7", "field": "hand"}),
        (TABLE, HAND, 9, "riddle", "hand", "unknown_kind", {"kind": "riddle"}),
        (TABLE, HAND, 9, "best", "P6", "focus_wrong_kind", {"kind": "best"}),
        (TABLE, HAND, 9, "all", "R5", "focus_not_in_hand", {"card": "R5"}),
        (TABLE, HAND, 9, "all", "B4", "captures_nothing", {"focus": "B4", "target": 9, "kind": "all"}),  # D5
        (TABLE, ["B4"], 9, "quick", "hand", "captures_nothing", {"focus": "hand", "target": 9, "kind": "quick"}),
        (TOO_MANY_TABLE, ["G1a", "G2a", "G3a"], 7, "all", "hand", "too_many_answers", {"found": 144, "high": 10}),
        # Issue 45: every capture of twelve low cards is right in a quick puzzle: no key prints 1,740.
        (WORST_TABLE, ["R3a", "R3b", "O3a"], 12, "quick", "hand", "too_many_right", {"found": 1740, "high": 60}),
    ],
)
def test_a_bad_position_gets_the_same_coded_problem_as_the_same_line_uploaded(
    table, hand, target, kind, focus, code, params
):
    draft = draft_puzzle(table, hand, target, kind, focus)
    assert draft.puzzle is None and draft.key is None
    assert (draft.problem.code, draft.problem.params) == (code, params)
    line = json.dumps({"target": target, "table": table, "hand": hand, "kind": kind, "focus": focus})
    with pytest.raises(PuzzleFileError) as uploaded:
        parse_puzzle_text(line)
    assert (uploaded.value.code, uploaded.value.params, uploaded.value.message) == (code, params, draft.problem.message)
