"""Engine benchmarks (issue 2): the solver against naive enumeration, and bot rounds per second.

    .venv/bin/python bench/bench_engine.py [--quick]

Prints a Markdown report (paste into docs/performance.md) and writes bench/results/engine.json.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import random
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import median, python_baseline_seconds, save_result
from trainer.cli.main import main as trainer_main
from trainer.cli.solve import solver_result_json
from trainer.engine.cards import card_table
from trainer.engine.positions import parse_position
from trainer.engine.solver import call_text, solve

TRAINER = str(Path(sys.executable).with_name("trainer"))


def positions(table_size: int, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    ids = list(card_table().numeric_ids)
    out = []
    for _ in range(count):
        cards = rng.sample(ids, table_size + 3)
        out.append({"target": rng.randint(7, 10), "table": cards[3:], "hand": cards[:3]})
    return out


def naive_solve_line(line: str) -> str:
    """The obvious program: every subset of the table for every hand card, JSON in and out."""
    position = json.loads(line)
    value, points = card_table().value, card_table().points
    table, target = position["table"], position["target"]
    captures = []
    for play in position["hand"]:
        for k in range(1, len(table) + 1):
            for combo in itertools.combinations(table, k):
                if value[play] + sum(value[c] for c in combo) == target:
                    captures.append(
                        {
                            "target": target,
                            "play": play,
                            "capture": list(combo),
                            "tweak": k == len(table),
                            "points": points[play] + sum(points[c] for c in combo),
                            "call": call_text(play, combo),
                        }
                    )
    return json.dumps({"target": target, "captures": captures})


def solver_line(line: str) -> str:
    """What `trainer solve --lines` does with one line."""
    return solver_result_json(parse_position(json.loads(line)))


def solve_only(position: dict) -> list:
    return solve(position["hand"], position["table"], position["target"])


def per_line_seconds(fn, lines: list, repeats: int) -> list[float]:
    """Best of `repeats` for each line (the least disturbed by other work on the machine)."""
    out = []
    for line in lines:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            fn(line)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def lines_mode_seconds_per_position(lines: list[str]) -> float:
    """`trainer solve --lines` in-process on a file of positions: JSON in and out included."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    runs = []
    for _ in range(3):
        sink = io.StringIO()
        start = time.perf_counter()
        with redirect_stdout(sink):
            trainer_main(["solve", "--lines", f.name])
        runs.append((time.perf_counter() - start) / len(lines))
    Path(f.name).unlink()
    return median(runs)


def solver_table(quick: bool) -> list[dict]:
    """Naive and solver timed on the same positions; the ratio is the median of per-position ratios."""
    rows = []
    naive_counts = {8: 100, 12: 40, 16: 12, 20: 3, 24: 1}
    for size in (8, 12, 16, 20, 24, 30):
        lines = [json.dumps(p) for p in positions(size, 300 if not quick else 60, seed=size)]
        solver = per_line_seconds(solver_line, lines, repeats=3)
        parsed = [json.loads(line) for line in lines]
        captures = [len(solve_only(p)) for p in parsed]
        core = per_line_seconds(solve_only, parsed, repeats=3)
        row = {
            "table": size,
            "positions": len(lines),
            "captures_median": median(captures),
            "solver_us": median(solver) * 1e6,
            "solve_only_us": median(core) * 1e6,
            "solve_only_max_us": max(core) * 1e6,
            "lines_mode_us": lines_mode_seconds_per_position(lines) * 1e6,
        }
        if size in naive_counts:
            n = naive_counts[size] if not quick else max(1, naive_counts[size] // 4)
            naive = per_line_seconds(naive_solve_line, lines[:n], repeats=2 if size <= 16 else 1)
            row.update(naive_us=median(naive) * 1e6, ratio=median(a / b for a, b in zip(naive, solver[:n])))
        rows.append(row)
    return rows


def rounds_per_second(players: int, rounds: int) -> float:
    times = []
    for seed in range(3):
        start = time.perf_counter()
        subprocess.run(
            [
                TRAINER,
                "play",
                "--players",
                str(players),
                "--bots",
                "random",
                "--seed",
                str(seed),
                "--rounds",
                str(rounds),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return rounds / median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    args = parser.parse_args()
    baseline = python_baseline_seconds()
    solver = solver_table(args.quick)
    rps = {p: rounds_per_second(p, 200 if args.quick else 1000) for p in (2, 4, 6)}
    report = {"python_baseline_ms": baseline * 1e3, "solver": solver, "random_rounds_per_second": rps}
    save_result("engine", report)

    print(f"Machine baseline (fixed Python loop): {baseline * 1e3:.1f} ms\n")
    print(
        "| table cards | captures (median) | solve() only, µs (median / max) | solve + JSON in and out, µs | "
        "`solve --lines`, µs/position (mean) | naive + JSON, µs | naive ÷ solver (median of pairs) |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in solver:
        naive = f"{row['naive_us']:,.0f}" if "naive_us" in row else "–"
        ratio = f"{row['ratio']:,.0f}×" if "ratio" in row else "–"
        print(
            f"| {row['table']} | {row['captures_median']:,.0f} | {row['solve_only_us']:,.0f} / "
            f"{row['solve_only_max_us']:,.0f} | {row['solver_us']:,.0f} | {row['lines_mode_us']:,.0f} | "
            f"{naive} | {ratio} |"
        )
    print("\n| players | random-bot rounds per second via `trainer play` |")
    print("|---|---|")
    for players, value in rps.items():
        print(f"| {players} | {value:,.0f} |")


if __name__ == "__main__":
    main()
