"""The rule-of-thumb policies of the `casual` and `beginner` levels, on simulator data.

Both work on a `Sim` but read only what the deciding player may see (R9): their own hand, the
table, the target, the sizes of the other hands and of the decks, the scores and the unused
action cards. The bots call them on a Sim built from the view with placeholders for the hidden
cards (`public_sim`); the search bots call them inside their look-ahead, so `casual` plays the
same way at the table and in a clever bot's imagination.
"""

from __future__ import annotations

import random

from trainer.bots.sim import (
    BOMB,
    CAPTURE,
    DISCARD,
    EMPTY_TARGET,
    GIVE,
    JOKER,
    LAY,
    POINTS,
    SHIFTER,
    START,
    THIEF,
    USE_BOMB,
    USE_JOKER,
    USE_SHIFTER,
    USE_THIEF,
    VALUE,
    Sim,
    subsets_by_sum,
)
from trainer.engine.cards import card_table
from trainer.engine.state import HAND_SIZE

# Share of each face value in a full deck of any colours (R1.1: two 1s, 2s, 3s, one 4, 5, 6).
VALUE_SHARE = (0.0, 2 / 9, 2 / 9, 2 / 9, 1 / 9, 1 / 9, 1 / 9)
TWEAK_CARD_WORTH = 3.0  # a [T!] card: 2 points (R2) plus what using it may bring
HAND_CARD_WORTH = 1.5  # points of the card a sweeping opponent plays from hand
RED_FIVE = card_table().numeric_ids.index("R5")


def _sweep_chance_table() -> list[list[list[float]]]:
    """[next target known to be the blue 7?][table sum][opponent hand size] -> chance that the
    next player holds a card taking the whole table, with targets 7-10 equally likely."""
    out = []
    for blue in (False, True):
        targets = (EMPTY_TARGET,) if blue else (7, 8, 9, 10)
        by_sum = []
        for total in range(0, 80):
            row = []
            for h in range(0, HAND_SIZE + 1):
                p = 0.0
                for t in targets:
                    need = t - total
                    if 1 <= need <= 6:
                        p += 1.0 - (1.0 - VALUE_SHARE[need]) ** h
                row.append(p / len(targets))
            by_sum.append(row)
        out.append(by_sum)
    return out


SWEEP = _sweep_chance_table()


def next_player(sim: Sim, seat: int) -> int:
    """The next seat that holds a card (or this seat's neighbour when nobody does)."""
    n = sim.n
    for k in range(1, n):
        s = (seat + k) % n
        if sim.hands[s]:
            return s
    return (seat + 1) % n


class Risk:
    """What the next player may sweep after this decision (R5.3), from what the decider sees:
    the next player's hand size, and whether the deck will be gone (target the blue 7)."""

    __slots__ = ("rows", "h", "bonus")

    def __init__(self, sim: Sim, seat: int, cards_after: int):
        h = len(sim.hands[next_player(sim, seat)])
        draws = max(0, HAND_SIZE - cards_after)
        self.rows = SWEEP[len(sim.deck) - draws <= 0]
        self.h = min(h, HAND_SIZE)
        self.bonus = (TWEAK_CARD_WORTH if sim.tdeck else 0.0) + HAND_CARD_WORTH

    def loss(self, table_total: int, table_points: int) -> float:
        """Points the next player is expected to sweep from a table with this sum and points."""
        if table_total <= 0:
            return 0.0
        p = self.rows[table_total if table_total < 80 else 79][self.h]
        return p * (table_points + self.bonus) if p else 0.0


