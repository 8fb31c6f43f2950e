"""Choosing puzzles: predicted success about 75%, never twice in a session, randomness among
near-equal candidates."""

import random

import pytest

from trainer.puzzles import Rating, choose_puzzle, p_correct, predicted_success


def synthetic_bank(n=600, seed=3):
    rng = random.Random(seed)
    return {f"p{i:03d}": rng.uniform(-3, 3) for i in range(n)}


def test_selection_holds_75_percent_on_a_synthetic_bank():
    # Ratings known exactly, answers drawn from the model: the success rate is what selection aims at.
    bank = synthetic_bank()
    rng = random.Random(7)
    predicted, successes, draws = [], 0, 0
    for theta in (-1.0, 0.0, 0.8, 1.5):
        for _session in range(25):
            seen: set[str] = set()
            for _ in range(20):
                pid = choose_puzzle(theta, bank, seen, rng)
                seen.add(pid)
                p = p_correct(theta, bank[pid])
                predicted.append(p)
                successes += rng.random() < p
                draws += 1
    assert sum(predicted) / draws == pytest.approx(0.75, abs=0.01)
    assert all(0.69 <= p <= 0.81 for p in predicted)
    assert successes / draws == pytest.approx(0.75, abs=0.03)  # 2000 draws: sd 0.01


def test_never_the_same_puzzle_twice_in_a_session():
    bank = synthetic_bank(40)
    rng = random.Random(1)
    seen: set[str] = set()
    chosen = []
    for _ in range(40):
        pid = choose_puzzle(Rating(0.5, 10), bank, seen, rng)
        assert pid not in seen
        seen.add(pid)
        chosen.append(pid)
    assert sorted(chosen) == sorted(bank)
    assert choose_puzzle(0.5, bank, seen, rng) is None  # all seen


def test_near_equal_candidates_are_drawn_at_random():
    bank = synthetic_bank()
    picks = {choose_puzzle(0.0, bank, set(), random.Random(seed)) for seed in range(30)}
    assert len(picks) > 5


def test_far_candidates_are_never_chosen_when_near_ones_exist():
    # Pupil 0: the 75% puzzle has rating -ln 3 = -1.0986.
    bank = {"easy": -4.0, "right": -1.1, "also": -1.0, "hard": 2.0}
    picks = {choose_puzzle(0.0, bank, set(), random.Random(s)) for s in range(50)}
    assert picks == {"right", "also"}


def test_the_closest_is_taken_when_nothing_is_near_the_target():
    bank = {"easy": -4.0, "hard": 2.0}
    assert choose_puzzle(0.0, bank, set(), random.Random(0)) == "easy"  # 98% beats 12% as "closest to 75%"


def test_choice_depends_on_the_rng_not_on_the_candidate_order():
    bank = synthetic_bank()
    pairs = list(bank.items())
    a = choose_puzzle(0.3, pairs, set(), random.Random(5))
    b = choose_puzzle(0.3, list(reversed(pairs)), set(), random.Random(5))
    assert a == b


def test_candidates_may_carry_ratings():
    bank = {"x": Rating(-1.1, 3), "y": Rating(2.0, 3)}
    assert choose_puzzle(Rating(0.0, 3), bank, set(), random.Random(0)) == "x"
    assert predicted_success(Rating(0.0), Rating(-1.0986123)) == pytest.approx(0.75)
