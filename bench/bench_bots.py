"""Think time per move of each bot level (issue 3): median and 95th percentile.

Each measured bot plays seeded rounds against `casual` (2 players by default); every decision
it is asked for is timed. CPU time of this process is reported (the time on one core, which
other programs on the machine do not inflate), and wall time beside it.

    python bench/bench_bots.py                      # all levels, 40 rounds each
    nice -n 10 python bench/bench_bots.py --levels clever,expert --rounds 100 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots import LEVELS, make_bot
from trainer.engine.rules import apply
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def measure(level: str, rounds: int, players: int, seed: int, opponent: str = "casual") -> dict:
    rng = random.Random(seed)
    bot = make_bot(level)
    other = make_bot(opponent)
    cpu, wall = [], []
    for r in range(rounds):
        state = new_round(players, rng)
        seat_of_bot = r % players
        bot_rng = random.Random(rng.getrandbits(64))
        while not state.over:
            seat = state.current_player
            view = view_of(state, seat)
            if seat == seat_of_bot:
                c0, w0 = time.process_time(), time.perf_counter()
                move = bot.choose(view, bot_rng)
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            else:
                move = other.choose(view, rng)
            state = apply(state, move, rng)

    def ms(x):
        return round(1000 * x, 2)

    return {
        "level": level,
        "players": players,
        "rounds": rounds,
        "moves": len(cpu),
        "cpu_ms": {
            "median": ms(statistics.median(cpu)),
            "p95": ms(percentile(cpu, 0.95)),
            "mean": ms(statistics.fmean(cpu)),
            "max": ms(max(cpu)),
        },
        "wall_ms": {"median": ms(statistics.median(wall)), "p95": ms(percentile(wall, 0.95)), "max": ms(max(wall))},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    results = []
    print("| level | players | moves | median ms | p95 ms | mean ms | max ms | wall p95 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for level in args.levels.split(","):
        r = measure(level, args.rounds, args.players, args.seed)
        results.append(r)
        c, w = r["cpu_ms"], r["wall_ms"]
        print(
            f"| {level} | {r['players']} | {r['moves']} | {c['median']} | {c['p95']} | "
            f"{c['mean']} | {c['max']} | {w['p95']} |",
            flush=True,
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