def public_sim(view) -> Sim:
    """A Sim holding what `view` shows, hidden cards replaced by -1 (only counted, never read)."""
    from trainer.bots.sim import ACTION_INDEX, ACTION_KIND, INDEX, PHASE_CODE

    acts = []
    for s in range(view.players):
        counts = [0, 0, 0, 0]
        for card in view.owned[s]:
            if card not in view.used[s]:
                counts[ACTION_KIND[ACTION_INDEX[card]]] += 1
        acts.append(counts)
    hands = [[-1] * k for k in view.hand_sizes]
    hands[view.seat] = [INDEX[c] for c in view.hand]
    return Sim(
        view.players,
        [-1] * view.deck_size,
        [-1] * view.tweak_deck_size,
        [INDEX[c] for c in view.table],
        hands,
        view.scores(),
        acts,
        view.turn,
        PHASE_CODE[view.phase],
        view.delta,
        view.pending,
        view.turns,
    )


# ---------------------------------------------------------------- casual


def table_totals(table) -> tuple[int, int]:
    total = 0
    points = 0
    for c in table:
        total += VALUE[c]
        points += POINTS[c]
    return total, points


def best_capture(
    sim: Sim, seat: int, hand, target: int, sums, risk: Risk | None = None, totals: tuple[int, int] | None = None
):
    """(key, decision) of casual's favourite capture at `target`, or (None, None).

    The key orders captures as casual does: a TWEAK first (while [T!] cards are left, R5.3),
    then points (R2) less what the next player is expected to sweep from what is left, then
    the number of cards. Written out inline: this runs in every playout turn."""
    table = sim.table
    if not table:
        return None, None
    if risk is None:
        risk = Risk(sim, seat, len(hand) - 1)
    total, tpoints = totals or table_totals(table)
    ntable = len(table)
    tweak_flag = 1 if sim.tdeck else 0
    rows, h, bonus = risk.rows, risk.h, risk.bonus
    best = None
    best_key = None
    for card in hand:
        found = sums.get(target - VALUE[card])
        if not found:
            continue
        pc = POINTS[card]
        for taken in found:
            tp = 0
            tv = 0
            for c in taken:
                tp += POINTS[c]
                tv += VALUE[c]
            if len(taken) == ntable:
                key = (tweak_flag, pc + tp, ntable)
            else:
                left = total - tv
                p = rows[left if left < 80 else 79][h]
                key = (0, pc + tp - (p * (tpoints - tp + bonus) if p else 0.0), len(taken))
            if best_key is None or key > best_key:
                best, best_key = (CAPTURE, card, taken), key
    return best_key, best


def casual_lay(sim: Sim, seat: int, hand, risk: Risk | None = None, totals: tuple[int, int] | None = None):
    """The card whose lay leaves the least to the next player: low risk, few points exposed."""
    if risk is None:
        risk = Risk(sim, seat, len(hand) - 1)
    total, tpoints = totals or table_totals(sim.table)
    best = None
    best_cost = None
    for card in hand:
        cost = risk.loss(total + VALUE[card], tpoints + POINTS[card]) + 0.5 * POINTS[card] + 0.01 * VALUE[card]
        if best_cost is None or cost < best_cost:
            best, best_cost = card, cost
    return (LAY, best)


def thief_victim(sim: Sim, seat: int) -> int:
    """Steal a last card first (that player loses a turn, D7), else from the next player."""
    n = sim.n
    best = None
    best_key = None
    for k in range(1, n):
        v = (seat + k) % n
        h = len(sim.hands[v])
        if not h:
            continue
        key = (h == 1, -k, sim.pts[v])
        if best_key is None or key > best_key:
            best, best_key = v, key
    return best


def casual_give(sim: Sim, seat: int, target: int):
    """Bomb hit (R7.4): give up the card that is worth least and helps the bomber least."""
    hand = sim.hands[seat]
    total = 0
    tpoints = 0
    for c in sim.table:
        total += VALUE[c]
        tpoints += POINTS[c]
    bomber = sim.turn
    h = len(sim.hands[bomber])
    best = None
    best_cost = None
    for card in hand:
        need = target - total - VALUE[card]
        p = 1.0 - (1.0 - VALUE_SHARE[need]) ** h if 1 <= need <= 6 else 0.0
        cost = POINTS[card] + p * (tpoints + POINTS[card] + TWEAK_CARD_WORTH) + 0.01 * VALUE[card]
        if best_cost is None or cost < best_cost:
            best, best_cost = card, cost
    return (GIVE, best)


