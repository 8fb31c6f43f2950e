"""The class tournament's seating (issue 16.5): who sits at which table. Pure: no Flask, no SQL.

Tables have 3 or 4 children: a table of 4 plays longer rounds but more children get to play
with more classmates, so there are as many 4s as the count allows (every n >= 6 is a sum of
3s and 4s). Five children sit at one table of five, two to four at one table (TWEAK is for
2-6 players); a single child cannot play a tournament.

"By level" seats like a school sports draw (snake seating): the children, strongest first,
are dealt to the tables 1, 2, ..., T, then T, ..., 2, 1, and so on, so every table gets a
strong and a weaker player and the tables' mean levels come out close.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

MIN_PRESENT = 2


class CannotSeat(ValueError):
    """Fewer than two children present."""


def table_sizes(present: int) -> list[int]:
    """The tables' sizes for `present` children, largest first."""
    if present < MIN_PRESENT:
        raise CannotSeat(present)
    if present <= 5:
        return [present]
    threes = (4 - present % 4) % 4  # 0, 3, 2 or 1 tables of 3 make the rest divisible by 4
    fours = (present - 3 * threes) // 4
    return [4] * fours + [3] * threes


def _deal(ordered: Sequence[int], sizes: list[int], snake: bool) -> list[list[int]]:
    tables: list[list[int]] = [[] for _ in sizes]
    it = iter(ordered)
    for lap in range(max(sizes)):
        order = [t for t, size in enumerate(sizes) if size > lap]
        if snake and lap % 2:
            order.reverse()
        for t in order:
            tables[t].append(next(it))
    return tables


def seat_at_random(pupils: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Each child once, at tables of `table_sizes`, in an order only `rng` decides."""
    shuffled = list(dict.fromkeys(pupils))
    sizes = table_sizes(len(shuffled))
    rng.shuffle(shuffled)
    return _deal(shuffled, sizes, snake=False)


def seat_by_level(levels: Mapping[int, float], rng: random.Random) -> list[list[int]]:
    """Snake seating by level (Elo, higher is stronger); equal levels in an order `rng` decides.
    Tables are then shuffled so table 1 is not always the strongest one's."""
    pupils = list(levels)
    rng.shuffle(pupils)
    ordered = sorted(pupils, key=lambda p: -levels[p])
    tables = _deal(ordered, table_sizes(len(ordered)), snake=True)
    return tables


def mean_levels(tables: Sequence[Sequence[int]], levels: Mapping[int, float]) -> list[float]:
    return [sum(levels[p] for p in table) / len(table) for table in tables]
