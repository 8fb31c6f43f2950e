"""A small run of bench/learner_sim.py: the real rating and selection code holds success near
75% and recovers the simulated pupils' order (the full run is reported in docs/performance.md)."""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import learner_sim


def test_small_simulation_holds_the_success_rate_and_ranks_pupils():
    result = learner_sim.simulate(pupils=60, answers=40, bank_size=400, seed=3)
    for cohort in ("cold", "warm"):
        points = result[cohort]["checkpoints"]
        assert set(points) == {20, 40}
        success = statistics.fmean(p["success"] for p in points.values())
        assert 0.68 <= success <= 0.82, (cohort, success)
        assert points[40]["spearman"] > 0.6
        assert points[40]["rmse"] < points[20]["rmse"] + 0.05
    err, used = result["warm_puzzles"]
    assert used > 0 and err < result["prior_rmse"] + 0.1


def test_simulation_is_reproducible():
    a = learner_sim.simulate(pupils=10, answers=20, bank_size=60, seed=5)
    b = learner_sim.simulate(pupils=10, answers=20, bank_size=60, seed=5)
    assert a["cold"]["checkpoints"] == b["cold"]["checkpoints"]


def test_spearman_of_a_monotone_relation_is_one():
    assert learner_sim.spearman([1, 2, 3, 4], [10, 20, 25, 400]) == 1.0
    assert learner_sim.spearman([1, 2, 3], [3, 2, 1]) == -1.0


def test_climbing_pupils_reach_the_effort_level_after_two_weeks_of_drills():
    # Level 2 asks for 100 rated answers only: ten 10-puzzle drills (docs/performance.md).
    result = learner_sim.climb(pupils=12, days=14, bank_size=200, seed=2)
    days = [r[2] for r in result["reached"] if 2 in r]
    assert len(days) == 12 and all(10 <= d <= 12 for d in days)
    summary = learner_sim.climb_summary(result)
    assert summary[0]["level"] == 2 and summary[0]["typical_share"] == 1.0
    assert all(r["share"] <= s["share"] for s, r in zip(summary, summary[1:]))  # fewer reach higher
