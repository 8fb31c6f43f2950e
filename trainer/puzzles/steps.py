"""Running sums for the screen (R5.4): structured steps the web page renders and translates."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.solver import Capture, running_sums


@dataclass(frozen=True, slots=True)
class Step:
    card: str
    value: int  # the card's face value
    total: int  # the running sum after this card

    def to_json(self) -> dict:
        return {"card": self.card, "value": self.value, "total": self.total}

    @classmethod
    def from_json(cls, data: dict) -> "Step":
        return cls(data["card"], data["value"], data["total"])


def tap_steps(cards: Iterable[str]) -> tuple[Step, ...]:
    """The running sum of cards in the order the pupil tapped them: "4 plus 3 is 7, plus 2 is 9".

    The order is the pupil's own; an empty tap list has no steps."""
    cards = tuple(cards)
    if not cards:
        return ()
    pairs = running_sums(cards[0], cards[1:])
    return tuple(Step(card, value, total) for card, (value, total) in zip(cards, pairs))


def call_steps(capture: Capture) -> tuple[Step, ...]:
    """A capture called the way R5.4 says: the hand card first, then the table cards in table order."""
    return tap_steps((capture.play, *capture.capture))
