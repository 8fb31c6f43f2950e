"""How many captures a position holds, and the best few, without listing them all (issue 45).

A table of 20 low cards holds hundreds of thousands of captures (244,095 for the worst form a
child can tap): listing them took two minutes and a 371 MB page. Here the table is counted by
kind instead: for every table position, how many sets of the cards from there on reach each
(sum, points, number of cards). Sums stop at the largest one a capture can need (11 with a
Joker on a 10), so the counts stay a few thousand entries whatever the table holds, and the
best captures are then read off class by class, walking only into branches that end in one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import NamedTuple

from trainer.engine.cards import card_table
from trainer.engine.solver import Capture


class Ranked(NamedTuple):
    total: int  # every capture of the position (R5.2, D5; R7.2 with a Joker)
    best: tuple[Capture, ...]  # the first `limit` of them in reading order (rank_key)


def rank_key(capture: Capture, hand: Sequence[str], table: Iterable[str]) -> tuple:
    """The order a child reads captures in: TWEAKs first (R5.3), then the most points (R2),
    then fewer cards, then hand order, then table order, then the target (R7.2)."""
    where = {card: i for i, card in enumerate(table)}
    return (
        not capture.tweak,
        -capture.points,
        capture.cards,
        tuple(hand).index(capture.play),
        [where[t] for t in capture.capture],
        capture.target,
    )


def ranked(hand: Iterable[str], table: Iterable[str], target: int, joker: bool, limit: int) -> Ranked:
    cards = card_table()
    hand, table = tuple(hand), tuple(table)
    n = len(table)
    targets = (target - 1, target, target + 1) if joker else (target,)
    needs = {(t, play): t - cards.value[play] for t in targets for play in hand}
    top = max(needs.values(), default=0)
    if n == 0 or top <= 0:
        return Ranked(0, ())
    values = [cards.value[c] for c in table]
    worth = [cards.points[c] for c in table]
    counts = _suffix_counts(values, worth, top)

    # A class: one hand card, one target, one (points, cards) of the table part.
    classes = []
    total = 0
    for (t, play), need in needs.items():
        if need <= 0:
            continue  # D5: a hand card alone never captures
        for (s, p, k), number in counts[0].items():
            if s == need and k:
                total += number
                points = cards.points[play] + p
                classes.append(((k != n, -points, 1 + k, hand.index(play)), t, play, s, p, k, points))
    classes.sort(key=lambda c: (c[0], c[1]))

    best: list[Capture] = []
    i = 0
    while i < len(classes) and len(best) < limit:
        # Classes that share their key differ only in the target: merge them in table order.
        j = i
        while j < len(classes) and classes[j][0] == classes[i][0]:
            j += 1
        room = limit - len(best)
        group = []
        for _, t, play, s, p, k, points in classes[i:j]:
            for picked in islice(_walk(values, worth, counts, 0, s, p, k, ()), room):
                group.append((picked, t, play, points, k == n))
        group.sort(key=lambda g: (g[0], g[1]))
        best.extend(
            Capture(t, play, tuple(table[x] for x in picked), tweak, points)
            for picked, t, play, points, tweak in group[:room]
        )
        i = j
    return Ranked(total, tuple(best))


def _suffix_counts(values: list[int], worth: list[int], top: int) -> list[dict]:
    """counts[i][(sum, points, cards)]: how many sets of the table cards from position i on
    make that; sums above `top` are never needed and are dropped."""
    n = len(values)
    counts: list[dict] = [{}] * (n + 1)
    counts[n] = {(0, 0, 0): 1}
    for i in range(n - 1, -1, -1):
        later = counts[i + 1]
        here = dict(later)
        v, w = values[i], worth[i]
        for (s, p, k), number in later.items():
            if s + v <= top:
                key = (s + v, p + w, k + 1)
                here[key] = here.get(key, 0) + number
        counts[i] = here
    return counts


def _walk(
    values: list[int], worth: list[int], counts: list[dict], start: int, s: int, p: int, k: int, prefix: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """The position sets from `start` on that make exactly (s, p, k), in table order; a card is
    stepped onto only when the rest can still be made after it."""
    for j in range(start, len(values)):
        v, w = values[j], worth[j]
        if k == 1:
            if v == s and w == p:
                yield (*prefix, j)
        elif (s - v, p - w, k - 1) in counts[j + 1]:
            yield from _walk(values, worth, counts, j + 1, s - v, p - w, k - 1, (*prefix, j))
