"""HSHS score, expected score and Elo updates (Klinkenberg et al. 2011; Maris & van der Maas 2012),
with hand-computed numbers in the comments."""

import math

import pytest

from trainer.puzzles.rating import (
    PUPIL_K,
    PUPIL_TRUST,
    PUZZLE_K,
    KSchedule,
    Rating,
    expected_score,
    gap_for,
    hshs_score,
    langevin,
    p_correct,
    starting_rating,
    trust,
    update,
)

# Schedules fixed here so the worked numbers do not move when the defaults are tuned.
PUPIL = KSchedule(start=1.0, floor=0.1, half=4)  # K(0) = 1.0, K(4) = 0.1 + 0.9 * 4/8 = 0.55
PUZZLE = KSchedule(start=0.5, floor=0.05, half=10)  # K(0) = 0.5, K(10) = 0.05 + 0.45 * 10/20 = 0.275
LN3 = math.log(3)


@pytest.mark.parametrize(
    "credit, seconds, limit, score",
    [
        (1, 5, 20, 0.75),  # (2*1 - 1)(1 - 5/20)
        (0, 5, 20, -0.75),  # a fast wrong answer costs as much as a fast right one earns
        (1, 0, 20, 1.0),
        (0, 19, 20, -0.05),  # slow guessing costs almost nothing
        (1, 20, 20, 0.0),  # at the limit: nothing
        (1, 35, 20, 0.0),  # past the limit: nothing
        (0.5, 4, 20, 0.0),  # half credit: (2*0.5 - 1) = 0
        (2 / 3, 10, 20, 1 / 6),  # (4/3 - 1)(1 - 1/2)
    ],
)
def test_hshs_score_worked_numbers(credit, seconds, limit, score):
    assert hshs_score(credit, seconds, limit) == pytest.approx(score)


def test_hshs_score_needs_a_positive_limit():
    with pytest.raises(ValueError):
        hshs_score(1, 3, 0)


def test_expected_score_at_the_75_percent_gap():
    # a = ln 3: coth(ln 3) = (9 + 1)/(9 - 1) = 1.25, 1/ln 3 = 0.910239 -> E[S] = 0.339761; P = 3/4.
    assert expected_score(LN3, 0) == pytest.approx(0.339761, abs=1e-6)
    assert p_correct(LN3, 0) == pytest.approx(0.75)
    assert gap_for(0.75) == pytest.approx(LN3)


def _density_moments(a: float, steps: int = 4000):
    """The HSHS model: S has density proportional to e^(a s) on [-1, 1]. Midpoint rule."""
    h = 2 / steps
    s_values = [-1 + h * (i + 0.5) for i in range(steps)]
    weights = [math.exp(a * s) for s in s_values]
    z = sum(weights)
    mean = sum(s * w for s, w in zip(s_values, weights)) / z
    positive = sum(w for s, w in zip(s_values, weights) if s > 0) / z
    return mean, positive


@pytest.mark.parametrize("a", [-3.0, -0.7, 0.2, LN3, 2.5])
def test_expected_score_and_p_correct_follow_from_the_model_density(a):
    mean, positive = _density_moments(a)
    assert expected_score(a, 0) == pytest.approx(mean, abs=1e-5)
    assert p_correct(a, 0) == pytest.approx(positive, abs=1e-3)


def test_expected_score_is_monotone_bounded_and_odd():
    gaps = [x / 10 for x in range(-80, 81)]
    values = [expected_score(g, 0) for g in gaps]
    assert all(a < b for a, b in zip(values, values[1:]))
    assert all(-1 < v < 1 for v in values)
    for g in gaps:
        assert expected_score(0, g) == pytest.approx(-expected_score(g, 0), abs=1e-12)
        assert expected_score(1.5 + g, 1.5) == pytest.approx(expected_score(g, 0), abs=1e-12)
    assert expected_score(0, 0) == 0


def test_langevin_is_smooth_through_zero():
    # Series a/3 - a^3/45 below 1e-3, closed form above: both agree at the seam.
    assert langevin(0.00099) == pytest.approx(1 / math.tanh(0.00099) - 1 / 0.00099, rel=1e-6)
    assert langevin(1e-4) == pytest.approx(1e-4 / 3, rel=1e-6)


def test_p_correct_is_stable_for_large_gaps():
    assert p_correct(800, 0) == 1.0 and p_correct(0, 800) == 0.0


def test_k_schedule_worked_numbers_and_shape():
    assert PUPIL.k(0) == pytest.approx(1.0)
    assert PUPIL.k(4) == pytest.approx(0.55)
    assert PUPIL.k(36) == pytest.approx(0.1 + 0.9 * 4 / 40)  # 0.19
    for schedule in (PUPIL_K, PUZZLE_K):
        ks = [schedule.k(n) for n in range(0, 2000, 10)]
        assert all(a > b for a, b in zip(ks, ks[1:]))
        assert ks[0] == pytest.approx(schedule.start) and schedule.floor < ks[-1] < schedule.floor * 1.1


