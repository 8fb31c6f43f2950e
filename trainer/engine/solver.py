"""Every capture of a position (R5.2, D5), each card set once.

The search walks the table in order and only ever steps onto a card from which the rest of
the sum can still be made (a bit set of reachable sums per table position tells), so every
step it takes ends in at least one capture: the cost follows the number of captures found,
never 2^(table size).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from trainer.engine.cards import card_table


class Capture(NamedTuple):
    target: int
    play: str
    capture: tuple[str, ...]  # in table order
    tweak: bool  # takes the whole table (R5.3)
    points: int  # played card plus captured cards (R2), no [T!] card

    @property
    def cards(self) -> int:
        return 1 + len(self.capture)

    def call(self) -> str:
        return call_text(self.play, self.capture)

    def to_json(self) -> dict:
        return {
            "target": self.target,
            "play": self.play,
            "capture": list(self.capture),
            "tweak": self.tweak,
            "points": self.points,
            "call": self.call(),
        }


def running_sums(play: str, capture: Iterable[str]) -> list[tuple[int, int]]:
    """R5.4: (face value, running sum) pairs, starting with the hand card."""
    value = card_table().value
    total = 0
    steps = []
    for card in (play, *capture):
        total += value[card]
        steps.append((value[card], total))
    return steps


def call_text(play: str, capture: Iterable[str]) -> str:
    """The English call, e.g. "2 plus 1 is 3, plus 3 is 6" (R5.4)."""
    value = card_table().value
    return _call_for_values(value[play], tuple(map(value.__getitem__, capture)))


@lru_cache(maxsize=4096)
def _call_for_values(first: int, values: tuple[int, ...]) -> str:
    # The same value sequences come back in capture after capture: build each call once.
    if not values:
        return str(first)
    total = first + values[0]
    parts = [f"{first} plus {values[0]} is {total}"]
    for v in values[1:]:
        total += v
        parts.append(f"plus {v} is {total}")
    return ", ".join(parts)


def solve(hand: Sequence[str], table: Iterable[str], target: int, joker: bool = False) -> list[Capture]:
    """Every capture of the position; with `joker`, also those for target-1 and target+1 (R7.2)."""
    return _captures(hand, table, target, joker, with_calls=False)


def solve_with_calls(
    hand: Sequence[str], table: Iterable[str], target: int, joker: bool = False
) -> list[tuple[Capture, str]]:
    """solve(), each capture with its call (R5.4), which the search builds as it goes: captures
    share their first cards, so they share the start of their calls too."""
    return _captures(hand, table, target, joker, with_calls=True)


def _captures(hand: Sequence[str], table: Iterable[str], target: int, joker: bool, with_calls: bool) -> list:
    cards = card_table()
    value, points = cards.value, cards.points
    table = tuple(table)
    n = len(table)
    targets = (target - 1, target, target + 1) if joker else (target,)
    needs = [t - value[play] for t in targets for play in hand]
    top = max(needs, default=0)
    out: list = []
    if n == 0 or top <= 0:
        return out
    values = [value[c] for c in table]
    worth = [points[c] for c in table]
    reach, choices = _search_tables(values, top)
    make = Capture._make

    for t in targets:
        for play in hand:
            need = t - value[play]
            # D5: a capture takes at least one table card, so need must be positive.
            if need <= 0 or need > top or not reach[0] >> need & 1:
                continue
            first = value[play]

            def search(start: int, rest: int, prefix: tuple, total: int, said: str | None) -> None:
                for j in choices[start][rest]:
                    v = values[j]
                    taken = prefix + (table[j],)
                    if with_calls:
                        reached = t - rest + v  # noqa: B023 - search runs within this iteration only
                        step = f"{said}, plus {v} is {reached}" if prefix else f"{first} plus {v} is {reached}"  # noqa: B023 - as above
                    else:
                        step = None
                    if v == rest:
                        capture = make((t, play, taken, len(taken) == n, total + worth[j]))  # noqa: B023 - as above
                        out.append((capture, step) if with_calls else capture)
                    else:
                        search(j + 1, rest - v, taken, total + worth[j], step)

            search(0, need, (), points[play], None)
    return out


def _search_tables(values: list[int], top: int) -> tuple[list[int], list[list[list[int]]]]:
    """reach[i]: bit set of the sums the cards from position i on can make (bit 0: none).
    choices[i][r]: the positions j >= i where a set adding up to r can start."""
    n = len(values)
    limit = (1 << (top + 1)) - 1
    reach = [0] * (n + 1)
    reach[n] = 1
    for i in range(n - 1, -1, -1):
        reach[i] = (reach[i + 1] | (reach[i + 1] << values[i])) & limit
    empty: list[int] = []
    choices = [[empty] * (top + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        v, later, row, after = values[i], reach[i + 1], choices[i], choices[i + 1]
        for r in range(1, top + 1):
            if v == r or (v < r and later >> (r - v) & 1):
                row[r] = [i] + after[r]
            else:
                row[r] = after[r]
    return reach, choices


def best_capture(captures: Iterable[Capture]) -> Capture | None:
    """The capture worth most points (R2); a TWEAK, then more cards, break ties."""
    return max(captures, key=lambda c: (c.points, c.tweak, c.cards), default=None)
