"""The `expert` level's playout policy: casual's habits with a two-ply eye on the next player.

Every capture and lay is valued as the points it takes now (a TWEAK adds the worth of a [T!]
card) minus what the next player can be expected to take from the table it leaves: for each
target the deck may show and each face value they may hold, their best capture of that table
(R5.2, R5.3), weighed by how likely they hold such a card. Like `casual` it reads only what
the deciding player sees (R9): its hand, the table, the sizes of hands and decks.
"""
from __future__ import annotations

import random

from trainer.bots.policy import SWEEP, VALUE_SHARE, casual_give, next_player, thief_victim
from trainer.bots.sim import (
    BOMB, CAPTURE, DISCARD, EMPTY_TARGET, JOKER, LAY, POINTS, SHIFTER, START, THIEF, USE_BOMB,
    USE_JOKER, USE_SHIFTER, USE_THIEF, VALUE, Sim, subsets_by_sum,
)
from trainer.engine.state import HAND_SIZE

TWEAK_WORTH = 3.0          # a [T!] card: 2 points and its use
HAND_POINTS = 1.3          # average points of the card a player captures with
REPLY_WEIGHT = 0.8         # how much of the next player's expected take counts against a move
JOKER_MARGIN = 1.5         # a Joker is spent only for at least this much more value
_ALL_TARGETS = (7, 8, 9, 10)

_REPLY_MEMO: dict = {}


def _has_value_chance(h: int) -> tuple[float, ...]:
    return tuple(1.0 - (1.0 - VALUE_SHARE[v]) ** h for v in range(7))


_HAS = [_has_value_chance(h) for h in range(HAND_SIZE + 1)]


def reply_take(table: tuple, h: int, blue: bool, tweak_left: bool) -> float:
    """Expected value the next player (holding `h` cards) takes from `table` on their turn."""
    if not table or not h:
        return 0.0
    key = (table, h, blue, tweak_left)
    found = _REPLY_MEMO.get(key)
    if found is not None:
        return found
    sums = subsets_by_sum(table)
    n = len(table)
    has = _HAS[h]
    targets = (EMPTY_TARGET,) if blue else _ALL_TARGETS
    total = 0.0
    for t in targets:
        options = []
        for v in range(1, 7):
            found_sets = sums.get(t - v)
            if not found_sets:
                continue
            best = 0.0
            for taken in found_sets:
                pts = HAND_POINTS
                for c in taken:
                    pts += POINTS[c]
                if len(taken) == n and tweak_left:
                    pts += TWEAK_WORTH
                if pts > best:
                    best = pts
            options.append((best, has[v]))
        options.sort(reverse=True)
        miss = 1.0
        expect = 0.0
        for value, p in options:
            expect += miss * p * value
            miss *= 1.0 - p
        total += expect
    found = total / len(targets)
    if len(_REPLY_MEMO) >= 200_000:
        _REPLY_MEMO.clear()
    _REPLY_MEMO[key] = found
    return found


def _options(sim: Sim, seat: int, hand, target: int, h: int, blue: bool):
    """(value, decision) for every capture and lay at `target`."""
    table = sim.table
    tweak_left = bool(sim.tdeck)
    out = []
    if table:
        sums = subsets_by_sum(table)
        n = len(table)
        for card in hand:
            for taken in sums.get(target - VALUE[card], ()):
                gain = POINTS[card]
                for c in taken:
                    gain += POINTS[c]
                if len(taken) == n:
                    # R6.2: the table is refilled from the deck; who gains from that is a toss-up.
                    value = gain + (TWEAK_WORTH if tweak_left else 0.0)
                else:
                    left = tuple(c for c in table if c not in taken)
                    value = gain - REPLY_WEIGHT * reply_take(left, h, blue, tweak_left)
                out.append((value, len(taken), (CAPTURE, card, taken)))
    base = tuple(table)
    for card in hand:
        value = -REPLY_WEIGHT * reply_take(base + (card,), h, blue, tweak_left) - 0.01 * VALUE[card]
        out.append((value, 0, (LAY, card)))
    return out


def _best(options):
    best = None
    for value, cards, d in options:
        if best is None or (value, cards) > best[:2]:
            best = (value, cards, d)
    return best


def shrewd(sim: Sim, rng: random.Random, target: int | None = None):
    """The decision of the player to act in `sim`."""
    if target is None:
        target = sim.target()
    if sim.phase == DISCARD:
        return casual_give(sim, sim.pending[0], target)
    seat = sim.turn
    hand = sim.hands[seat]
    h = min(len(sim.hands[next_player(sim, seat)]), HAND_SIZE)
    draws = HAND_SIZE - len(hand) + 1
    blue = len(sim.deck) - draws <= 0
    best = _best(_options(sim, seat, hand, target, h, blue))
    if sim.phase == START:
        acts = sim.acts[seat]
        if acts[JOKER] and sim.table:
            for delta in (1, -1):
                other = _best(_options(sim, seat, hand, target + delta, h, blue))
                if other[0] > best[0] + JOKER_MARGIN:
                    return (USE_JOKER, delta)
        if best[2][0] == LAY:
            others = any(sim.hands[s] for s in range(sim.n) if s != seat)
            if acts[BOMB] and others:
                return (USE_BOMB,)
            if acts[THIEF] and others:
                return (USE_THIEF, thief_victim(sim, seat))
            if acts[SHIFTER] and sim.deck:
                return (USE_SHIFTER,)
    return best[2]
