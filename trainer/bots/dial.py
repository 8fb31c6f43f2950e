"""The strength dial `dial:X`: one bot whose strength is a number X from 0 to 1.

It plays like a child who makes the slips children make: it notices only some of the captures
on the table (groups of three or more cards least often), takes whichever capture it noticed
rather than the best one, lays any card instead of the safe one, forgets that a Joker can
open a capture, wastes action cards on a whim, and gives a Bomb any card. Each slip is a
chance that falls as X rises; at X = 1 none is left and every decision is `casual`'s. At
X = 0 it is about as strong as `random` (docs/bots.md, measured in docs/performance.md).

Like every level it reads only the decider's view (R9), through the same public Sim as
`casual`. Every decision draws the same random numbers whatever X is, so two dial values on
the same seed differ only where a slip's chance lies between them: a higher X never slips
where a lower one did not (the curve is monotone by construction, up to how a round unfolds).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from trainer.bots.policy import (
    Risk,
    beginner_action,
    best_capture,
    casual_fish,
    casual_give,
    casual_joker,
    casual_lay,
    public_sim,
    table_totals,
)
from trainer.bots.sim import (
    CAPTURE,
    DISCARD,
    GIVE,
    JOKER,
    LAY,
    START,
    VALUE,
    Sim,
    move_of,
    subsets_by_sum,
)
from trainer.engine.moves import Move
from trainer.engine.view import PlayerView

PREFIX = "dial:"


def rising(x: float, floor: float, power: float = 1.0) -> float:
    """A skill's chance at dial x: `floor` at 0, rising to 1 at 1."""
    return floor + (1.0 - floor) * x**power


@dataclass(frozen=True, slots=True)
class Skills:
    """The chance, at one dial value, of getting each thing right (1 - the chance of a slip)."""

    notice: tuple[float, ...]  # [k]: notices a group of k table cards (k >= 1; the last for more)
    weigh: float  # takes casual's favourite of the captures it noticed
    lay: float  # lays the card casual would lay
    joker: float  # thinks of the Joker to open a capture (R7.2)
    fish: float  # uses an action card as casual does when nothing can be taken
    whim: float  # plays an action card on a whim at the start of a turn
    give: float  # gives a Bomb the card casual would give (R7.4)

    @classmethod
    def at(cls, x: float) -> Skills:
        return cls(
            notice=(0.0, rising(x, 0.45), rising(x, 0.22, 1.5), rising(x, 0.08, 2), rising(x, 0.02, 3)),
            weigh=x,
            lay=x,
            joker=x**1.5,
            fish=x,
            whim=0.4 * (1.0 - x),
            give=x,
        )

    def sees(self, cards: int) -> float:
        return self.notice[min(cards, len(self.notice) - 1)]


def dial_strength(name: str) -> float | None:
    """X of a bot name `dial:X`; None when the name is not a dial; ValueError for a bad X."""
    if not name.startswith(PREFIX):
        return None
    text = name[len(PREFIX) :]
    try:
        x = float(text)
    except ValueError:
        raise ValueError(f"bot {name!r}: the dial needs a number from 0 to 1, not {text!r}") from None
    if not (math.isfinite(x) and 0.0 <= x <= 1.0):
        raise ValueError(f"bot {name!r}: the dial must be from 0 to 1, not {text}")
    return x


def noticed_groups(sums: dict, wanted, skills: Skills, rng: random.Random) -> dict:
    """The table groups, by sum, that the child notices among those reaching a wanted sum.

    One draw per group in a fixed order, whatever the chances: see the module docstring."""
    out = {}
    for total in sorted(wanted):
        groups = sums.get(total)
        if not groups:
            continue
        seen = tuple(g for g in groups if rng.random() < skills.sees(len(g)))
        if seen:
            out[total] = seen
    return out


def dial_decision(sim: Sim, rng: random.Random, target: int, skills: Skills):  # noqa: C901 - dice rolled in one order
    """The decision of a child with these skills for the player to act in `sim`."""
    rolls = [rng.random() for _ in range(7)]
    if sim.phase == DISCARD:
        seat = sim.pending[0]
        if rolls[0] < skills.give:
            return casual_give(sim, seat, target)
        hand = sim.hands[seat]
        return (GIVE, hand[int(rolls[1] * len(hand))])
    seat = sim.turn
    hand = sim.hands[seat]
    table = sim.table
    start = sim.phase == START
    if start and rolls[2] < skills.whim:
        whim = beginner_action(sim, seat, hand, target, rng)
        if whim is not None:
            return whim
    joker_held = start and bool(table) and sim.acts[seat][JOKER] > 0
    risk = Risk(sim, seat, len(hand) - 1)
    totals = table_totals(table)
    deltas = (0, 1, -1) if joker_held else (0,)
    wanted = {target + d - VALUE[c] for c in hand for d in deltas}
    seen = noticed_groups(subsets_by_sum(table), wanted, skills, rng) if table else {}
    key, best = best_capture(sim, seat, hand, target, seen, risk, totals)
    if start:
        if joker_held and rolls[3] < skills.joker:
            joker = casual_joker(sim, seat, hand, target, seen, key, best, risk, totals)
            if joker is not None:
                return joker
        if best is None and rolls[4] < skills.fish:
            fish = casual_fish(sim, seat)
            if fish is not None:
                return fish
    if best is not None:
        if rolls[5] < skills.weigh:
            return best
        noticed = [(CAPTURE, c, g) for c in hand for g in seen.get(target - VALUE[c], ())]
        return noticed[int(rolls[6] * len(noticed))]
    if rolls[5] < skills.lay:
        return casual_lay(sim, seat, hand, risk, totals)
    return (LAY, hand[int(rolls[6] * len(hand))])


class DialBot:
    """`dial:X`: a child of strength X in [0, 1], from about `random` (0) to `casual` (1)."""

    def __init__(self, strength: float):
        if not (math.isfinite(strength) and 0.0 <= strength <= 1.0):
            raise ValueError(f"the dial must be from 0 to 1, not {strength}")
        self.strength = max(0.0, float(strength))  # no "dial:-0"
        self.name = f"{PREFIX}{self.strength:g}"
        self.skills = Skills.at(self.strength)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        decision = dial_decision(public_sim(view), rng, view.target, self.skills)
        return move_of(decision, view.unused)
