"""Simulated children playing against the adaptive dial (issue 17).

    .venv/bin/python bench/game_level_sim.py [--children 200] [--games 30] [--seed 1] [--aim 0.5]

Each child is a `dial:X` bot whose hidden strength X is drawn uniformly from [0, 1] and rises
by GROWTH after every game (capped at 1): children get better as they play. Every child starts
at the class default (trainer.games.game_level.starting_rating: taken to play like `beginner`,
very unsure) and plays `--games` single 2-player rounds, each against the dial that
`choose_dial` picks for the class's aim, after which `update` rates the round. The same
children (same hidden strengths, same deals) then play every game against a fixed `beginner`,
as a class without game levels would.

Reported after 5, 10 and 20 games, over the games that follow (to the last):
- the share of children whose win rate lies within 15 points of the aim, 35% to 65% for the
  default 50% (the target: at least 80% from game 10 on), observed in the games played, and as the chance of winning that the
  measured Elo gives each of those games (the hidden strength against the chosen dial: what
  the win rate would be without the luck of the cards);
- how often a child who wins each game with a steady 50% chance lands in that band over as
  many games (the luck of the cards alone; the adaptive choice can do better, since a win
  brings a stronger bot next time and a loss a weaker one);
- how far the rating is from the hidden strength: Elo RMSE, and the error in dial tenths.
Prints the Markdown of docs/performance.md ("Games: simulated children") and writes
bench/results/game_level_sim.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.bots import make_bot
from trainer.bots.play import play_round
from trainer.bots.tournament import win_shares
from trainer.engine.state import deal, shuffled_setup
from trainer.games.game_level import (
    BOT_ELO_FILE,
    Rating,
    choose_dial,
    dial_name,
    expected_score,
    game_results,
    load_bot_elo,
    starting_rating,
    update,
)

GROWTH = 0.004  # dial gained per game: 30 games make a child 0.12 stronger
CHECKPOINTS = (5, 10, 20)
BAND_HALF = 0.15  # the band is the aim +- 15 points: 35-65% at the default aim of 50%


@dataclass
class Child:
    strength: float
    rating: Rating
    shares: list[float] = field(default_factory=list)  # win share of each game
    chances: list[float] = field(default_factory=list)  # Elo chance of winning each game
    errors: list[float] = field(default_factory=list)  # rating - hidden Elo, after each game
    dial_errors: list[float] = field(default_factory=list)  # chosen dial for 50% - hidden X
    opponents: list[float] = field(default_factory=list)


def play_child(strength: float, games: int, seed: int, bots, aim: float, fixed: str | None) -> Child:
    """One child's games. With `fixed`, every game is against that level; else the adaptive dial."""
    rng = random.Random(seed)
    child = Child(strength, starting_rating(bots))
    for _ in range(games):
        if fixed is None:
            x = choose_dial(child.rating, bots, aim)
            opponent = dial_name(x)
            child.opponents.append(x)
        else:
            opponent = fixed
        me = make_bot(dial_name(round(child.strength, 4)))
        seat = rng.randrange(2)  # the child sits first or second at random
        bots_at = [me, make_bot(opponent)] if seat == 0 else [make_bot(opponent), me]
        final = play_round(deal(shuffled_setup(2, rng)), bots_at, rng)
        scores = tuple(final.scores())
        child.shares.append(win_shares(scores)[seat])
        hidden = Rating(bots.dial_rating(child.strength).elo, 0.0)
        child.chances.append(expected_score(hidden, Rating(bots.rating_of(opponent).elo, 0.0)))
        ordered = (scores[seat], scores[1 - seat])
        child.rating = update(child.rating, game_results(bots, [opponent], [ordered]))
        child.strength = min(1.0, child.strength + GROWTH)
        hidden = bots.dial_rating(child.strength).elo
        child.errors.append(child.rating.elo - hidden)
        child.dial_errors.append(choose_dial(child.rating, bots, 0.5) - child.strength)
    return child


def in_band(v: float, aim: float) -> bool:
    return aim - BAND_HALF - 1e-9 <= v <= aim + BAND_HALF + 1e-9


def luck_alone(n: int, aim: float) -> float:
    """P(a child with a steady chance `aim` every game wins a share of n games in the band)."""
    return sum(math.comb(n, k) * aim**k * (1 - aim) ** (n - k) for k in range(n + 1) if in_band(k / n, aim))


def rms(values) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values))


def report(children: list[Child], games: int, aim: float) -> dict:
    out = {}
    for n in CHECKPOINTS:
        later = [(c.shares[n:], c.chances[n:]) for c in children]
        observed = [sum(s) / len(s) for s, _ in later]
        chance = [sum(p) / len(p) for _, p in later]
        out[n] = {
            "window": f"games {n + 1}-{games}",
            "observed_in_band": sum(in_band(v, aim) for v in observed) / len(children),
            "chance_in_band": sum(in_band(v, aim) for v in chance) / len(children),
            "luck_alone": luck_alone(games - n, aim),
            "observed_p10_p50_p90": [
                statistics.quantiles(observed, n=10)[0],
                statistics.median(observed),
                statistics.quantiles(observed, n=10)[-1],
            ],
            "mean_observed": statistics.fmean(observed),
            "rating_rmse": rms([c.errors[n - 1] for c in children]),
            "dial_error_rms": rms([c.dial_errors[n - 1] for c in children]),
        }
    out["end"] = {
        "rating_rmse": rms([c.errors[-1] for c in children]),
        "dial_error_rms": rms([c.dial_errors[-1] for c in children]),
        "mean_rd": statistics.fmean(c.rating.rd for c in children),
    }
    return out


