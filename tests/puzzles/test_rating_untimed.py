"""Accuracy alone, for a child with "no timer" (issue 49.3): S = 2x - 1 against its expectation
tanh(a/2) under the same P(correct), so the time an answer took changes nothing and the
rating stays on the timed scale."""

import math

import pytest

from trainer.puzzles import score_attempt
from trainer.puzzles.loader import load_seed_puzzles
from trainer.puzzles.rating import ACCURACY_DISCRIMINATION, Rating, accuracy_score, expected_accuracy, p_correct, update

PUZZLE = next(p for group in load_seed_puzzles().values() for p in group if p.kind == "best" and p.answer)
RIGHT = [{"play": PUZZLE.answer[0].play, "capture": list(PUZZLE.answer[0].capture)}]


@pytest.mark.parametrize("gap", [-3.0, -1.0, 0.0, 0.5, 2.0])
def test_the_expected_accuracy_is_twice_p_correct_less_one(gap):
    assert expected_accuracy(gap, 0.0, 1.0) == pytest.approx(2 * p_correct(gap, 0.0) - 1)
    d = ACCURACY_DISCRIMINATION
    assert expected_accuracy(gap, 0.0) == pytest.approx(2 * p_correct(gap, 0.0, d) - 1)
    assert expected_accuracy(gap, 0.0) == pytest.approx(math.tanh(d * gap / 2))


def test_right_wrong_and_partial_credit():
    assert (accuracy_score(1), accuracy_score(0), accuracy_score(0.5)) == (1.0, -1.0, 0.0)


def test_an_untimed_answer_scores_the_same_fast_or_slow():
    pupil, puzzle = Rating(0.5, 30), Rating(0.0, 50)
    fast = score_attempt(
        PUZZLE, RIGHT, pupil=pupil, puzzle_rating=puzzle, client_seconds=3.0, server_seconds=3.4, limit=20, timed=False
    )
    slow = score_attempt(
        PUZZLE,
        RIGHT,
        pupil=pupil,
        puzzle_rating=puzzle,
        client_seconds=300.0,
        server_seconds=300.4,
        limit=600,
        timed=False,
    )
    assert fast.score == slow.score == 1.0
    assert fast.pupil_after == slow.pupil_after and fast.pupil_after.value > pupil.value
    assert fast.to_json()["timed"] is False


def test_an_untimed_pass_costs_the_expected_score_not_a_wrong_answer():
    pupil, puzzle = Rating(0.5, 30), Rating(0.0, 50)
    passed = score_attempt(
        PUZZLE, [], pupil=pupil, puzzle_rating=puzzle, client_seconds=9.0, server_seconds=9.2, limit=600, timed=False
    )
    assert passed.passed and passed.score == 0.0
    step = passed.update
    assert step.pupil.value == pytest.approx(pupil.value - step.k_pupil * expected_accuracy(0.5, 0.0))


def test_a_scripted_too_fast_untimed_answer_moves_nothing():
    pupil = Rating(0.5, 30)
    bounced = score_attempt(
        PUZZLE,
        RIGHT,
        pupil=pupil,
        puzzle_rating=Rating(),
        client_seconds=0.05,
        server_seconds=0.1,
        limit=600,
        timed=False,
    )
    assert bounced.update is None and bounced.pupil_after == pupil


def test_the_timed_update_is_unchanged():
    timed = update(Rating(0.2, 10), Rating(0.0, 10), 1, 5.0, 20.0)
    assert timed.score == pytest.approx(0.75)
