"""A pupil's streak: school days in a row with the drill done (trainer.puzzles.streaks)."""

from datetime import date, timedelta

import pytest

from trainer.puzzles.streaks import streak

MONDAY = date(2025, 3, 10)


def days(*offsets):
    return [MONDAY - timedelta(days=o) for o in offsets]


@pytest.mark.parametrize(
    "done, today, expected",
    [
        ([], MONDAY, 0),
        (days(0), MONDAY, 1),
        (days(1), MONDAY, 1),  # yesterday (Sunday) done, today not yet: still 1
        (days(3, 4), MONDAY, 2),  # Thursday and Friday; the weekend keeps it alive on Monday
        (days(0, 3, 4, 5), MONDAY, 4),
        (days(0, 1, 2, 3), MONDAY, 4),  # a drill done on the weekend counts
        (days(0, 4), MONDAY, 1),  # Thursday, then nothing on Friday: broken
        (days(7), MONDAY, 0),  # last week: gone
        (days(-1), MONDAY, 0),  # a day in the future (clock trouble) does not count
    ],
)
def test_streaks_count_school_days_in_a_row(done, today, expected):
    assert streak(done, today) == expected


def test_a_streak_survives_until_today_is_over():
    tuesday = MONDAY + timedelta(days=1)
    assert streak(days(0), tuesday) == 1 and streak(days(0), tuesday + timedelta(days=1)) == 0