def by_strength(children: list[Child], after: int) -> list[dict]:
    """Observed win rate after `after` games by fifth of starting strength."""
    rows = []
    for k in range(5):
        group = [c for c in children if k / 5 <= c.strength - GROWTH * len(c.shares) < (k + 1) / 5 + 1e-9]
        rows.append(
            {
                "from": k / 5,
                "to": (k + 1) / 5,
                "children": len(group),
                "observed": statistics.fmean(sum(c.shares[after:]) / len(c.shares[after:]) for c in group),
                "chance": statistics.fmean(sum(c.chances[after:]) / len(c.chances[after:]) for c in group),
            }
        )
    return rows


def pct(v: float) -> str:
    return f"{100 * v:.0f}%"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=200)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--aim", type=float, default=0.5)
    parser.add_argument("--elo", type=Path, default=BOT_ELO_FILE, help="the bots' Elo (bench/dial.py)")
    args = parser.parse_args(argv)
    started = time.time()
    bots = load_bot_elo(args.elo)
    rng = random.Random(args.seed)
    strengths = [rng.random() for _ in range(args.children)]
    seeds = [rng.getrandbits(32) for _ in range(args.children)]
    runs = {}
    for label, fixed in (("adaptive", None), ("beginner", "beginner")):
        children = [play_child(x, args.games, s, bots, args.aim, fixed) for x, s in zip(strengths, seeds)]
        runs[label] = {
            "children": children,
            "report": report(children, args.games, args.aim),
            "by_strength": by_strength(children, 10),
        }
    minutes = (time.time() - started) / 60
    print(
        f"{args.children} children, {args.games} games each, aim {pct(args.aim)}, seed {args.seed}, "
        f"growth {GROWTH} dial a game; {minutes:.1f} minutes.\n"
    )
    band = f"{pct(args.aim - BAND_HALF)}–{pct(args.aim + BAND_HALF)}"
    print(
        f"| opponents | after | next games | win rate in {band}: observed | by the Elo chance | "
        "a steady 50% chance gives | observed 10th / 50th / 90th percentile | rating RMSE (Elo) | dial error (RMS) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for label in runs:
        rep = runs[label]["report"]
        for n in CHECKPOINTS:
            r = rep[n]
            p = r["observed_p10_p50_p90"]
            rating = f"{r['rating_rmse']:.0f}" if label == "adaptive" else "–"
            dial_err = f"{r['dial_error_rms']:.2f}" if label == "adaptive" else "–"
            print(
                f"| {label} | {n} games | {r['window']} | **{pct(r['observed_in_band'])}** | "
                f"{pct(r['chance_in_band'])} | {pct(r['luck_alone'])} | "
                f"{pct(p[0])} / {pct(p[1])} / {pct(p[2])} | {rating} | {dial_err} |"
            )
    end = runs["adaptive"]["report"]["end"]
    print(
        f"\nAfter all {args.games} games: rating RMSE {end['rating_rmse']:.0f} Elo, dial error "
        f"{end['dial_error_rms']:.2f} (RMS), mean RD {end['mean_rd']:.0f}.\n"
    )
    print("Win rate over games 11 to the last, by starting strength (observed / Elo chance):\n")
    print("| starting strength | children | adaptive | fixed beginner |")
    print("|---|---|---|---|")
    for a, b in zip(runs["adaptive"]["by_strength"], runs["beginner"]["by_strength"]):
        print(
            f"| {a['from']:.1f}–{a['to']:.1f} | {a['children']} | {pct(a['observed'])} / {pct(a['chance'])} | "
            f"{pct(b['observed'])} / {pct(b['chance'])} |"
        )
    target = runs["adaptive"]["report"][10]["observed_in_band"]
    print(
        f"\n- Target (>= 80% of children in {band} from game 10 on): "
        f"{'met' if target >= 0.8 else 'NOT met'} ({pct(target)}); mean win rate over games 11 "
        f"to the last {pct(runs['adaptive']['report'][10]['mean_observed'])}."
    )
    out = {
        label: {"report": {str(k): v for k, v in run["report"].items()}, "by_strength": run["by_strength"]}
        for label, run in runs.items()
    }
    out.update({"children": args.children, "games": args.games, "seed": args.seed, "aim": args.aim, "growth": GROWTH})
    path = ROOT / "bench" / "results" / f"game_level_sim{'' if args.aim == 0.5 else f'_aim{args.aim:g}'}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    return 0 if target >= 0.8 else 1


if __name__ == "__main__":
    sys.exit(main())
