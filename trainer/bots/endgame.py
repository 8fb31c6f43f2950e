"""Exact search of a determinised round: once the deck is empty, and for `expert` shortly before.

With the deck gone, the unseen cards are exactly the other players' hands (Knowledge), so for
two players the position is fully known; for more, each determinisation fixes who holds what.
A determinisation with a few cards left in the deck fixes their order too. The rest of the round
is then a small game tree: every player picks what is best for them (max^n), a Thief's random
card is a chance node (R7.1), a Bomb's discards are the choices of the players it hits (R7.4).
For two players `utility` is constant-sum, so max^n is minimax and alpha-beta pruning applies;
positions met twice are looked up, not searched again. A node budget keeps the time bounded:
past it the search gives up and the caller falls back to sampling.
"""

from __future__ import annotations

from trainer.bots.search import decision_key, distinct, utility
from trainer.bots.sim import CAPTURE, LAY, OVER, POINTS, USE_THIEF, VALUE, Sim

INF = float("inf")
EXACT, LOWER, UPPER = range(3)  # what a remembered alpha-beta value is


class TooBig(Exception):
    pass


def position_key(sim: Sim) -> tuple:
    """Everything the rest of the round depends on, in one determinisation (whose deck order is
    fixed, so the deck's size stands for its cards)."""
    return (
        tuple(tuple(sorted(h)) for h in sim.hands),
        tuple(sorted(sim.table)),
        sim.turn,
        sim.phase,
        sim.delta,
        tuple(sim.pending),
        tuple(tuple(a) for a in sim.acts),
        len(sim.deck),
        len(sim.tdeck),
        tuple(sim.pts),
    )


def thief_outcomes(sim: Sim, victim: int):
    """(probability, position) for each kind of card a Thief can draw from `victim` (R7.1):
    cards of the same value and points lead to the same game."""
    hand = sim.hands[victim]
    kinds: dict[tuple[int, int], list] = {}
    for c in hand:
        kinds.setdefault((VALUE[c], POINTS[c]), []).append(c)
    for cards in kinds.values():
        child = sim.clone()
        child.do((USE_THIEF, victim, cards[0]))
        yield len(cards) / len(hand), child


class ExactSearch:
    """What both searches share: whose values they report, the utility's win weight, and the
    node budget, counted over every deal searched (the memo is per deal)."""

    def __init__(self, seat: int, win_weight: float, node_budget: int):
        self.seat = seat
        self.win_weight = win_weight
        self.node_budget = node_budget
        self.nodes = 0
        self.memo: dict = {}

    def count_node(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise TooBig


class Endgame(ExactSearch):
    """max^n for any number of players: values are tuples of every seat's utility; `values`
    reads `seat`'s."""

    def value(self, sim: Sim) -> tuple[float, ...]:
        """Utilities of every seat with best play from here."""
        if sim.phase == OVER:
            return tuple(utility(sim.pts, s, self.win_weight) for s in range(sim.n))
        key = position_key(sim)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.count_node()
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
            total = [0.0] * sim.n
            for p, child in thief_outcomes(sim, d[1]):
                total = [t + p * x for t, x in zip(total, self.value(child))]
            return tuple(total)
        child = sim.clone()
        child.do(d)
        return self.value(child)

    def values(self, sim: Sim, candidates: list) -> list[float]:
        self.memo = {}
        return [self.after(sim, d)[self.seat] for d in candidates]


def search_order(d) -> tuple:
    """Likely best first, so that alpha-beta cuts early: big captures, action cards, lays of
    cheap cards."""
    code = d[0]
    if code == CAPTURE:
        return (0, -(POINTS[d[1]] + sum(POINTS[c] for c in d[2])), -len(d[2]))
    if code == LAY:
        return (2, POINTS[d[1]], VALUE[d[1]])
    return (1, 0, 0)


class AlphaBeta(ExactSearch):
    """Minimax with alpha-beta for two players, values from `seat`'s side. Remembered values
    carry whether they are exact or only a bound (fail-soft), and the key of the best decision
    found, which is tried first when the position comes back with another window."""

    def value(self, sim: Sim, alpha: float, beta: float) -> float:
        if sim.phase == OVER:
            return utility(sim.pts, self.seat, self.win_weight)
        key = position_key(sim)
        found = self.memo.get(key)
        first = None
        if found is not None:
            v, kind, first = found
            if kind == EXACT or (kind == LOWER and v >= beta) or (kind == UPPER and v <= alpha):
                return v
        self.count_node()
        maximising = sim.current() == self.seat
        decisions = sorted(distinct(sim.legal()), key=search_order)
        if first is not None:
            # The same position may list its cards in another order, so match by key.
            decisions.sort(key=lambda d: decision_key(d) != first)
        low, high = alpha, beta
        best, best_d = (-INF if maximising else INF), None
        for d in decisions:
            v = self.after(sim, d, alpha, beta)
            if maximising:
                if v > best:
                    best, best_d = v, d
                    alpha = max(alpha, v)
            elif v < best:
                best, best_d = v, d
                beta = min(beta, v)
            if alpha >= beta:
                break
        kind = UPPER if best <= low else (LOWER if best >= high else EXACT)
        self.memo[key] = (best, kind, decision_key(best_d))
        return best

    def after(self, sim: Sim, d, alpha: float = -INF, beta: float = INF) -> float:
        if d[0] == USE_THIEF and len(d) == 2:
            # A chance node: its children are averaged, so each needs its exact value.
            return sum(p * self.value(child, -INF, INF) for p, child in thief_outcomes(sim, d[1]))
        child = sim.clone()
        child.do(d)
        return self.value(child, alpha, beta)

    def values(self, sim: Sim, candidates: list) -> list[float]:
        self.memo = {}
        return [self.after(sim, d) for d in candidates]


def exact_search(players: int, seat: int, win_weight: float, node_budget: int):
    """The exact search for a round of `players`; its `values(sim, candidates)` gives `seat`'s
    utility after each candidate and raises TooBig past `node_budget` positions (counted over
    every call)."""
    if players == 2:
        return AlphaBeta(seat, win_weight, node_budget)
    return Endgame(seat, win_weight, node_budget)


def exact_values(sim: Sim, candidates: list, seat: int, win_weight: float, node_budget: int) -> list[float] | None:
    """The root player's utility after each candidate with best play, or None when the tree is
    larger than `node_budget` positions."""
    try:
        return exact_search(sim.n, seat, win_weight, node_budget).values(sim, candidates)
    except TooBig:
        return None
