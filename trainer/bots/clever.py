"""The `clever` level: determinised Monte Carlo with casual playouts, exact search once the
deck is empty (docs/bots.md)."""

from __future__ import annotations

import random

from trainer.bots.endgame import TooBig, exact_search
from trainer.bots.knowledge import Knowledge
from trainer.bots.search import Evaluator, distinct, successive_halving
from trainer.bots.sim import decision_of, move_of
from trainer.engine.moves import Move
from trainer.engine.view import PlayerView


def expected_turns(view: PlayerView) -> float:
    """About how many turns the round has left (search.remaining_turns, from the view)."""
    return sum(view.hand_sizes) + 0.62 * view.deck_size


class CleverBot:
    """Settings:
    - `turn_budget`: simulated turns per decision. Playouts go to the end of the round, so
      they are long early and short late; the number of playouts is the budget divided by the
      expected length of one, between `min_playouts` and `max_playouts`. This keeps the think
      time even across the round (docs/performance.md) and depends only on the view.
    - `playouts`: a fixed number of playouts instead.
    - `horizon`: stop playouts after this many turns and estimate (default: play out).
    - `win_weight`: how much winning the round counts against the point margin.
    - `endgame_worlds`, `endgame_nodes`: the exact search once the deck is empty.
    """

    name = "clever"

    def __init__(
        self,
        turn_budget: int = 10_000,
        playouts: int | None = None,
        min_playouts: int = 200,
        max_playouts: int = 800,
        win_weight: float = 0.5,
        endgame_worlds: int = 2,
        endgame_nodes: int = 2_500,
        horizon: int | None = None,
    ):
        self.turn_budget = turn_budget
        self.playouts = playouts
        self.min_playouts = min_playouts
        self.max_playouts = max_playouts
        self.win_weight = win_weight
        self.endgame_worlds = endgame_worlds
        self.endgame_nodes = endgame_nodes
        self.horizon = horizon

    def budget(self, view: PlayerView) -> int:
        if self.playouts is not None:
            return self.playouts
        length = expected_turns(view)
        if self.horizon is not None:
            length = min(length, self.horizon)
        wanted = int(self.turn_budget / max(1.0, length))
        return max(self.min_playouts, min(self.max_playouts, wanted))

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        candidates = distinct([decision_of(m) for m in moves])
        if len(candidates) == 1:
            return move_of(candidates[0], view.unused)
        knowledge = Knowledge(view)
        best = None
        worlds = worlds_once_empty(view, self.endgame_worlds)
        if worlds:
            best = endgame_choice(knowledge, candidates, rng, self.win_weight, worlds, self.endgame_nodes)
        if best is None:
            ev = Evaluator(knowledge, rng, view.seat, self.win_weight, horizon=self.horizon)
            best, _ = successive_halving(candidates, ev.value, self.budget(view))
        return move_of(best, view.unused)


def worlds_once_empty(view: PlayerView, worlds: int) -> int:
    """How many deals the exact search solves now: none while the deck has cards, one when
    nothing is hidden (two players, no [T!] deck left), else `worlds`."""
    if view.deck_size or not worlds:
        return 0
    return 1 if view.players == 2 and not view.tweak_deck_size else worlds


def endgame_choice(
    knowledge: Knowledge, candidates: list, rng: random.Random, win_weight: float, worlds: int, nodes: int, sampler=None
):
    """The candidate with the best exact value over `worlds` determinisations (with two players
    and an empty deck only the [T!] deck's order is unknown; a deal drawn twice is solved once
    and counts twice), or None if the trees together hold more than `nodes` positions."""
    draw = sampler or knowledge.determinise
    deals: dict[tuple, list] = {}
    for _ in range(worlds):
        sim = draw(rng)
        key = (tuple(tuple(sorted(h)) for h in sim.hands), tuple(sim.deck), tuple(sim.tdeck))
        deals.setdefault(key, [sim, 0])[1] += 1
    search = exact_search(knowledge.n, knowledge.seat, win_weight, nodes)
    totals = [0.0] * len(candidates)
    try:
        for sim, count in deals.values():
            values = search.values(sim, candidates)
            totals = [t + count * v for t, v in zip(totals, values)]
    except TooBig:
        return None
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