def casual(sim: Sim, rng: random.Random, target: int | None = None):
    """The `casual` decision for the player to act in `sim` (see docs/bots.md)."""
    if target is None:
        target = sim.target()
    if sim.phase == DISCARD:
        return casual_give(sim, sim.pending[0], target)
    seat = sim.turn
    hand = sim.hands[seat]
    risk = Risk(sim, seat, len(hand) - 1)
    table = sim.table
    plain = sim.phase != START or not any(sim.acts[seat])
    if plain:
        return _casual_plain_remembered(sim, seat, hand, table, target, risk)
    if table:
        sums = subsets_by_sum(table)
        totals = table_totals(table)
        key, best = best_capture(sim, seat, hand, target, sums, risk, totals)
    else:
        sums = {}
        totals = (0, 0)
        key = best = None
    if sim.phase == START:
        action = _casual_action(sim, seat, hand, target, sums, key, best, risk, totals)
        if action is not None:
            return action
    if best is not None:
        return best
    return casual_lay(sim, seat, hand, risk, totals)


def _casual_action(sim: Sim, seat: int, hand, target: int, sums, key, best, risk: Risk, totals):
    """At the start of a turn, an action card worth using: the Joker for a better capture, else,
    with no capture in sight, one that may bring one (or None)."""
    if sim.acts[seat][JOKER] and sim.table:
        joker = casual_joker(sim, seat, hand, target, sums, key, best, risk, totals)
        if joker is not None:
            return joker
    if best is None:
        return casual_fish(sim, seat)
    return None


def _casual_plain_remembered(sim: Sim, seat: int, hand: list, table: list, target: int, risk: Risk):
    """_casual_plain, remembered: without an action card to weigh, the decision depends on
    these alone."""
    memo_key = (tuple(hand), tuple(table), target, risk.h, risk.rows is SWEEP[1], risk.bonus)
    found = _CASUAL_MEMO.get(memo_key)
    if found is not None:
        return found
    if len(_CASUAL_MEMO) >= 100_000:
        _CASUAL_MEMO.clear()
    found = _CASUAL_MEMO[memo_key] = _casual_plain(sim, seat, hand, table, target, risk)
    return found


def casual_fish(sim: Sim, seat: int):
    """With no capture in sight, an action card that may bring one: Bomb, else Thief, else
    Shifter (or None)."""
    acts = sim.acts[seat]
    others = any(sim.hands[s] for s in range(sim.n) if s != seat)
    if acts[BOMB] and others:
        return (USE_BOMB,)
    if acts[THIEF] and others:
        return (USE_THIEF, thief_victim(sim, seat))
    if acts[SHIFTER] and sim.deck:
        return (USE_SHIFTER,)
    return None


def _casual_plain(sim, seat, hand, table, target, risk):
    if not table:
        return casual_lay(sim, seat, hand, risk, (0, 0))
    totals = table_totals(table)
    _, best = best_capture(sim, seat, hand, target, subsets_by_sum(table), risk, totals)
    return best if best is not None else casual_lay(sim, seat, hand, risk, totals)


_CASUAL_MEMO: dict = {}


