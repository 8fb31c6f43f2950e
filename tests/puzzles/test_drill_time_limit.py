"""The time a pupil gets for one puzzle of a drill (trainer.puzzles.drill_settings)."""

import pytest

from trainer.puzzles.drill_settings import DEFAULT, DrillSettings, limit_for


@pytest.mark.parametrize(
    "drill_limit, puzzle_limit, extra, expected",
    [
        (20, 20, 0, 20.0),  # the default drill on a one-combination puzzle
        (20, 30, 0, 30.0),  # an `all` puzzle with three combinations keeps its extra 10 s
        (10, 30, 0, 15.0),  # a faster class: scaled
        (10, 20, 15, 25.0),  # extra time on top, whatever the puzzle
        (5, 3, 0, 3.0),  # never under the puzzle format's floor of 3 s
        (120, 40, 120, 300.0),  # never over 300 s
    ],
)
def test_the_time_limit_scales_with_the_puzzle_and_adds_extra_time(drill_limit, puzzle_limit, extra, expected):
    settings = DrillSettings(10, None, DEFAULT.kinds, float(drill_limit))
    assert limit_for(settings, puzzle_limit, extra) == expected
