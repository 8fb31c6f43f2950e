"""Shared helpers for benchmarks: medians, percentiles and a machine-speed baseline."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def median(values) -> float:
    return statistics.median(values)


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def timed(fn, *args, **kwargs) -> float:
    start = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - start


def python_baseline_seconds(repeats: int = 5) -> float:
    """Median time of a fixed pure-Python workload: divides out how fast this machine is today."""

    def workload():
        total = 0
        for i in range(300_000):
            total += i % 7
        return total

    return median(timed(workload) for _ in range(repeats))


def save_result(name: str, data) -> Path:
    """bench/results/NAME.json, the machine-readable companion of a printed report."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path
