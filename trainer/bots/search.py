"""Determinised Monte Carlo: the search of the `clever` level (and the frame `expert` builds on).

For each of its candidate decisions, the bot deals the unseen cards out at random in a way its
view allows (`Knowledge.determinise`), plays the candidate, plays the round out with the
`casual` policy for everyone, and scores the end. The same deals and playout seeds serve every
candidate (common random numbers), so candidates are compared on the same luck. Budgets are
counted in playouts, never in seconds, so a decision depends only on the view and the seed.
"""

from __future__ import annotations

import math
import random

from trainer.bots.policy import casual
from trainer.bots.sim import CAPTURE, GIVE, LAY, OVER, POINTS, VALUE, Sim

DIFF_SCALE = 20.0
TURN_SIGMA = 3.3  # spread of the point margin added by one more turn (measured)


def utility(pts, seat: int, win_weight: float) -> float:
    """Mix of winning the round (highest score; ties half) and the point margin over the best
    other player, scaled so that 20 points count like one win."""
    mine = pts[seat]
    best_other = max(p for s, p in enumerate(pts) if s != seat)
    diff = mine - best_other
    win = 1.0 if diff > 0 else (0.5 if diff == 0 else 0.0)
    return win_weight * win + (1.0 - win_weight) * diff / DIFF_SCALE


def remaining_turns(sim: Sim) -> float:
    """About how many turns a round still has: hand cards plus the share of the deck that
    reaches a hand rather than the table."""
    return sum(len(h) for h in sim.hands) + 0.62 * len(sim.deck)


def estimated_utility(sim: Sim, seat: int, win_weight: float) -> float:
    """`utility` of a round stopped early: the chance of ending on top is read from today's
    margin and the turns still to come (a normal approximation)."""
    if sim.phase == OVER:
        return utility(sim.pts, seat, win_weight)
    pts = sim.pts
    diff = pts[seat] - max(p for s, p in enumerate(pts) if s != seat)
    spread = TURN_SIGMA * math.sqrt(remaining_turns(sim) + 1.0)
    win = 0.5 * (1.0 + math.erf(diff / (spread * math.sqrt(2.0))))
    return win_weight * win + (1.0 - win_weight) * diff / DIFF_SCALE


def playout(sim: Sim, rng: random.Random, policy=casual, horizon: int | None = None) -> Sim:
    """Plays `sim` in place to the end of the round, or for `horizon` more turns."""
    do = sim.do
    if horizon is None:
        while sim.phase != OVER:
            do(policy(sim, rng), rng)
    else:
        stop = sim.turns + horizon
        while sim.phase != OVER and sim.turns < stop:
            do(policy(sim, rng), rng)
    return sim


def decision_key(d) -> tuple:
    """Decisions that are the same for the game: cards matter only by face value and points once
    they have left the deck, so e.g. laying the orange 2a or the yellow 2b is one choice."""
    code = d[0]
    if code == CAPTURE:
        return (CAPTURE, VALUE[d[1]], POINTS[d[1]], tuple(sorted((VALUE[c], POINTS[c]) for c in d[2])))
    if code in (LAY, GIVE):
        return (code, VALUE[d[1]], POINTS[d[1]])
    return d


def distinct(decisions) -> list:
    seen = set()
    out = []
    for d in decisions:
        k = decision_key(d)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out


class Evaluator:
    """Mean utility of candidates over a shared, lazily grown list of determinisations."""

    def __init__(
        self,
        knowledge,
        rng: random.Random,
        seat: int,
        win_weight: float,
        sampler=None,
        policy=casual,
        horizon: int | None = None,
    ):
        self.k = knowledge
        self.rng = rng
        self.seat = seat
        self.win_weight = win_weight
        self.sampler = sampler or knowledge.determinise
        self.policy = policy
        self.horizon = horizon
        self.worlds: list[tuple[Sim, int]] = []
        self.playouts = 0

    def world(self, i: int) -> tuple[Sim, int]:
        while len(self.worlds) <= i:
            self.worlds.append((self.sampler(self.rng), self.rng.getrandbits(64)))
        return self.worlds[i]

    def value(self, d, i: int) -> float:
        sim, seed = self.world(i)
        sim = sim.clone()
        rng = random.Random(seed)
        sim.do(d, rng)
        playout(sim, rng, self.policy, self.horizon)
        self.playouts += 1
        return estimated_utility(sim, self.seat, self.win_weight)


def successive_halving(candidates: list, evaluate, budget: int) -> tuple:
    """Spends about `budget` evaluations: every round halves the field, survivors get more
    worlds (Karnin et al. 2013). Returns (best candidate, {candidate index: (sum, count)})."""
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    while True:
        per = max(1, budget // (rounds * len(alive)))
        for c in alive:
            start = counts[c]
            for i in range(start, start + per):
                totals[c] += evaluate(candidates[c], i)
            counts[c] += per
        if len(alive) == 1:
            break
        alive.sort(key=lambda c: (-totals[c] / counts[c], c))
        alive = alive[: max(1, len(alive) // 2)]
        if len(alive) == 1:
            break
    best = alive[0]
    return candidates[best], {c: (totals[c], counts[c]) for c in range(len(candidates))}
