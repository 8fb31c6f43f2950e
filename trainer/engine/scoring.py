"""R2 and R6.5 score breakdowns: which cards earned which points, for score screens."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.engine.cards import card_table


@dataclass(frozen=True, slots=True)
class ScoreLine:
    reason: str  # "red5", "red", "five", "plain", "action"  (R2 rows)
    cards: tuple[str, ...]
    each: int

    @property
    def points(self) -> int:
        return self.each * len(self.cards)


def breakdown(won: Iterable[str], owned: Sequence[str]) -> list[ScoreLine]:
    """The won pile and [T!] cards grouped by R2 row, in the order R2 lists them."""
    cards = card_table()
    rows: dict[str, list[str]] = {"plain": [], "red": [], "five": [], "red5": []}
    for card in won:
        red, five = cards.color_of[card] == "R", cards.value[card] == 5
        rows["red5" if red and five else "red" if red else "five" if five else "plain"].append(card)
    lines = [ScoreLine(reason, tuple(ids), cards.points[ids[0]]) for reason, ids in rows.items() if ids]
    if owned:
        lines.append(ScoreLine("action", tuple(owned), cards.points[owned[0]]))
    return lines
