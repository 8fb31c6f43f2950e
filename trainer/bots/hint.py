"""Hints for the game screen: the move a bot level would make, and why, in words.

`hint(view)` returns a `Hint`: the move, and a `Reason` — a kind code plus plain-data
parameters (running-sum steps, cards with colour letter, value and points, totals). The
reason carries no sentence: `english(reason)` is the one place that words it, e.g.
"6 plus 3 is 9 takes the red 3: 4 points", so the web layer can word it in other languages.

Kinds and their parameters:
- "capture": play (card), taken (cards), steps ([[value, running sum], ...], R5.4), target,
  points (played card plus taken cards, R2), tweak (takes the whole table: a [T!] card, R5.3)
- "lay": card, could_capture (a capture was possible but this lay is better)
- "joker": delta, target (after it), then (the parameters of the "capture" it opens, or None)
- "thief": victim, last_card (the victim loses their next turn, D7)
- "shifter": (no parameters: the deck's top card comes to the table and the target changes)
- "bomb": victims (seats that must give up a card, R7.4)
- "discard": card
A card is {"id", "color" (letter), "value", "points"}.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.bots import make_bot
from trainer.bots.policy import best_capture, public_sim
from trainer.bots.sim import IDS, subsets_by_sum
from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, Move, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.solver import running_sums
from trainer.engine.view import PlayerView


@dataclass(frozen=True)
class Reason:
    kind: str
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, "params": self.params}


@dataclass(frozen=True)
class Hint:
    move: Move
    reason: Reason

    def text(self) -> str:
        return english(self.reason)


def card_info(card: str) -> dict:
    cards = card_table()
    return {"id": card, "color": cards.color_of[card], "value": cards.value[card], "points": cards.points[card]}


def hint(view: PlayerView, level: str = "casual", rng: random.Random | None = None) -> Hint:
    """The move `level` would make now, with its reason. The view must be the player's to act."""
    if not view.my_move:
        raise ValueError("a hint is for the player whose decision it is")
    move = make_bot(level).choose(view, rng if rng is not None else random.Random(0))
    return Hint(move, explain(view, move))


def explain(view: PlayerView, move: Move) -> Reason:
    """Why `move` is played, from what the view shows."""
    if isinstance(move, Play):
        if move.capture:
            return capture_reason(move.card, move.capture, view.target, view.table)
        could = any(isinstance(m, Play) and m.capture for m in view.legal_moves())
        return Reason("lay", {"card": card_info(move.card), "could_capture": could})
    if isinstance(move, Discard):
        return Reason("discard", {"card": card_info(move.card)})
    if isinstance(move, UseJoker):
        target = view.target + move.delta
        sim = public_sim(view)
        hand = sim.hands[view.seat]
        _, d = best_capture(sim, view.seat, hand, target, subsets_by_sum(sim.table))
        then = None
        if d is not None:
            then = capture_reason(IDS[d[1]], [IDS[c] for c in d[2]], target, view.table).params
        return Reason("joker", {"delta": move.delta, "target": target, "then": then})
    if isinstance(move, UseThief):
        return Reason("thief", {"victim": move.victim, "last_card": view.hand_sizes[move.victim] == 1})
    if isinstance(move, UseShifter):
        return Reason("shifter", {})
    if isinstance(move, UseBomb):
        victims = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s]]
        return Reason("bomb", {"victims": victims})
    raise TypeError(f"not a move: {move!r}")


def capture_reason(play: str, taken, target: int, table) -> Reason:
    points = card_table().points
    taken = list(taken)
    return Reason(
        "capture",
        {
            "play": card_info(play),
            "taken": [card_info(c) for c in taken],
            "steps": [[v, s] for v, s in running_sums(play, taken)],
            "target": target,
            "points": points[play] + sum(points[c] for c in taken),
            "tweak": len(taken) == len(table),
        },
    )


# ---------------------------------------------------------------- English


def english(reason: Reason) -> str:
    """The reason as one English sentence (the only place hints are worded)."""
    words = _ENGLISH.get(reason.kind)
    if words is None:
        raise ValueError(f"unknown reason kind {reason.kind!r}")
    return words(reason.params)


def _capture_english(p: dict) -> str:
    steps = p["steps"]
    call = f"{steps[0][0]} plus {steps[1][0]} is {steps[1][1]}"
    call += "".join(f", plus {v} is {s}" for v, s in steps[2:])
    taken = _and_list([_card_words(c) for c in p["taken"]])
    text = f"{call} takes {taken}: {_points(p['points'])}"
    if p["tweak"]:
        text += ", and it is a TWEAK: the whole table"
    return text


def _lay_english(p: dict) -> str:
    card = _card_words(p["card"])
    if p["could_capture"]:
        return f"Lay {card}: taking cards now would leave the next player too much"
    return f"No sum makes the target: lay {card}"


def _joker_english(p: dict) -> str:
    sign = "+1" if p["delta"] > 0 else "-1"
    text = f"Use the Joker ({sign}) to make the target {p['target']}"
    if p["then"]:
        text += ": then " + _capture_english(p["then"])
    return text


def _thief_english(p: dict) -> str:
    text = f"Use the Thief on player {p['victim'] + 1}"
    if p["last_card"]:
        text += ": it is their last card, so they miss a turn"
    return text


_ENGLISH = {
    "capture": _capture_english,
    "lay": _lay_english,
    "joker": _joker_english,
    "thief": _thief_english,
    "shifter": lambda p: "Use the Shifter: a new card comes to the table and the target changes",
    "bomb": lambda p: "Use the Bomb: every other player must put a card on the table",
    "discard": lambda p: f"Give up {_card_words(p['card'])}: it is worth the least to you",
}


def _card_words(card: dict) -> str:
    name = card_table().color_names[card["color"]]
    return f"the {name} {card['value']}"


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _and_list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
