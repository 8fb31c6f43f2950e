"""The strength ladder of issue 3: duplicate-deal tournaments of neighbouring levels.

2 players, single rounds, each deal played in both seat orders (a deal pair). Prints a
markdown table (win rate of the first bot, 95% interval over deal pairs, target) and writes
the full results as JSON. Run it niced on a shared machine:

    nice -n 10 python bench/ladder.py --rounds 1000 --jobs 2 --json bench/results/ladder.json
    nice -n 10 python bench/ladder.py --pairings clever-casual --rounds 200

Each row is the same as `trainer tournament --bots A,B --rounds K --seed S`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots.tournament import run_games, summarize

# (first, second, target win rate of the first), cheapest pairings first.
PAIRINGS = [
    ("beginner", "random", 0.55),
    ("casual", "beginner", 0.65),
    ("clever", "casual", 0.58),
    ("expert", "clever", 0.55),
]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="deal pairs per pairing")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairings", help="comma-separated, e.g. clever-casual (default: all)")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    wanted = PAIRINGS
    if args.pairings:
        names = set(args.pairings.split(","))
        wanted = [p for p in PAIRINGS if f"{p[0]}-{p[1]}" in names]
    rows = []
    print("| pairing | win rate of the first | 95% interval | target | met | mean points | Elo gap | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    for first, second, target in wanted:
        start = time.time()

        def progress(done, total, name=f"{first} vs {second}"):
            if done % max(1, total // 10) == 0 or done == total:
                print(f"ladder: {name} {done}/{total}", file=sys.stderr, flush=True)

        games = run_games([first, second], 2, args.rounds, args.seed, jobs=args.jobs, progress=progress)
        out = summarize(games, [first, second], 2, args.rounds)
        minutes = (time.time() - start) / 60
        a = out["bots"][first]
        lo, hi = a["ci95"]
        met = a["win_rate"] >= target and lo > 0.5
        rows.append(
            {
                "first": first,
                "second": second,
                "target": target,
                "met": met,
                "minutes": round(minutes, 1),
                "result": out,
            }
        )
        print(
            f"| {first} vs {second} | {a['win_rate']:.1%} | {lo:.1%} - {hi:.1%} | "
            f">= {target:.0%} | {'yes' if met else 'NO'} | "
            f"{a['mean_points']} - {out['bots'][second]['mean_points']} | "
            f"{out['elo'][first] - out['elo'][second]} | {minutes:.1f} |",
            flush=True,
        )
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(
            json.dumps({"rounds": args.rounds, "seed": args.seed, "rows": rows}, indent=2) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
