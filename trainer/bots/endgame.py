"""Exact search once the deck is empty.

With the deck gone, the unseen cards are exactly the other players' hands (Knowledge), so for
two players the position is fully known; for more, each determinisation fixes who holds what.
The rest of the round is then a small game tree: every player picks what is best for them
(max^n; for two players this is minimax, as `utility` is zero-sum), a Thief's random card is a
chance node (R7.1), a Bomb's discards are the choices of the players it hits (R7.4). Positions
met twice are looked up, not searched again. A node budget keeps the time bounded: past it the
search gives up and the caller falls back to sampling.
"""
from __future__ import annotations

from trainer.bots.search import distinct, utility
from trainer.bots.sim import OVER, POINTS, USE_THIEF, VALUE, Sim


class TooBig(Exception):
    pass


class Endgame:
    def __init__(self, win_weight: float, node_budget: int):
        self.win_weight = win_weight
        self.node_budget = node_budget
        self.nodes = 0
        self.memo: dict = {}

    def key(self, sim: Sim) -> tuple:
        return (tuple(tuple(sorted(h)) for h in sim.hands), tuple(sorted(sim.table)), sim.turn,
                sim.phase, sim.delta, tuple(sim.pending), tuple(tuple(a) for a in sim.acts),
                len(sim.tdeck), tuple(sim.pts))

    def value(self, sim: Sim) -> tuple[float, ...]:
        """Utilities of every seat with best play from here."""
        if sim.phase == OVER:
            return tuple(utility(sim.pts, s, self.win_weight) for s in range(sim.n))
        key = self.key(sim)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise TooBig
        player = sim.current()
        best = None
        for d in distinct(sim.legal()):
            v = self.after(sim, d)
            if best is None or v[player] > best[player]:
                best = v
        self.memo[key] = best
        return best

    def after(self, sim: Sim, d) -> tuple[float, ...]:
        """Value of decision `d`: a Thief without a named card averages over the victim's hand."""
        if d[0] == USE_THIEF and len(d) == 2:
            hand = sim.hands[d[1]]
            kinds: dict[tuple[int, int], list] = {}
            for c in hand:
                kinds.setdefault((VALUE[c], POINTS[c]), []).append(c)
            total = None
            for cards in kinds.values():
                child = sim.clone()
                child.do((USE_THIEF, d[1], cards[0]))
                v = self.value(child)
                w = len(cards) / len(hand)
                total = [w * x for x in v] if total is None else [t + w * x for t, x in zip(total, v)]
            return tuple(total)
        child = sim.clone()
        child.do(d)
        return self.value(child)


def exact_values(sim: Sim, candidates: list, seat: int, win_weight: float,
                 node_budget: int) -> list[float] | None:
    """The root player's utility after each candidate with best play, or None when the tree is
    larger than `node_budget` positions."""
    search = Endgame(win_weight, node_budget)
    try:
        return [search.after(sim, d)[seat] for d in candidates]
    except TooBig:
        return None