def casual_joker(sim, seat, hand, target, sums, key, best, risk=None, totals=None):
    """R7.2: a Joker when +-1 opens a TWEAK, a red 5, or three points more than the target does."""
    choice = None
    choice_key = None
    for delta in (1, -1):
        k, d = best_capture(sim, seat, hand, target + delta, sums, risk, totals)
        if d is None:
            continue
        if choice_key is None or k > choice_key:
            choice, choice_key = delta, k
    if choice is None:
        return None
    if key is None:
        return (USE_JOKER, choice)
    if choice_key[0] > key[0]:
        return (USE_JOKER, choice)  # opens a TWEAK
    _, d = best_capture(sim, seat, hand, target + choice, sums, risk, totals)
    takes_red_five = RED_FIVE in d[2] or d[1] == RED_FIVE
    had_red_five = RED_FIVE in best[2] or best[1] == RED_FIVE
    if choice_key[0] == key[0] and (takes_red_five and not had_red_five or choice_key[1] >= key[1] + 3):
        return (USE_JOKER, choice)
    return None


# ---------------------------------------------------------------- beginner

BEGINNER_SEES = {
    1: 0.68,
    2: 0.43,
}  # chance to notice a capture with 1 or 2 table cards (about a quarter missed overall)
BEGINNER_ACTION_WHIM = 0.2  # chance to use an action card on a whim at turn start


def beginner(sim: Sim, rng: random.Random, target: int | None = None):
    """The `beginner` decision: a child who adds up one or two table cards at most, sometimes
    overlooks a sum, forgets the Joker can help, and uses action cards on a whim."""
    if target is None:
        target = sim.target()
    if sim.phase == DISCARD:
        hand = sim.hands[sim.pending[0]]
        low = min(VALUE[c] for c in hand)  # keeps the big numbers
        return (GIVE, rng.choice([c for c in hand if VALUE[c] == low]))
    seat = sim.turn
    hand = sim.hands[seat]
    if sim.phase == START and rng.random() < BEGINNER_ACTION_WHIM:
        whim = beginner_action(sim, seat, hand, target, rng)
        if whim is not None:
            return whim
    noticed = beginner_captures(sim, hand, target, rng)
    if noticed:
        most = max(len(d[2]) for d in noticed)  # prefers taking more cards
        noticed = [d for d in noticed if len(d[2]) == most]
        return rng.choice(noticed)
    return (LAY, rng.choice(hand))


def beginner_captures(sim: Sim, hand, target: int, rng: random.Random) -> list:
    """The captures a beginner notices: one or two table cards, each seen by chance (a sum of
    two is missed more often than a pair that matches)."""
    table = sim.table
    out = []
    m = len(table)
    for card in hand:
        need = target - VALUE[card]
        for i in range(m):
            a = table[i]
            if VALUE[a] == need and rng.random() < BEGINNER_SEES[1]:
                out.append((CAPTURE, card, (a,)))
            for j in range(i + 1, m):
                b = table[j]
                if VALUE[a] + VALUE[b] == need and rng.random() < BEGINNER_SEES[2]:
                    out.append((CAPTURE, card, (a, b)))
    return out


def beginner_action(sim: Sim, seat: int, hand, target: int, rng: random.Random):
    """An action card at an odd moment: any kind it holds, picked at random."""
    acts = sim.acts[seat]
    others = [s for s in range(sim.n) if s != seat and sim.hands[s]]
    kinds = []
    if acts[THIEF] and others:
        kinds.append(THIEF)
    if acts[JOKER]:
        kinds.append(JOKER)
    if acts[SHIFTER] and sim.deck:
        kinds.append(SHIFTER)
    if acts[BOMB] and others:
        kinds.append(BOMB)
    if not kinds:
        return None
    kind = rng.choice(kinds)
    if kind == THIEF:
        top = max(sim.pts[s] for s in others)  # takes from whoever is winning
        return (USE_THIEF, rng.choice([s for s in others if sim.pts[s] == top]))
    if kind == JOKER:
        # Direction: towards a sum it happens to notice, else a guess.
        ways = [d for d in (1, -1) if beginner_captures(sim, hand, target + d, rng)]
        return (USE_JOKER, rng.choice(ways or [1, -1]))
    if kind == SHIFTER:
        return (USE_SHIFTER,)
    return (USE_BOMB,)


POLICIES = {"casual": casual, "beginner": beginner}
