"""The strength dial's curve (issue 17): `dial:X` for X = 0, 0.1, ..., 1 against `random`,
`beginner` and `casual` on duplicate deals, and the Elo of every dial point and level.

Each dial point also plays the points 0.1 and 0.2 above it: children play bots near their own
strength, so the Elo differences between neighbours are the ones the game levels rely on, and
one scale fitted only to lopsided results (dial:0 against casual) would squeeze them.

2 players, single rounds, every deal played in both seat orders (a deal pair), the same deals
for every pairing (so neighbouring dial points are compared on the same cards and, as the dial
draws the same random numbers whatever X is, on the same luck). Prints the Markdown of
docs/performance.md ("Bots: strength dial"), writes bench/results/dial.json and the Elo table
the game levels read (seed_data/bot_elo.json). Run it niced on a shared machine:

    nice -n 10 .venv/bin/python bench/dial.py --rounds 3000 --jobs 2

Checks:
- monotone: each step up wins at least as often as the point below against every opponent,
  beyond noise (the 95% interval of the paired per-deal difference does not lie below 0), does
  not lose to the point below head to head beyond noise, and the fitted Elo rises at every
  step;
- coverage: `dial:0` is no stronger than `random` and `dial:1` no weaker than `casual`
  (beyond noise: within their 95% intervals).

Elo: one Bradley-Terry fit of every pairwise result (trainer.bots.tournament.elo), `random` at
0, with 95% intervals from resampling the deals. `clever` and `expert` are not played here (a
ladder run takes most of an hour): their Elo is chained onto casual's from bench/ladder.py's
results (--ladder, bench/results/ladder.json when it exists, else the gaps docs/performance.md
gives for the 1,000-pair ladder of seed 2024).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.bots.tournament import (
    Z95,
    bradley_terry,
    pairwise_results,
    run_games,
    summarize,
    win_shares,
)

DIALS = [round(k / 10, 1) for k in range(11)]
OPPONENTS = ["random", "beginner", "casual"]
FIXED = [("beginner", "random"), ("casual", "beginner"), ("casual", "random")]
# bench/ladder.py, 1,000 deal pairs, seed 2024 (docs/performance.md, "Bots: strength ladder"):
# the Elo gap of each searching level over the one below it.
LADDER_GAPS = {"clever": ("casual", 83), "expert": ("clever", 29)}
ELO_FILE = ROOT / "seed_data" / "bot_elo.json"


def dial(x: float) -> str:
    return f"dial:{x:g}"


def per_deal_shares(games, name: str) -> dict[int, float]:
    """Mean win share of `name` over the rotations of each deal."""
    got: dict[int, list[float]] = {}
    for g in games:
        shares = win_shares(g.scores)
        got.setdefault(g.deal, []).append(sum(s for seat, s in zip(g.seats, shares) if seat == name))
    return {d: sum(v) / len(v) for d, v in got.items()}


def paired_difference(upper: dict[int, float], lower: dict[int, float]) -> tuple[float, float, float]:
    """Mean per-deal difference of two win shares on the same deals, with a 95% interval."""
    diffs = [upper[d] - lower[d] for d in upper]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in diffs) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def fitted_elo(names, wins) -> dict[str, float]:
    p = bradley_terry(names, wins, iterations=2000, tol=1e-9)
    return {a: 400.0 * math.log10(p[a] / p["random"]) for a in names}


def elo_with_intervals(
    games_by_pairing: dict, names: list[str], deals: int, resamples: int, seed: int
) -> dict[str, tuple[float, float, float]]:
    """Elo of every name from all pairwise results, with a 95% interval from resampling deals
    (the same deals for every pairing, as they were played)."""
    per_deal = []  # (deal, (a, b), wins of a over b)
    for pairing, games in games_by_pairing.items():
        for g in games:
            for key, value in pairwise_results([g], list(pairing)).items():
                if value:
                    per_deal.append((g.deal, key, value))
    wins = {(a, b): 0.0 for a in names for b in names if a != b}
    for _, key, value in per_deal:
        wins[key] += value
    point = fitted_elo(names, wins)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {a: [] for a in names}
    for _ in range(resamples):
        weight = [0] * deals
        for _ in range(deals):
            weight[rng.randrange(deals)] += 1
        sample = dict.fromkeys(wins, 0.0)
        for d, key, value in per_deal:
            if weight[d]:
                sample[key] += weight[d] * value
        for a, r in fitted_elo(names, sample).items():
            draws[a].append(r)
    out = {}
    for a in names:
        ordered = sorted(draws[a])
        lo = ordered[int(0.025 * (len(ordered) - 1))]
        hi = ordered[int(math.ceil(0.975 * (len(ordered) - 1)))]
        out[a] = (point[a], lo, hi)
    return out


def ladder_gaps(path: Path | None) -> tuple[dict, str]:
    if path is not None and path.exists():
        rows = json.loads(path.read_text())["rows"]
        gaps = {}
        for row in rows:
            if row["first"] in LADDER_GAPS and row["second"] == LADDER_GAPS[row["first"]][0]:
                elo = row["result"]["elo"]
                gaps[row["first"]] = (row["second"], elo[row["first"]] - elo[row["second"]])
        if set(gaps) == set(LADDER_GAPS):
            return gaps, f"bench/ladder.py results ({path.name})"
    return LADDER_GAPS, "bench/ladder.py, 1,000 deal pairs, seed 2024 (docs/performance.md)"


def pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="deal pairs per pairing (at least 1,000 for the docs)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--resamples", type=int, default=200, help="bootstrap resamples for the Elo intervals")
    parser.add_argument("--ladder", type=Path, default=ROOT / "bench" / "results" / "ladder.json")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "dial.json")
    parser.add_argument(
        "--elo-out", type=Path, default=ELO_FILE, help="where the Elo table goes (default seed_data/bot_elo.json)"
    )
    args = parser.parse_args(argv)
    started = time.time()
    neighbours = [(dial(DIALS[i + k]), dial(DIALS[i])) for k in (1, 2) for i in range(len(DIALS) - k)]
    pairings = [(dial(x), opp) for x in DIALS for opp in OPPONENTS] + FIXED + neighbours
    games_by_pairing = {}
    summaries = {}
    for first, second in pairings:
        games = run_games([first, second], 2, args.rounds, args.seed, jobs=args.jobs)
        games_by_pairing[(first, second)] = games
        summaries[(first, second)] = summarize(games, [first, second], 2, args.rounds)
        a = summaries[(first, second)]["bots"][first]
        print(
            f"dial: {first} vs {second}: {pct(a['win_rate'])} ({time.time() - started:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    names = ["random", "beginner", "casual"] + [dial(x) for x in DIALS]
    ratings = elo_with_intervals(games_by_pairing, names, args.rounds, args.resamples, args.seed)

    # Monotone: paired per-deal differences of neighbouring dial points, per opponent.
    steps = []
    for opp in OPPONENTS:
        shares = {x: per_deal_shares(games_by_pairing[(dial(x), opp)], dial(x)) for x in DIALS}
        for lo_x, hi_x in zip(DIALS, DIALS[1:]):
            mean, lo, hi = paired_difference(shares[hi_x], shares[lo_x])
            steps.append(
                {
                    "opponent": opp,
                    "from": lo_x,
                    "to": hi_x,
                    "difference": mean,
                    "ci95": [lo, hi],
                    "weaker_beyond_noise": hi < 0,
                }
            )
    head_to_head = []
    for lo_x, hi_x in zip(DIALS, DIALS[1:]):
        a = summaries[(dial(hi_x), dial(lo_x))]["bots"][dial(hi_x)]
        head_to_head.append(
            {
                "from": lo_x,
                "to": hi_x,
                "win_rate": a["win_rate"],
                "ci95": a["ci95"],
                "weaker_beyond_noise": a["ci95"][1] < 0.5,
            }
        )
    elo_rises = all(ratings[dial(b)][0] > ratings[dial(a)][0] for a, b in zip(DIALS, DIALS[1:]))
    weaker = [s for s in steps + head_to_head if s["weaker_beyond_noise"]]
    monotone = elo_rises and not weaker
    bottom = summaries[(dial(0), "random")]["bots"][dial(0)]
    top = summaries[(dial(1), "casual")]["bots"][dial(1)]
    covers = bottom["ci95"][0] <= 0.5 and top["ci95"][1] >= 0.5

    gaps, gap_source = ladder_gaps(args.ladder)
    levels = {
        name: {
            "elo": round(ratings[name][0], 1),
            "ci95": [round(ratings[name][1], 1), round(ratings[name][2], 1)],
            "source": "measured by bench/dial.py",
        }
        for name in ("random", "beginner", "casual")
    }
    for name in ("clever", "expert"):
        below, gap = gaps[name]
        elo = levels[below]["elo"] + gap
        levels[name] = {"elo": round(elo, 1), "ci95": None, "source": f"{below} + {gap:g}: {gap_source}"}
    table = {
        "format": "tweak-bot-elo/1",
        "scale": "Elo of single 2-player rounds (a shared top score half a win): 400 log10 of "
        "Bradley-Terry strength, random = 0",
        "measured": f"bench/dial.py --rounds {args.rounds} --seed {args.seed}",
        "levels": levels,
        "dial": [
            {
                "x": x,
                "elo": round(ratings[dial(x)][0], 1),
                "ci95": [round(ratings[dial(x)][1], 1), round(ratings[dial(x)][2], 1)],
            }
            for x in DIALS
        ],
    }
    args.elo_out.write_text(json.dumps(table, indent=1) + "\n")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {
                "rounds": args.rounds,
                "seed": args.seed,
                "monotone": monotone,
                "covers": covers,
                "steps": steps,
                "head_to_head": head_to_head,
                "elo": table,
                "pairings": [{"first": a, "second": b, "result": summaries[(a, b)]} for a, b in pairings],
            },
            indent=1,
        )
        + "\n"
    )

    minutes = (time.time() - started) / 60
    print(f"{args.rounds:,} deal pairs per pairing, seed {args.seed}, {minutes:.1f} minutes.\n")
    print("| dial | vs random | vs beginner | vs casual | Elo (random = 0) | 95% interval |")
    print("|---|---|---|---|---|---|")

    def cell(first, second):
        a = summaries[(first, second)]["bots"][first]
        return f"{pct(a['win_rate'])} ({pct(a['ci95'][0])}–{pct(a['ci95'][1])})"

    for x in DIALS:
        r = ratings[dial(x)]
        print(
            f"| {x:g} | {cell(dial(x), 'random')} | {cell(dial(x), 'beginner')} | "
            f"{cell(dial(x), 'casual')} | {r[0]:.0f} | {r[1]:.0f} – {r[2]:.0f} |"
        )
    print("\n| level | Elo (random = 0) | 95% interval | from |")
    print("|---|---|---|---|")
    for name, row in levels.items():
        ci = f"{row['ci95'][0]:.0f} – {row['ci95'][1]:.0f}" if row["ci95"] else "–"
        print(f"| {name} | {row['elo']:.0f} | {ci} | {row['source']} |")
    print(
        f"\nFixed pairings on the same deals: beginner vs random {cell('beginner', 'random')}, "
        f"casual vs beginner {cell('casual', 'beginner')}, casual vs random {cell('casual', 'random')}."
    )
    print(
        "\nEach step up: the upper point's win rate head to head, and the paired per-deal difference"
        " of the two points' win rates against each opponent (points, 95% interval):\n"
    )
    print("| step | head to head | vs random | vs beginner | vs casual |")
    print("|---|---|---|---|---|")
    for lo_x, hi_x in zip(DIALS, DIALS[1:]):
        cells = [cell(dial(hi_x), dial(lo_x))]
        for opp in OPPONENTS:
            s = next(s for s in steps if s["opponent"] == opp and s["from"] == lo_x)
            cells.append(f"{100 * s['difference']:+.1f} ({100 * s['ci95'][0]:+.1f} to {100 * s['ci95'][1]:+.1f})")
        print(f"| {lo_x:g} → {hi_x:g} | " + " | ".join(cells) + " |")
    print(
        f"\n- Monotone: {'yes' if monotone else 'NO'} (Elo rises at every step: "
        f"{'yes' if elo_rises else 'no'}; comparisons where the upper point is weaker beyond "
        f"noise: {len(weaker)} of {len(steps) + len(head_to_head)})."
    )
    print(
        f"- Covers random to casual: {'yes' if covers else 'NO'} (dial:0 vs random "
        f"{pct(bottom['win_rate'])}, {pct(bottom['ci95'][0])}–{pct(bottom['ci95'][1])}; "
        f"dial:1 vs casual {pct(top['win_rate'])})."
    )
    print(
        f"- Elo table written to {args.elo_out.relative_to(ROOT) if args.elo_out.is_relative_to(ROOT) else args.elo_out}."
    )
    return 0 if monotone and covers else 1


if __name__ == "__main__":
    sys.exit(main())
