"""A worksheet's answer key (issue 20): every right capture, as the solver and the kind's rule
decide it, called as a running sum from the hand card (R5.4); and the sheet's code."""

import random

import pytest

from puzzle_helpers import RULES_EXAMPLE, expected_answer
from trainer.engine.cards import card_table
from trainer.engine.positions import Position
from trainer.puzzles import generate, load_seed_puzzles, make_puzzle
from trainer.puzzles.worksheet import (
    CODE_ALPHABET,
    BankPuzzle,
    WorksheetError,
    answer_key,
    choose_puzzles,
    parse_sheet_code,
    sheet_code,
    sheet_request,
    writing_lines,
)

SEED_PUZZLES = [p for puzzles in load_seed_puzzles().values() for p in puzzles]
GENERATED = generate(60, random.Random(20))


def test_the_rules_example_key_lists_the_three_combinations_with_their_running_sums():
    sheet_key = answer_key(make_puzzle("all", RULES_EXAMPLE))
    assert [(c.play, c.capture) for c in sheet_key.captures] == [
        ("P6", ("O3a",)),
        ("P6", ("Y3a",)),
        ("G2a", ("R1a", "O3a", "Y3a")),
    ]  # RULES.md example
    sweep = sheet_key.captures[2]
    # R5.4: "2 plus 1 is 3, plus 3 is 6, plus 3 is 9", hand card first
    assert [(s.card, s.value, s.total) for s in sweep.steps] == [
        ("G2a", 2, 2),
        ("R1a", 1, 3),
        ("O3a", 3, 6),
        ("Y3a", 3, 9),
    ]
    assert sweep.tweak and sweep.worth == 6 + 2  # R2 points + the [T!] card (R5.3)
    assert sweep.joker == 0 and not sheet_key.none


@pytest.mark.parametrize("puzzle", SEED_PUZZLES + GENERATED, ids=lambda p: p.id)
def test_every_key_is_the_solvers_right_answer_called_from_the_hand_card(puzzle):
    sheet_key = answer_key(puzzle)
    assert {(c.target, c.play, frozenset(c.capture)) for c in sheet_key.captures} == expected_answer(
        puzzle.kind, puzzle.position, puzzle.focus
    )
    value = card_table().value
    for c in sheet_key.captures:
        cards = (c.play, *c.capture)
        assert c.play in puzzle.position.hand and set(c.capture) <= set(puzzle.position.table)
        assert [s.card for s in c.steps] == list(cards)  # R5.4
        assert [s.total for s in c.steps] == [sum(value[x] for x in cards[: n + 1]) for n in range(len(cards))]
        assert c.steps[-1].total == c.target == puzzle.position.target + c.joker  # R5.2, R7.2
        assert c.joker in ((-1, 0, 1) if puzzle.kind == "joker" else (0,))
        assert c.tweak == (set(c.capture) == set(puzzle.position.table))  # R5.3


def test_a_tweak_puzzle_without_a_sweep_has_none_as_its_key():
    puzzle = make_puzzle("tweak", Position(9, ("R1a", "O3a", "Y3a"), ("P6",)))  # P6+3 leaves cards
    assert answer_key(puzzle).none and answer_key(puzzle).captures == ()


def test_a_joker_key_says_which_way_the_joker_moves_the_target():
    # target 9, hand B5, table O1a Y3a R4: B5+O1a+Y3a makes 9 worth 6 (R2), B5+O1a+R4 makes 10
    # with the Joker +1 (R7.2) worth 4 + 1 + 3 = 8 (a 5 is 4, a red card 3): the best
    puzzle = make_puzzle("joker", Position(9, ("O1a", "Y3a", "R4"), ("B5",)))
    (best,) = answer_key(puzzle).captures
    assert (best.play, best.capture, best.joker, best.target, best.worth) == ("B5", ("O1a", "R4"), 1, 10, 8)
    assert [s.total for s in best.steps] == [5, 6, 10]


def test_a_quick_key_lists_every_capture_since_any_is_right():
    puzzle = make_puzzle("quick", RULES_EXAMPLE)
    assert len(answer_key(puzzle).captures) == 3


def test_lines_to_write_on_do_not_give_away_a_single_combination():
    assert writing_lines(make_puzzle("all", RULES_EXAMPLE, focus="G2a")) == 3  # 1 combination
    five = next(p for p in SEED_PUZZLES if p.kind == "all" and len(p.answer) == 5)
    assert writing_lines(five) == 5
    assert writing_lines(make_puzzle("best", RULES_EXAMPLE)) == 1


# ---------------------------------------------------------------- the sheet's code


def test_a_sheet_code_is_eight_symbols_that_read_back_however_they_are_typed():
    code = sheet_code(["all-0aa2fe705e27", "tweak-aba3ec92f978"])
    assert len(code) == 9 and code[4] == "-"
    assert all(s in CODE_ALPHABET for s in code.replace("-", ""))
    assert not set(code) & set("ILOU")
    assert parse_sheet_code(code) == code
    assert parse_sheet_code(code.lower().replace("-", " ")) == code
    assert parse_sheet_code("  " + code.replace("-", "") + "\n") == code
    assert parse_sheet_code("k7qm-3xpa") == parse_sheet_code("K7QM3XPA") == "K7QM-3XPA"
    assert parse_sheet_code("oi1l-0000") == "0111-0000"  # O read as 0, I and L as 1


@pytest.mark.parametrize("typed", ["", "K7QM-3XP", "K7QM-3XPAB", "K7QM-3XPU", "K7QM_3XPA", None, 12345678])
def test_something_that_cannot_be_a_code_is_refused(typed):
    with pytest.raises(WorksheetError) as caught:
        parse_sheet_code(typed)
    assert caught.value.code == "bad_code"


def test_the_code_brings_back_the_same_sheet_and_only_that_sheet():
    bank = [BankPuzzle(p.id, p.kind, p.difficulty) for p in SEED_PUZZLES + GENERATED]
    store: dict[str, tuple[str, ...]] = {}  # what the web layer keeps: code -> ordered ids
    sheets = set()
    for seed in range(20):
        ids = choose_puzzles(sheet_request(["all", "tweak", "best"], "class", 6, seed), bank, 1.0).ids
        code = sheet_code(ids)
        assert store.setdefault(code, ids) == ids  # no two different sheets share a code
        sheets.add(ids)
    for code, ids in store.items():
        assert store[parse_sheet_code(code.lower())] == ids
        assert sheet_code(ids) == code  # printing the sheet again: the same code
    assert len(store) == len(sheets) > 15


def test_order_and_salt_change_the_code():
    ids = ["all-0aa2fe705e27", "tweak-aba3ec92f978"]
    assert sheet_code(ids) != sheet_code(ids[::-1])
    assert len({sheet_code(ids, salt) for salt in range(5)}) == 5
