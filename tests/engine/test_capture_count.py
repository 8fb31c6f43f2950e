"""Counting captures instead of listing them (issue 45): the count and the best few agree with
the full solver (R5.2, D5, R7.2) on random positions, in the reading order of "Check our table"
(TWEAKs first, R5.3; then points, R2)."""

import random

from trainer.engine.capture_count import rank_key, ranked
from trainer.engine.cards import card_table
from trainer.engine.solver import solve


def test_count_and_best_agree_with_the_full_solver_on_random_positions():
    rng = random.Random(45)
    ids = card_table().numeric_ids
    for _ in range(400):
        cards = rng.sample(ids, rng.randint(2, 15))
        hand, table = cards[: rng.randint(1, 3)], cards[3:] if len(cards) > 3 else cards[1:]
        hand = [c for c in hand if c not in table]
        target, joker = rng.choice((7, 8, 9, 10)), rng.random() < 0.5
        full = sorted(solve(hand, table, target, joker), key=lambda c: rank_key(c, hand, table))
        limit = rng.choice((1, 3, 12))
        counted = ranked(hand, table, target, joker, limit)
        assert counted.total == len(full)
        assert list(counted.best) == full[:limit]


def test_a_tweak_comes_first_even_with_fewer_points():
    # RULES.md's example: the TWEAK G2a+R1a+O3a+Y3a (6 points) before P6+O3a (2 points).
    counted = ranked(("B4", "P6", "G2a"), ("R1a", "O3a", "Y3a"), 9, False, 1)
    assert counted.total == 3
    assert counted.best[0].tweak and counted.best[0].play == "G2a"


def test_no_table_or_no_reachable_sum_counts_nothing():
    assert ranked(("B4",), (), 9, False, 5) == (0, ())
    assert ranked(("P6",), ("R5",), 7, False, 5).total == 0  # 6 + 5 is not 7 (D5: 6 alone never)
