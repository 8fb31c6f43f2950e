"""`make bench`: every benchmark of docs/performance.md, one after another, with the commands
that page gives. Results go to bench/results/; each script prints its own table.

    .venv/bin/python bench/run_all.py                  # about 25 minutes on 2 cores
    .venv/bin/python bench/run_all.py --only engine,bots
    .venv/bin/python bench/run_all.py --with-ladder    # plus the bot ladder and the strength dial (about an hour more)

Run it on a quiet machine: the load and crash tests use both cores, and the think times and
solver figures are compared against numbers measured the same way.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PY = sys.executable

BENCHMARKS = {
    "engine": [PY, BENCH / "bench_engine.py"],
    "bots": [PY, BENCH / "bench_bots.py", "--rounds", "100", "--json", BENCH / "results" / "think_time.json"],
    "learner": [PY, BENCH / "learner_sim.py"],
    "game_levels": [PY, BENCH / "game_level_sim.py"],
    "dashboard": [PY, BENCH / "bench_dashboard.py"],
    "request_cost": [PY, BENCH / "request_cost.py", "--rounds", "300"],
    "write_load": [PY, BENCH / "write_load.py", "--processes", "4", "--threads", "8", "--rounds", "3"],
    "load": [
        PY,
        BENCH / "load_test.py",
        "--levels",
        "100,200,300,400,500,600,700,800,900,1000",
        "--seconds",
        "25",
        "--client-processes",
        "2",
    ],
    "crash": [PY, BENCH / "crash_test.py", "--pupils", "300", "--kills", "5"],
}
LADDER = [
    "nice",
    "-n",
    "10",
    PY,
    BENCH / "ladder.py",
    "--rounds",
    "1000",
    "--jobs",
    "2",
    "--json",
    BENCH / "results" / "ladder.json",
]
# Rewrites seed_data/bot_elo.json (the same figures on the same code and seed).
DIAL = ["nice", "-n", "10", PY, BENCH / "dial.py", "--rounds", "3000", "--jobs", "2"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help=f"comma-separated, of: {', '.join(BENCHMARKS)}")
    parser.add_argument("--with-ladder", action="store_true", help="also run the bot ladder and the strength dial")
    args = parser.parse_args(argv)
    chosen = dict(BENCHMARKS)
    if args.only:
        names = args.only.split(",")
        unknown = [n for n in names if n not in BENCHMARKS]
        if unknown:
            parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
        chosen = {n: BENCHMARKS[n] for n in names}
    if args.with_ladder:
        chosen["ladder"] = LADDER
        chosen["dial"] = DIAL
    (BENCH / "results").mkdir(exist_ok=True)
    failed = []
    for name, command in chosen.items():
        print(f"\n== {name}: {' '.join(map(str, command))}", flush=True)
        started = time.perf_counter()
        status = subprocess.run([str(part) for part in command], cwd=BENCH.parent).returncode
        print(f"== {name}: exit {status} after {time.perf_counter() - started:.0f} s", flush=True)
        if status:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
