"""Every capture of a position (R5.2, D5), each card set once.

The table is grouped by face value, and a depth-first search chooses how many cards of each
value to take. A value pattern that reaches the sum expands into all its card sets, each of
which is a real capture, so the cost follows the number of captures found (plus at most a few
hundred value patterns, since sums stop at 11), not 2^(table size).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from trainer.engine.cards import card_table


@dataclass(frozen=True, slots=True)
class Capture:
    target: int
    play: str
    capture: tuple[str, ...]   # in table order
    tweak: bool                # takes the whole table (R5.3)
    points: int                # played card plus captured cards (R2), no [T!] card

    @property
    def cards(self) -> int:
        return 1 + len(self.capture)

    def call(self) -> str:
        return call_text(self.play, self.capture)

    def to_json(self) -> dict:
        return {"target": self.target, "play": self.play, "capture": list(self.capture),
                "tweak": self.tweak, "points": self.points, "call": self.call()}


def running_sums(play: str, capture) -> list[tuple[int, int]]:
    """R5.4: (face value, running sum) pairs, starting with the hand card."""
    value = card_table().value
    total = 0
    steps = []
    for card in (play, *capture):
        total += value[card]
        steps.append((value[card], total))
    return steps


def call_text(play: str, capture) -> str:
    """The English call, e.g. "2 plus 1 is 3, plus 3 is 6" (R5.4)."""
    steps = running_sums(play, capture)
    if len(steps) == 1:
        return str(steps[0][0])
    parts = [f"{steps[0][0]} plus {steps[1][0]} is {steps[1][1]}"]
    parts += [f"plus {v} is {s}" for v, s in steps[2:]]
    return ", ".join(parts)


def index_sets_summing_to(values: list[int], need: int) -> list[tuple[int, ...]]:
    """All sets of positions in `values` (face values 1-6) whose values add up to `need`.

    Each set is a tuple of ascending positions; no set appears twice; the empty set never
    appears (D5: a capture needs at least one table card).
    """
    if need <= 0:
        return []
    groups: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        groups.setdefault(v, []).append(i)
    if not groups:
        return []
    face = sorted(groups, reverse=True)
    # most[k]: the largest sum the values face[k:] can still make, to cut hopeless branches.
    most = [0] * (len(face) + 1)
    for k in range(len(face) - 1, -1, -1):
        most[k] = most[k + 1] + face[k] * len(groups[face[k]])
    found: list[tuple[int, ...]] = []
    picks: list[tuple[list[int], int]] = []

    def expand() -> None:
        choices = [combinations(idx, m) for idx, m in picks if m]
        for parts in product(*choices):
            found.append(tuple(sorted(i for part in parts for i in part)))

    def search(k: int, rest: int) -> None:
        if rest == 0:
            expand()
            return
        if k == len(face) or rest > most[k]:
            return
        v = face[k]
        idx = groups[v]
        for m in range(min(len(idx), rest // v), -1, -1):
            picks.append((idx, m))
            search(k + 1, rest - m * v)
            picks.pop()

    search(0, need)
    return found


def captures_for_card(play: str, table, target: int) -> list[Capture]:
    cards = card_table()
    value, points = cards.value, cards.points
    table = tuple(table)
    need = target - value[play]
    out = []
    for idx in index_sets_summing_to([value[c] for c in table], need):
        taken = tuple(table[i] for i in idx)
        out.append(Capture(target, play, taken, len(taken) == len(table),
                           points[play] + sum(points[c] for c in taken)))
    return out


def solve(hand, table, target: int, joker: bool = False) -> list[Capture]:
    """Every capture of the position; with `joker`, also those for target-1 and target+1 (R7.2)."""
    targets = (target - 1, target, target + 1) if joker else (target,)
    seen_values: dict[tuple[int, int], list[Capture]] = {}
    value = card_table().value
    out: list[Capture] = []
    for t in targets:
        for play in hand:
            # Two hand cards of one value capture the same table sets: search once per value.
            key = (t, value[play])
            if key in seen_values:
                out.extend(_with_play(c, play) for c in seen_values[key])
                continue
            found = captures_for_card(play, table, t)
            seen_values[key] = found
            out.extend(found)
    return out


def _with_play(capture: Capture, play: str) -> Capture:
    points = card_table().points
    return Capture(capture.target, play, capture.capture, capture.tweak,
                   capture.points - points[capture.play] + points[play])


def best_capture(captures) -> Capture | None:
    """The capture worth most points (R2); a TWEAK, then more cards, break ties."""
    return max(captures, key=lambda c: (c.points, c.tweak, c.cards), default=None)
