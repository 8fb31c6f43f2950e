"""Fits search.LEAF_WEIGHTS: the expected further gain in point margin of the player about to
act, from features of a two-player position, by least squares on casual-vs-casual rounds.

    python bench/fit_leaf.py --rounds 40000 --seed 1

Prints the weights in the order search.leaf_margin uses them (pure Python, a few minutes).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots.policy import casual  # noqa: E402
from trainer.bots.sim import OVER, POINTS, START, VALUE, Sim  # noqa: E402
from trainer.engine.state import new_round  # noqa: E402

NAMES = ["constant", "table points", "table cards", "table sum <= 9", "thief", "joker",
         "shifter", "bomb", "[T!] deck / 10", "deck / 28", "hand difference",
         "thief * deck/28", "joker * deck/28", "shifter * deck/28", "bomb * deck/28"]


def features(sim: Sim) -> list[float]:
    p = sim.turn
    o = 1 - p
    ap, ao = sim.acts[p], sim.acts[o]
    d = [ap[k] - ao[k] for k in range(4)]
    early = len(sim.deck) / 28.0
    total = sum(VALUE[c] for c in sim.table)
    return ([1.0, sum(POINTS[c] for c in sim.table), len(sim.table), 1.0 if total <= 9 else 0.0]
            + d + [len(sim.tdeck) / 10.0, early, len(sim.hands[p]) - len(sim.hands[o])]
            + [x * early for x in d])


def solve(a, b):
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=float, default=0.25, help="share of turn starts kept")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    k = len(NAMES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    count = 0
    for _ in range(args.rounds):
        sim = Sim.from_state(new_round(2, rng))
        rows = []
        while sim.phase != OVER:
            if sim.phase == START and rng.random() < args.sample:
                p = sim.turn
                rows.append((p, features(sim), sim.pts[p] - sim.pts[1 - p]))
            sim.do(casual(sim, rng), rng)
        for p, x, margin in rows:
            y = (sim.pts[p] - sim.pts[1 - p]) - margin
            for i in range(k):
                xty[i] += x[i] * y
                row = xtx[i]
                for j in range(k):
                    row[j] += x[i] * x[j]
            count += 1
    weights = solve(xtx, xty)
    for name, w in zip(NAMES, weights):
        print(f"{name:20s} {w:+.3f}")
    print(f"samples: {count}")
    print("LEAF_WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
