"""Problems with puzzles carry a code and its parameters beside the English message, so that an
upload page and the editor can say the same thing in the teacher's language."""

import pytest

from trainer.engine.positions import PositionError, parse_position
from trainer.puzzles import PuzzleError, PuzzleFileError, parse_puzzle, parse_puzzle_text

LINE = '{"target": 9, "table": ["R1a", "O3a"], "hand": ["B5"]}'


def test_a_line_that_is_not_json():
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_text(LINE + "\n{target: 9}")
    assert (caught.value.line, caught.value.code) == (2, "not_json")


def test_a_repeated_puzzle_names_the_earlier_line():
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_text(f"{LINE}\n\n{LINE}")
    assert (caught.value.line, caught.value.code, caught.value.params) == (3, "same_as_line", {"line": 1})


@pytest.mark.parametrize(
    "data, code, params",
    [
        (
            {"position": {"target": 9, "table": ["R1a"], "hand": ["B5"], "colour": "red"}},
            "unknown_field",
            {"field": "colour"},
        ),
        ({"target": 9, "table": ["R1a"]}, "missing_field", {"field": "hand"}),
        ({"target": 9, "table": "R1a", "hand": ["B5"]}, "not_a_list", {"field": "table"}),
        ({"target": 9, "table": ["R1a"], "hand": ["B5"], "joker": "yes"}, "joker_not_bool", {}),
        ({"target": 9, "table": ["R1a"], "hand": [7]}, "unknown_card", {"card": "7", "field": "hand"}),
    ],
)
def test_a_positions_own_problem_keeps_its_code_inside_a_puzzle(data, code, params):
    with pytest.raises(PositionError) as position:
        parse_position(data.get("position", data))
    assert (position.value.code, position.value.params) == (code, params)
    with pytest.raises(PuzzleError) as puzzle:
        parse_puzzle(data)
    assert (puzzle.value.code, puzzle.value.params, str(puzzle.value)) == (code, params, str(position.value))
