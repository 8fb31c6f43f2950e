"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

One tree for the deciding player, whose nodes are sequences of decisions from now. Every
iteration deals a fresh determinisation (from the bot's sampler, so inference shapes it),
walks down the tree choosing among the decisions legal in that deal by UCB with availability
counts, adds one node, plays on with the casual policy, and credits each decision on the way
with the utility of the player who made it. Chance (draws, a Thief's card) comes from the deal
and the RNG, so a node gathers every outcome of the decisions that lead to it.
"""

from __future__ import annotations

import math
import random

from trainer.bots.policy import casual
from trainer.bots.search import decision_key, distinct, estimated_utility, playout
from trainer.bots.sim import OVER


class Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def ismcts(
    sampler,
    rng: random.Random,
    seat: int,
    candidates: list,
    iterations: int,
    win_weight: float,
    horizon: int | None,
    exploration: float = 0.7,
):
    """The root candidate visited most (ties: better mean, then earlier in the list)."""
    root = Node()
    root_keys = [decision_key(d) for d in candidates]
    log = math.log
    sqrt = math.sqrt
    for _ in range(iterations):
        sim = sampler(rng)
        start = sim.turns
        node = root
        path = []
        while sim.phase != OVER:
            mover = sim.current()
            if node is root:
                legal, keys = candidates, root_keys
            else:
                legal = distinct(sim.legal())
                keys = [decision_key(d) for d in legal]
            children = node.children
            fresh = [i for i, k in enumerate(keys) if k not in children]
            for k in keys:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if fresh:
                i = fresh[rng.randrange(len(fresh))]
                child = children[keys[i]] = Node()
                child.avail = 1
                sim.do(legal[i], rng)
                path.append((child, mover))
                break
            best_i = 0
            best_score = -1e18
            for i, k in enumerate(keys):
                c = children[k]
                score = c.reward / c.visits + exploration * sqrt(log(c.avail) / c.visits)
                if score > best_score:
                    best_i, best_score = i, score
            node = children[keys[best_i]]
            sim.do(legal[best_i], rng)
            path.append((node, mover))
        left = None if horizon is None else max(1, horizon - (sim.turns - start))
        playout(sim, rng, casual, left)
        values = {}
        for child, mover in path:
            u = values.get(mover)
            if u is None:
                u = values[mover] = estimated_utility(sim, mover, win_weight)
            child.visits += 1
            child.reward += u
    best = max(range(len(candidates)), key=lambda i: _rank(root.children.get(root_keys[i]), i))
    return candidates[best]


def _rank(node, i):
    if node is None or not node.visits:
        return (0, -1e18, -i)
    return (node.visits, node.reward / node.visits, -i)
