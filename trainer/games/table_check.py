""" "Check our table" (issue 37.5): a family or a class plays with the printed cards and asks
the solver what the table held. How many captures the position holds and the best of them
in the order a child wants to read them (TWEAKs first, then the most points), and why a
capture someone tried does or does not work, as codes and numbers the web layer words ("4 + 3 = 7, not 9").

Pure: the engine's solver and card table only.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from trainer.engine.capture_count import Ranked, ranked
from trainer.engine.cards import card_table

MAX_HAND = 3  # a hand holds three cards at most (R6.1)
MAX_TABLE = 20  # more than a real table ever holds is a slip of the finger
SHOWN = 12  # the captures "Show" lists; the rest are counted ("and 244,083 more")


def captures(hand: Sequence[str], table: Iterable[str], target: int, joker: bool = False) -> Ranked:
    """How many captures there are (R5.2, D5; with a Joker, target ±1 too: R7.2) and the first
    SHOWN of them: TWEAKs first (R5.3), then the most points (R2), then fewer cards, then table
    order. Counted, not listed: 20 low cards hold 244,095 captures (issue 45)."""
    return ranked(hand, table, target, joker, SHOWN)


@dataclass(frozen=True)
class Verdict:
    """Why a tried capture works or not. `code`: works, no_hand_card, two_hand_cards,
    no_table_card, wrong_sum; `values` the face values in the order tapped,
    hand card first (R5.4); `targets` the sums that would have counted."""

    code: str
    values: tuple[int, ...] = ()
    total: int = 0
    targets: tuple[int, ...] = ()
    tweak: bool = False
    points: int = 0
    cards: tuple[str, ...] = ()

    @property
    def works(self) -> bool:
        return self.code == "works"


def explain_try(
    hand: Collection[str], table: Sequence[str], target: int, joker: bool, tried: Collection[str]
) -> Verdict:
    """A capture someone tried: `tried` names cards of this position, in any order. One hand
    card and at least one table card whose values add up to the target (R5.2, D5; with a
    Joker, target ±1: R7.2). A TWEAK when it takes the whole table (R5.3)."""
    cards = card_table()
    played = [c for c in tried if c in hand]
    taken = [c for c in table if c in tried]  # table order, as records keep it
    targets = (target - 1, target, target + 1) if joker else (target,)
    if not played:
        return Verdict("no_hand_card", targets=targets, cards=tuple(taken))
    if len(played) > 1:
        return Verdict("two_hand_cards", targets=targets, cards=tuple(played))
    if not taken:
        return Verdict(
            "no_table_card",
            values=(cards.value[played[0]],),
            total=cards.value[played[0]],
            targets=targets,
            cards=tuple(played),
        )
    values = tuple(cards.value[c] for c in (played[0], *taken))
    total = sum(values)
    chosen = (played[0], *taken)
    if total not in targets:
        return Verdict("wrong_sum", values, total, targets, cards=chosen)
    points = sum(cards.points[c] for c in chosen)
    return Verdict("works", values, total, targets, tweak=len(taken) == len(table), points=points, cards=chosen)
