"""Issue 18 under load: what the puzzles handed out ahead cost the server, and whether answers
held through Wi-Fi drops are all stored once.

    .venv/bin/python bench/flaky_wifi.py [--pupils 300] [--seconds 30]

Runs bench/load_test.py's school three times in one go, each with its own fresh server:
no puzzles ahead and a steady network (the baseline), two ahead (the default), and two ahead
with 10% of the pupils in a 5-20 s drop at any moment. Reports server CPU per request as a
ratio to the baseline, the latencies, and the answer check of each run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load_test
from common import save_result

RUNS = (
    ("baseline: none ahead, steady Wi-Fi", 0, 0.0),
    ("two ahead, steady Wi-Fi", 2, 0.0),
    ("two ahead, 10% in a drop", 2, 0.1),
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pupils", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    results = []
    for name, ahead, flaky in RUNS:
        os.environ["TRAINER_AHEAD_PUZZLES"] = str(ahead)
        settings = argparse.Namespace(
            levels=str(args.pupils),
            seconds=args.seconds,
            warmup=6,
            think=3.0,
            teacher_every=10.0,
            workers=2,
            threads=8,
            flaky=flaky,
        )
        report = asyncio.run(load_test.run(settings))
        level = report["levels"][0]
        results.append(
            {
                "run": name,
                "ahead": ahead,
                "flaky": flaky,
                "p50_ms": level["p50_ms"],
                "p95_ms": level["p95_ms"],
                "errors": level["errors"],
                "cpu_ms": level["server_cpu_ms_per_request"],
                "answers": report["answers"],
            }
        )
    os.environ.pop("TRAINER_AHEAD_PUZZLES", None)
    base = results[0]["cpu_ms"]
    print(
        f"| {args.pupils} pupils | p50 ms | p95 ms | errors | server CPU ms/request | × baseline | answers "
        "held / stored queued / missing / counted twice / judged late |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        a = r["answers"]
        print(
            f"| {r['run']} | {r['p50_ms']:.0f} | {r['p95_ms']:.0f} | {r['errors']} | {r['cpu_ms']:.2f} | "
            f"{r['cpu_ms'] / base:.2f} | {a['held_through_drops']} / {a['stored_as_queued']} / {a['missing']} / "
            f"{a['rating_counts_off']} / {a['queued_judged_late']} |"
        )
    save_result("flaky_wifi", {"pupils": args.pupils, "runs": results})
    if any(
        r["answers"]["missing"] or r["answers"]["rating_counts_off"] or r["answers"]["queued_judged_late"]
        for r in results
    ):
        sys.exit("FAIL: an answer was lost, counted twice or judged late")


if __name__ == "__main__":
    main()
