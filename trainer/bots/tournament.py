"""Bot-vs-bot play on duplicate deals, and the statistics of issue 3.

Duplicate deals: every deal (deck order, [T!] deck order, dealer, and the seed of chance's
Thief draws) is played once per seat rotation, so each bot sits once in every seat of the same
cards and the luck of the deal cancels. A round is won by the highest score; a shared top is
split (two winners get half each). Win rates carry a 95% confidence interval over deals (the
rounds of one deal are not independent, so the deal is the unit), and Elo comes from a
Bradley-Terry fit of all pairwise results.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.bots import make_bot
from trainer.bots.play import play_round
from trainer.engine.state import RoundSetup, deal, shuffled_setup

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Deal:
    setup: RoundSetup
    chance_seed: int  # seeds the RNG of play_round (Thief draws and the bots' own RNGs)


@dataclass(frozen=True)
class Game:
    deal: int  # index of the deal
    rotation: int
    seats: tuple[str, ...]  # bot name per seat
    scores: tuple[int, ...]


def make_deals(players: int, count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        setup = shuffled_setup(players, rng)
        deals.append(Deal(setup, rng.getrandbits(64)))
    return deals


def lineup(bots: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """Seat s gets bots[(s + rotation) % players % len(bots)]: the named bots repeated round
    the table, then turned by one seat per rotation, so over `players` rotations every bot
    sits in every seat."""
    return tuple(bots[((s + rotation) % players) % len(bots)] for s in range(players))


def play_deal(index: int, deal_: Deal, bots: Sequence[str], settings: dict | None = None) -> list[Game]:
    players = deal_.setup.players
    # "clever@big" is the clever level under another name (for settings that differ).
    made = {name: make_bot(name.partition("@")[0], **(settings or {}).get(name, {})) for name in set(bots)}
    games = []
    for rotation in range(players):
        seats = lineup(bots, players, rotation)
        final = play_round(deal(deal_.setup), [made[name] for name in seats], random.Random(deal_.chance_seed))
        games.append(Game(index, rotation, seats, tuple(final.scores())))
    return games


def _play_chunk(args) -> list[Game]:
    start, deals, bots, settings = args
    out = []
    for k, d in enumerate(deals):
        out += play_deal(start + k, d, bots, settings)
    return out


def run_games(
    bots: Sequence[str],
    players: int,
    rounds: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    settings: dict | None = None,
) -> list[Game]:
    """All games of the tournament, in deal order whatever `jobs` is."""
    deals = make_deals(players, rounds, seed)
    chunk = max(1, min(25, rounds // max(1, jobs * 8) or 1))
    work = [(i, deals[i : i + chunk], tuple(bots), settings) for i in range(0, rounds, chunk)]
    games: list[Game] = []
    done = 0
    if jobs <= 1:
        results = map(_play_chunk, work)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        results = pool.imap(_play_chunk, work)
    try:
        for part in results:
            games += part
            done += len(part) // players
            if progress:
                progress(done, rounds)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return games


# ---------------------------------------------------------------- statistics


def win_shares(scores: Sequence[int]) -> list[float]:
    """1 for the highest score; a top shared by k seats gives each 1/k (two: half each)."""
    top = max(scores)
    k = sum(1 for s in scores if s == top)
    return [1.0 / k if s == top else 0.0 for s in scores]


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval of independent values, clipped to [0, 1]."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0, 1.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def pairwise_results(games: Sequence[Game], names: Sequence[str]) -> dict[tuple[str, str], float]:
    """wins[(a, b)]: how often a seat of bot a scored more than a seat of bot b (ties half)."""
    wins = {(a, b): 0.0 for a in names for b in names if a != b}
    for g in games:
        for i, a in enumerate(g.seats):
            for j, b in enumerate(g.seats):
                if a == b or i == j:
                    continue
                if g.scores[i] > g.scores[j]:
                    wins[(a, b)] += 1.0
                elif g.scores[i] == g.scores[j]:
                    wins[(a, b)] += 0.5
    return wins


def bradley_terry(
    names: Sequence[str], wins: dict[tuple[str, str], float], iterations: int = 10_000, tol: float = 1e-12
) -> dict[str, float]:
    """Strengths p with P(a beats b) = p_a / (p_a + p_b), fitted by maximum likelihood with
    Hunter's (2004) MM iterations; normalised to a geometric mean of 1. A bot with no win at
    all is given half a win so that its strength stays finite."""
    p = {a: 1.0 for a in names}
    total_wins = {a: max(0.5, sum(wins.get((a, b), 0.0) for b in names if b != a)) for a in names}
    games = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) for a in names for b in names if a != b}
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = sum(games[(a, b)] / (p[a] + p[b]) for b in names if b != a and games[(a, b)])
            new[a] = total_wins[a] / denom if denom else p[a]
        log_mean = sum(math.log(v) for v in new.values()) / len(new)
        new = {a: v / math.exp(log_mean) for a, v in new.items()}
        change = max(abs(math.log(new[a] / p[a])) for a in names)
        p = new
        if change < tol:
            break
    return p


def elo(names: Sequence[str], wins: dict[tuple[str, str], float]) -> dict[str, float]:
    """Elo = 400 log10(strength), the first bot at 0."""
    p = bradley_terry(names, wins)
    base = p[names[0]]
    return {a: 400.0 * math.log10(p[a] / base) for a in names}


def summarize(games: Sequence[Game], bots: Sequence[str], players: int, rounds: int) -> dict:
    names = list(dict.fromkeys(bots))
    per_deal: dict[str, dict[int, list[float]]] = {a: {} for a in names}
    points: dict[str, list[int]] = {a: [] for a in names}
    for g in games:
        shares = win_shares(g.scores)
        got = dict.fromkeys(set(g.seats), 0.0)
        for seat, name in enumerate(g.seats):
            got[name] += shares[seat]
            points[name].append(g.scores[seat])
        for name, share in got.items():
            per_deal[name].setdefault(g.deal, []).append(share)
    out_bots = {}
    for a in names:
        deal_means = [sum(v) / len(v) for _, v in sorted(per_deal[a].items())]
        mean, lo, hi = mean_ci95(deal_means)
        out_bots[a] = {
            "win_rate": round(mean, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(sum(points[a]) / len(points[a]), 2),
        }
    ratings = elo(names, pairwise_results(games, names)) if len(names) > 1 else {names[0]: 0.0}
    return {"players": players, "rounds": rounds, "bots": out_bots, "elo": {a: round(r) for a, r in ratings.items()}}
