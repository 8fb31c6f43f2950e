"""Puzzle kinds (issue 5): the answer is the solver's captures that count as right; make_puzzle
refuses unfair puzzles; ids come from the content."""

import pytest

from puzzle_helpers import RULES_EXAMPLE, expected_answer, key
from trainer.engine.positions import Position
from trainer.puzzles import KINDS, Puzzle, PuzzleError, make_puzzle, worth


def calls(puzzle):
    return sorted(c.call() for c in puzzle.answer)


def test_all_on_the_rules_example_finds_the_three_combinations():
    puzzle = make_puzzle("all", RULES_EXAMPLE)
    assert {key(c) for c in puzzle.answer} == {
        (9, "P6", frozenset({"O3a"})),
        (9, "P6", frozenset({"Y3a"})),
        (9, "G2a", frozenset({"R1a", "O3a", "Y3a"})),
    }


def test_all_with_a_focus_card_counts_card_sets_not_value_patterns():
    # RULES.md: P6+O3a and P6+Y3a are two combinations.
    puzzle = make_puzzle("all", RULES_EXAMPLE, focus="P6")
    assert [c.capture for c in puzzle.answer] == [("O3a",), ("Y3a",)]
    assert puzzle.features.answers == 2 and puzzle.features.duplicates == 2


def test_tweak_answer_is_the_sweep():
    puzzle = make_puzzle("tweak", RULES_EXAMPLE)
    assert [c.call() for c in puzzle.answer] == ["2 plus 1 is 3, plus 3 is 6, plus 3 is 9"]
    assert not puzzle.none_is_right


def test_tweak_without_a_sweep_has_none_as_answer():
    puzzle = make_puzzle("tweak", Position(9, ("O4", "G3a", "Y1b"), ("B2b", "R2a", "P3b")))
    assert puzzle.answer == () and puzzle.none_is_right


def test_best_counts_the_tweak_card_won():
    # G2a sweep: 1 + 3 + 1 + 1 = 6 points plus a [T!] card (R2: 2) = 8; P6+O3a is 2.
    puzzle = make_puzzle("best", RULES_EXAMPLE)
    (best,) = puzzle.answer
    assert best.play == "G2a" and best.points == 6 and worth(best) == 8


def test_best_can_be_a_capture_that_is_not_a_tweak():
    # Target 8: R5+G1a+O2b = 5+1+1 = 7 beats the Y2a sweep worth 4 + 2 = 6.
    puzzle = make_puzzle("best", Position(8, ("G1a", "O2b", "B3a"), ("Y2a", "R5", "P6")))
    assert [(c.play, c.capture) for c in puzzle.answer] == [("R5", ("G1a", "O2b"))]


def test_best_with_a_tie_accepts_every_capture_of_top_worth():
    puzzle = make_puzzle("best", Position(10, ("Y4", "G2a", "B3b", "O1a"), ("R6", "P5", "G3a")))
    assert len(puzzle.answer) == 2 and len({worth(c) for c in puzzle.answer}) == 1


def test_joker_rules_example_plus_one_sweeps():
    # RULES.md: target 7 with Joker -1 is 6, B6 alone cannot capture (D5); +1 makes O2a+R1a+G5 = 8.
    puzzle = make_puzzle("joker", Position(7, ("R1a", "G5"), ("B6", "O2a")))
    assert puzzle.position.joker
    assert [(c.target, c.play, c.capture) for c in puzzle.answer] == [(8, "O2a", ("R1a", "G5"))]
    assert puzzle.features.joker_moves_best


def test_joker_puzzle_where_keeping_the_target_is_best():
    puzzle = make_puzzle("joker", Position(9, ("R4", "O3a"), ("R5", "B2a")))
    assert [(c.target, c.play) for c in puzzle.answer] == [(9, "R5")]
    assert not puzzle.features.joker_moves_best


def test_quick_accepts_any_capture():
    position = Position(8, ("Y5", "G1a"), ("O3a", "R6", "B2b"))
    puzzle = make_puzzle("quick", position)
    assert {key(c) for c in puzzle.answer} == expected_answer("quick", position)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_agrees_with_the_independent_statement(kind):
    position = Position(10, ("R1a", "O2a", "Y3a", "G4", "B5"), ("P5", "O6", "G1b"))
    puzzle = make_puzzle(kind, position)
    assert {key(c) for c in puzzle.answer} == expected_answer(kind, puzzle.position)


@pytest.mark.parametrize(
    "kind, position, focus, message",
    [
        ("all", Position(9, ("R1a", "O3a", "Y3a"), ("B4",)), "hand", "captures nothing"),
        ("all", RULES_EXAMPLE, "B4", "B4 captures nothing"),
        ("all", RULES_EXAMPLE, "R6", "not in the hand"),
        ("best", RULES_EXAMPLE, "P6", "focus is for kind all"),
        ("quick", Position(9, ("R1a",), ("B4",)), "hand", "captures nothing"),
        ("best", Position(9, (), ("B4",)), "hand", "table must hold"),
        ("best", Position(9, ("R1a",), ()), "hand", "hand must hold"),
        ("best", Position(9, ("R1a",), ("B4", "P6", "G2a", "Y1a")), "hand", "hand must hold 1 to 3"),
        ("best", Position(99, ("R1a",), ("B4",)), "hand", "target 99 is out of range"),
        ("quick", Position(9, ("R1a", "O3a", "Y3a"), ("P6",), True), "hand", "belongs to kind joker"),
        ("riddle", RULES_EXAMPLE, "hand", "unknown puzzle kind"),
    ],
)
def test_unfair_puzzles_are_refused_with_a_reason(kind, position, focus, message):
    with pytest.raises(PuzzleError, match=message):
        make_puzzle(kind, position, focus)


def test_id_is_a_content_hash_independent_of_card_order():
    a = make_puzzle("all", RULES_EXAMPLE)
    b = make_puzzle("all", Position(9, ("Y3a", "R1a", "O3a"), ("G2a", "P6", "B4")))
    c = make_puzzle("quick", RULES_EXAMPLE)
    d = make_puzzle("all", RULES_EXAMPLE, focus="P6")
    assert a.id == b.id and a.id.startswith("all-")
    assert len({a.id, c.id, d.id}) == 3


def test_puzzle_json_round_trip():
    puzzle = make_puzzle("all", RULES_EXAMPLE, focus="P6", note="card sets")
    data = puzzle.to_json()
    assert set(data) >= {"kind", "position", "answer", "difficulty", "features", "focus", "id", "time_limit"}
    assert data["answer"][0] == {
        "target": 9,
        "play": "P6",
        "capture": ["O3a"],
        "tweak": False,
        "points": 2,
        "call": "6 plus 3 is 9",
    }
    assert Puzzle.from_json(data) == puzzle


def test_from_json_refuses_an_answer_that_is_not_the_solvers():
    data = make_puzzle("tweak", RULES_EXAMPLE).to_json()
    data["answer"] = [{"target": 9, "play": "P6", "capture": ["O3a"]}]
    with pytest.raises(PuzzleError, match="answer does not match the solver"):
        Puzzle.from_json(data)


def test_from_json_refuses_a_forged_id():
    data = make_puzzle("tweak", RULES_EXAMPLE).to_json()
    data["id"] = "tweak-000000000000"
    with pytest.raises(PuzzleError, match="does not match the content"):
        Puzzle.from_json(data)
