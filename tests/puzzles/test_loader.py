"""Puzzle files: the curated sets load; a teacher's file with a mistake is refused with the line."""

import json
from collections import Counter

import pytest

from puzzle_helpers import RULES_EXAMPLE, expected_answer, key
from trainer.puzzles import PuzzleFileError, load_puzzle_file, load_seed_puzzles, parse_puzzle_text

GOOD = '{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"]}'


def test_curated_sets_load_and_cover_every_kind():
    sets = load_seed_puzzles()
    puzzles = [p for ps in sets.values() for p in ps]
    assert len(puzzles) >= 40
    kinds = Counter(p.kind for p in puzzles)
    assert set(kinds) == {"all", "tweak", "best", "joker", "quick"} and min(kinds.values()) >= 5
    difficulties = [p.difficulty for p in puzzles]
    assert min(difficulties) < 0 and max(difficulties) > 2
    assert any(p.none_is_right for p in puzzles)
    assert any(p.features.joker_moves_best for p in puzzles) and any(
        not p.features.joker_moves_best for p in puzzles if p.kind == "joker"
    )
    for p in puzzles:
        assert {key(c) for c in p.answer} == expected_answer(p.kind, p.position, p.focus)


def test_curated_sets_include_the_rules_examples():
    examples = load_seed_puzzles()["rules-examples"]
    assert {p.kind for p in examples} == {"all", "tweak", "best", "joker"}
    assert all(set(p.position.table) == set(RULES_EXAMPLE.table) for p in examples if p.kind != "joker")
    assert all("RULES.md" in p.note for p in examples)


def test_curated_ids_are_unique_across_sets():
    ids = [p.id for ps in load_seed_puzzles().values() for p in ps]
    assert len(ids) == len(set(ids))


def test_a_plain_position_is_an_all_puzzle_and_a_joker_position_a_joker_puzzle():
    joker = '{"target": 7, "table": ["R1a", "G5"], "hand": ["B6", "O2a"], "joker": true}'
    a, b = parse_puzzle_text(GOOD + "\n\n" + joker + "\n")
    assert (a.kind, a.focus, b.kind) == ("all", "hand", "joker")


def test_normalised_output_reads_back_the_same():
    (p,) = parse_puzzle_text(GOOD)
    assert parse_puzzle_text(json.dumps(p.to_json())) == [p]


def test_time_limit_and_difficulty_may_be_set():
    line = GOOD[:-1] + ', "kind": "quick", "time_limit": 30, "difficulty": -1.5}'
    (p,) = parse_puzzle_text(line)
    assert (p.time_limit, p.difficulty) == (30.0, -1.5)


@pytest.mark.parametrize(
    "bad_line, message",
    [
        ("{not json", "not valid JSON"),
        ('{"target": 9, "table": ["R1a"], "hand": ["Q7"]}', "unknown card 'Q7' in hand"),
        ('{"target": 9, "table": ["R1a"], "hand": ["R1a"]}', "R1a appears twice"),
        ('{"target": 9, "table": ["R1a"]}', "no 'hand'"),
        ('{"target": 9, "table": ["R1a"], "hand": ["R4"], "kind": "riddle"}', "unknown puzzle kind 'riddle'"),
        ('{"target": 9, "table": ["R1a"], "hand": ["R4"], "knid": "all"}', "unknown field 'knid'"),
        ('{"target": 9, "table": ["R1a"], "hand": ["B4"]}', "captures nothing"),
        ('{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6"], "focus": "G2a"}', "not in the hand"),
        (
            '{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6"], "kind": "quick", "joker": true}',
            "belongs to kind joker",
        ),
        ('{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["P6"], "time_limit": 0}', "time_limit must be"),
        ("[1, 2, 3]", "JSON object"),
        (GOOD, "the same puzzle as line 1"),
    ],
)
def test_a_bad_line_is_reported_with_its_number(tmp_path, bad_line, message):
    path = tmp_path / "class-4b.jsonl"
    path.write_text(GOOD + "\n\n" + bad_line + "\n", encoding="utf-8")
    with pytest.raises(PuzzleFileError) as caught:
        load_puzzle_file(path)
    assert caught.value.line == 3 and message in caught.value.message
    assert str(caught.value).startswith("class-4b.jsonl: line 3: ")


def test_a_missing_file_is_a_puzzle_file_error(tmp_path):
    with pytest.raises(PuzzleFileError, match="cannot read"):
        load_puzzle_file(tmp_path / "nope.jsonl")


def test_a_file_that_is_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(GOOD.encode() + b"\n" + '{"note": "é"}'.encode("latin-1") + b"\n")
    with pytest.raises(PuzzleFileError) as caught:
        load_puzzle_file(path)
    assert caught.value.line == 2 and "UTF-8" in caught.value.message
