"""Timing plausibility: which time to believe, and whether an answer may move the ratings."""

import math

import pytest

from puzzle_helpers import RULES_EXAMPLE
from trainer.puzzles import KSchedule, Rating, check_timing, make_puzzle, score_attempt
from trainer.puzzles.timing import CLIENT_LONGER, CLIENT_MUCH_SHORTER, NO_CLIENT_TIME, TOO_FAST


def test_plausible_times_use_the_client_measure():
    t = check_timing(client_seconds=6.2, server_seconds=6.9, taps=3)
    assert (t.seconds, t.source, t.flags, t.rated) == (6.2, "client", (), True) and t.plausible


def test_small_clock_differences_are_tolerated():
    # 0.25 s + 2% of 10 s = 0.45 s of slack.
    assert check_timing(10.4, 10.0, 3).plausible
    assert not check_timing(10.5, 10.0, 3).plausible


def test_client_time_longer_than_the_server_interval_is_replaced_by_the_server_time():
    t = check_timing(client_seconds=14.0, server_seconds=9.0, taps=3)
    assert t.flags == (CLIENT_LONGER,) and (t.seconds, t.source) == (9.0, "server") and t.rated


def test_a_client_time_far_below_the_server_interval_is_not_believed():
    # Server 20 s, page claims 2 s: 18 s of "loading" is not honest; score with 20 - 5 = 15 s.
    t = check_timing(client_seconds=2.0, server_seconds=20.0, taps=2)
    assert t.flags == (CLIENT_MUCH_SHORTER,) and (t.seconds, t.source) == (15.0, "server") and t.rated
    # A slow page load of a few seconds is honest: 9 s against the server's 12 s is believed.
    assert check_timing(client_seconds=9.0, server_seconds=12.0, taps=2).plausible
    # Short intervals: 3 s against 7.5 s is less than half but within the 5 s allowance...
    assert check_timing(client_seconds=3.0, server_seconds=7.5, taps=2).plausible
    # ...and long ones get no more than the allowance and 2%: 30 s against 40 s is not.
    assert check_timing(client_seconds=30.0, server_seconds=40.0, taps=2).flags == (CLIENT_MUCH_SHORTER,)


@pytest.mark.parametrize("client", [None, -1.0, math.nan, math.inf, "7"])
def test_missing_or_broken_client_time_falls_back_to_the_server(client):
    t = check_timing(client, 7.5, 2)
    assert t.flags == (NO_CLIENT_TIME,) and t.seconds == 7.5 and t.rated


def test_faster_than_a_human_can_tap_is_not_rated():
    # 4 taps need at least 4 * 0.25 = 1.0 s.
    t = check_timing(client_seconds=0.6, server_seconds=0.9, taps=4)
    assert t.flags == (TOO_FAST,) and not t.rated
    assert check_timing(1.0, 1.3, 4).rated


def test_a_fast_server_interval_is_too_fast_whatever_the_client_says():
    t = check_timing(client_seconds=None, server_seconds=0.3, taps=3)
    assert set(t.flags) == {NO_CLIENT_TIME, TOO_FAST} and not t.rated


def test_the_server_interval_must_be_a_time():
    with pytest.raises(ValueError):
        check_timing(1.0, -2.0, 1)


PUZZLE = make_puzzle("tweak", RULES_EXAMPLE)
SWEEP = [{"play": "G2a", "capture": ["R1a", "O3a", "Y3a"]}]


def test_score_attempt_grades_times_and_rates():
    # Right in 5 of 20 s: S = 0.75; equal ratings, E = 0; pupil K(0) = 1.0, puzzle K(0) = 0.5:
    # pupil 0 + 1.0 * 0.75 = 0.75, puzzle 0 - 0.5 * 0.75 = -0.375.
    out = score_attempt(
        PUZZLE,
        SWEEP,
        pupil=Rating(0, 0),
        puzzle_rating=Rating(0, 0),
        client_seconds=5.0,
        server_seconds=5.4,
        pupil_k=KSchedule(1.0, 0.1, 4),
        puzzle_k=KSchedule(0.5, 0.05, 10),
        pupil_trust=0,
    )
    assert out.grade.correct and out.score == 0.75 and out.limit == 20.0
    assert out.pupil_after == Rating(0.75, 1) and out.puzzle_after == Rating(-0.375, 1)
    assert out.to_json()["rated"] is True


def test_score_attempt_uses_the_server_time_when_the_client_claims_more():
    out = score_attempt(PUZZLE, SWEEP, pupil=Rating(), puzzle_rating=Rating(), client_seconds=19.0, server_seconds=10.0)
    assert out.timing.source == "server" and out.score == pytest.approx(0.5)  # 1 - 10/20


def test_score_attempt_too_fast_leaves_ratings_alone():
    out = score_attempt(
        PUZZLE, SWEEP, pupil=Rating(0.4, 9), puzzle_rating=Rating(-0.2, 30), client_seconds=0.3, server_seconds=0.5
    )
    assert out.grade.correct and out.update is None
    assert out.pupil_after == Rating(0.4, 9) and out.puzzle_after == Rating(-0.2, 30)


def test_score_attempt_with_the_drills_time_limit():
    # Extra time: limit 30 s, right in 6 s -> S = 1 - 6/30 = 0.8.
    out = score_attempt(
        PUZZLE, SWEEP, pupil=Rating(), puzzle_rating=Rating(), client_seconds=6.0, server_seconds=6.5, limit=30
    )
    assert out.score == pytest.approx(0.8) and out.limit == 30


def test_passing_without_an_answer_scores_like_a_time_out():
    # Nothing entered after 2 s: S = 0 (not the fast-wrong -0.9); the pupil loses only E[S].
    # Pupil 1 (30 answers) vs puzzle 0: E = coth(1) - 1 = 0.313035; K = 0.1 + 0.9 * 4/34 = 0.205882.
    out = score_attempt(
        PUZZLE,
        [],
        pupil=Rating(1.0, 30),
        puzzle_rating=Rating(0.0, 50),
        client_seconds=2.0,
        server_seconds=2.3,
        pupil_k=KSchedule(1.0, 0.1, 4),
    )
    assert out.passed and out.score == 0 and not out.grade.correct
    assert out.pupil_after.value == pytest.approx(1 - 0.205882 * 0.313035, abs=1e-6)
    assert out.to_json()["passed"] is True
