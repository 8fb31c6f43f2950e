"""The class tournament's seating (issue 16.5): every present child seated exactly once, at
tables of 3-4 where the count allows, by level as evenly as snake seating makes it."""

import random

import pytest
from hypothesis import given, strategies as st

from trainer.games.tournament import CannotSeat, mean_levels, seat_at_random, seat_by_level, table_sizes


@pytest.mark.parametrize(
    "present, sizes",
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (25, [4, 4, 4, 4, 3, 3, 3]),
        (28, [4] * 7),
    ],
)
def test_table_sizes(present, sizes):
    assert table_sizes(present) == sizes


def test_one_child_cannot_play_a_tournament():
    with pytest.raises(CannotSeat):
        table_sizes(1)
    with pytest.raises(CannotSeat):
        seat_at_random([7], random.Random(1))


@given(st.integers(min_value=6, max_value=60))
def test_sizes_are_3_and_4_with_as_many_4s_as_possible(n):
    sizes = table_sizes(n)
    assert sum(sizes) == n and set(sizes) <= {3, 4}
    assert sizes.count(3) <= 3  # four 3s would be three 4s


@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=40, unique=True), st.integers())
def test_at_random_seats_everyone_once(pupils, seed):
    tables = seat_at_random(pupils, random.Random(seed))
    seated = [p for t in tables for p in t]
    assert sorted(seated) == sorted(pupils)
    assert [len(t) for t in tables] == table_sizes(len(pupils))


@given(st.dictionaries(st.integers(1, 10_000), st.floats(400, 2000), min_size=2, max_size=40), st.integers())
def test_by_level_seats_everyone_once_and_evenly(levels, seed):
    tables = seat_by_level(levels, random.Random(seed))
    assert sorted(p for t in tables for p in t) == sorted(levels)
    assert sorted(len(t) for t in tables) == sorted(table_sizes(len(levels)))
    means = mean_levels(tables, levels)
    # Snake seating: every table gets one of each "lap" of strengths, so two tables' means
    # differ by less than the class's range of levels.
    assert max(means) - min(means) <= max(levels.values()) - min(levels.values()) + 1e-9


def test_by_level_is_more_even_than_seating_the_strongest_together():
    levels = {pid: 1600 - 100 * pid for pid in range(8)}  # 0 strongest ... 7 weakest
    tables = seat_by_level(levels, random.Random(3))
    assert sorted(sorted(t) for t in tables) == [[0, 3, 4, 7], [1, 2, 5, 6]]
    means = mean_levels(tables, levels)
    assert max(means) - min(means) == 0