def test_default_k_schedules_are_separate_and_pupils_move_faster():
    assert PUPIL_K != PUZZLE_K
    assert PUPIL_K.k(0) > PUZZLE_K.k(0)


def test_update_first_answer_right_in_5_of_20_seconds():
    # S = 0.75, E = 0 (equal ratings); pupil 0 + 1.0 * 0.75 = 0.75; puzzle 0 - 0.5 * 0.75 = -0.375.
    u = update(Rating(0, 0), Rating(0, 0), 1, 5, 20, pupil_k=PUPIL, puzzle_k=PUZZLE, pupil_trust=0)
    assert (u.score, u.expected, u.k_pupil, u.k_puzzle) == (0.75, 0.0, 1.0, 0.5)
    assert u.pupil == Rating(0.75, 1) and u.puzzle == Rating(-0.375, 1)


def test_update_wrong_answer_when_75_percent_was_expected():
    # theta - beta = ln 3: E = 0.339761. Wrong in 10 of 20 s: S = -0.5, S - E = -0.839761.
    # Pupil (4 answers): K = 0.55 -> ln 3 - 0.55 * 0.839761 = 1.098612 - 0.461868 = 0.636744.
    # Puzzle (10 answers): K = 0.275 -> 0 + 0.275 * 0.839761 = 0.230934.
    u = update(Rating(LN3, 4), Rating(0, 10), 0, 10, 20, pupil_k=PUPIL, puzzle_k=PUZZLE, pupil_trust=0)
    assert u.pupil.value == pytest.approx(0.636744, abs=1e-6) and u.pupil.count == 5
    assert u.puzzle.value == pytest.approx(0.230934, abs=1e-6) and u.puzzle.count == 11


def test_update_a_timeout_moves_ratings_by_the_expected_score_only():
    # Past the limit S = 0; with theta - beta = 1: E = coth(1) - 1 = 0.313035; pupil K(0) = 1.
    u = update(Rating(1, 0), Rating(0, 0), 1, 25, 20, pupil_k=PUPIL, puzzle_k=PUZZLE, pupil_trust=0)
    assert u.score == 0 and u.pupil.value == pytest.approx(1 - 0.313035, abs=1e-6)
    assert u.puzzle.value == pytest.approx(0.5 * 0.313035, abs=1e-6)


def test_partial_credit_moves_ratings_less_than_full_credit():
    full = update(Rating(0, 20), Rating(), 1, 8, 20)
    part = update(Rating(0, 20), Rating(), 2 / 3, 8, 20)
    none = update(Rating(0, 20), Rating(), 0, 8, 20)
    assert full.pupil.value > part.pupil.value > 0 > none.pupil.value
    assert full.puzzle.value < part.puzzle.value < 0 < none.puzzle.value


def test_rating_json_round_trip():
    assert Rating.from_json(Rating(0.25, 7).to_json()) == Rating(0.25, 7)


def test_trust_grows_with_the_pupils_answers():
    # n / (n + 20): 0, 1/3 after 10, 1/2 after 20, 0.8 after 80; no damping with half 0.
    assert [trust(n) for n in (0, 10, 20, 80)] == pytest.approx([0, 1 / 3, 1 / 2, 0.8])
    assert PUPIL_TRUST == 20 and trust(0, 0) == 1.0


def test_a_new_pupils_first_answer_does_not_move_the_puzzle():
    # Default schedules: pupil K(0) = 1.5 -> 0 + 1.5 * 0.75 = 1.125; trust(0) = 0 -> puzzle stays.
    u = update(Rating(0, 0), Rating(0.4, 3), 1, 5, 20)
    assert u.pupil == Rating(pytest.approx(1.5 * (0.75 - expected_score(0, 0.4))), 1)
    assert u.puzzle == Rating(0.4, 4) and u.k_puzzle == 0


def test_a_settled_pupil_moves_the_puzzle_by_half_its_k():
    # Pupil with 20 answers: trust 1/2; puzzle K(0) = 0.5 -> 0.25; S = 0.75, E = 0: puzzle -0.1875.
    u = update(Rating(0, 20), Rating(0, 0), 1, 5, 20, pupil_k=PUPIL, puzzle_k=PUZZLE)
    assert u.k_puzzle == pytest.approx(0.25) and u.puzzle.value == pytest.approx(-0.1875)


def test_starting_rating_is_the_median_of_settled_ratings():
    assert starting_rating([]) == Rating(0.0, 0)
    others = [Rating(1.0, 30), Rating(2.0, 25), Rating(-5.0, 3), Rating(0.5, 40), Rating(1.4, 20)]
    # Settled (>= 20 answers): 0.5, 1.0, 1.4, 2.0 -> median (1.0 + 1.4) / 2 = 1.2; the 3-answer pupil is left out.
    assert starting_rating(others) == Rating(pytest.approx(1.2), 0)
    assert starting_rating([Rating(3.0, 5)]) == Rating(0.0, 0)
