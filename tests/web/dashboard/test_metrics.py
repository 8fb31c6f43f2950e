"""The rules behind a pupil's row: streaks, changes between weeks, who needs attention, sorting."""

from datetime import date, timedelta

import pytest

from trainer.web.dashboard import metrics
from trainer.web.dashboard.days import school_days_between, window
from trainer.web.dashboard.metrics import Reason, Week

MONDAY = date(2026, 3, 2)


def _days(*offsets):
    return {MONDAY + timedelta(days=o) for o in offsets}


@pytest.mark.parametrize(
    "done, today, expected",
    [
        (_days(-3, -4, -5, -6, -7), MONDAY, 5),  # every school day last week; today not done yet
        (_days(0, -3, -4), MONDAY, 3),  # today counts once done; the weekend is skipped
        (_days(-3, -4), MONDAY, 2),  # today still open: the streak stands
        (_days(-3, -5), MONDAY, 1),  # Thursday missed: the streak starts on Friday
        (_days(-1, -3), MONDAY, 2),  # a drill on Sunday counts too
        (set(), MONDAY, 0),
        (_days(1), MONDAY + timedelta(days=2), 1),  # Wednesday, not done yet; Tuesday done; Monday missed
    ],
)
def test_streak_counts_drill_days_in_a_row_skipping_weekends(done, today, expected):
    assert metrics.streak(done, today) == expected


def test_school_days_between_leaves_out_weekends_and_both_ends():
    friday = MONDAY - timedelta(days=3)
    assert school_days_between(friday, MONDAY) == 0
    assert school_days_between(friday - timedelta(days=7), MONDAY) == 5
    assert school_days_between(MONDAY, MONDAY + timedelta(days=4)) == 3


def test_a_window_is_inclusive_and_ends_today():
    assert window(MONDAY, 7) == ("2026-02-24", "2026-03-02")


def test_changes_need_five_answers_in_each_week():
    assert metrics.accuracy_change(Week(5, 4), Week(5, 2)) == pytest.approx(40.0)
    assert metrics.accuracy_change(Week(4, 4), Week(10, 2)) is None
    assert metrics.speed_change(Week(6, 5, 3000), Week(6, 5, 4500)) == -1500
    assert metrics.speed_change(Week(6, 5, None), Week(6, 5, 4500)) is None


def test_attention_for_a_pupil_who_never_practised():
    assert metrics.attention(Week(), Week(), None, MONDAY) == (Reason("never"),)


def test_attention_after_three_school_days_without_practice():
    tuesday_before = MONDAY - timedelta(days=6)  # Wednesday, Thursday, Friday missed
    wednesday_before = MONDAY - timedelta(days=5)
    assert metrics.attention(Week(), Week(), tuesday_before, MONDAY) == (Reason("idle", 3),)
    assert metrics.attention(Week(), Week(), wednesday_before, MONDAY) == ()


def test_attention_when_accuracy_falls_ten_points_on_enough_answers():
    assert metrics.attention(Week(10, 6), Week(10, 7), MONDAY, MONDAY) == (Reason("falling", 10),)
    assert metrics.attention(Week(20, 14), Week(20, 15), MONDAY, MONDAY) == ()  # 5 points
    assert metrics.attention(Week(9, 5), Week(9, 8), MONDAY, MONDAY) == ()  # too few answers


def test_attention_when_right_less_than_half_the_time():
    assert metrics.attention(Week(10, 4), Week(), MONDAY, MONDAY) == (Reason("low", 0.4),)


def _row(name, accuracy_answers=(0, 0), streak=0):
    return metrics.PupilSummary(
        pupil_id=hash(name),
        name=name,
        drill_today="none",
        streak=streak,
        week=Week(*accuracy_answers),
        previous_week=Week(),
        rating=None,
        rated_answers=0,
        games_played=0,
        capture_chances=0,
        missed_captures=0,
        last_practice=None,
    )


def test_sorting_puts_pupils_without_a_value_last_in_both_directions():
    rows = [_row("Bea", (10, 5)), _row("adam"), _row("Cas", (10, 9)), _row("Dirk", (10, 5))]
    up = [r.name for r in metrics.sort_summaries(rows, "accuracy", False)]
    down = [r.name for r in metrics.sort_summaries(rows, "accuracy", True)]
    assert up == ["Bea", "Dirk", "Cas", "adam"]
    assert down == ["Cas", "Bea", "Dirk", "adam"]
    assert [r.name for r in metrics.sort_summaries(rows, "name", False)] == ["adam", "Bea", "Cas", "Dirk"]
