"""A match: rounds until a total reaches the threshold (R8), the dealer moving on (R3.2, D3),
another round while the top total is shared (D9)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.cards import default_colors
from trainer.engine.state import State, check_colors, deal, shuffled_setup

THRESHOLDS = {2: 140, 3: 120, 4: 100, 5: 80, 6: 60}  # R8.2


def default_threshold(players: int) -> int:
    return THRESHOLDS[players]


@dataclass(frozen=True, slots=True)
class Match:
    players: int
    colors: tuple[str, ...]
    threshold: int
    first_dealer: int
    round_scores: tuple[tuple[int, ...], ...] = ()  # one entry per finished round

    @property
    def totals(self) -> list[int]:
        """R8.1: every round's points added to the match total."""
        totals = [0] * self.players
        for scores in self.round_scores:
            for seat, points in enumerate(scores):
                totals[seat] += points
        return totals

    @property
    def next_dealer(self) -> int:
        """D3: each later round's dealer is the seat after the previous dealer."""
        return (self.first_dealer + len(self.round_scores)) % self.players

    @property
    def over(self) -> bool:
        """R8.2 with D9: a total reached the threshold and the highest total is not shared."""
        totals = self.totals
        if not totals or max(totals) < self.threshold:
            return False
        return totals.count(max(totals)) == 1

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        totals = self.totals
        return totals.index(max(totals))

    def with_round(self, finished: State) -> Match:
        if not finished.over:
            raise ValueError("only a finished round counts towards the match (R8.1)")
        if self.over:
            raise ValueError("the match is already over (R8.2)")
        if finished.setup.dealer != self.next_dealer:
            raise ValueError(f"this round's dealer must be seat {self.next_dealer} (R3.2)")
        return Match(
            self.players,
            self.colors,
            self.threshold,
            self.first_dealer,
            self.round_scores + (tuple(finished.scores()),),
        )

    def next_round(self, rng: random.Random) -> State:
        if self.over:
            raise ValueError("the match is over (R8.2)")
        return deal(shuffled_setup(self.players, rng, self.colors, self.next_dealer))


def new_match(
    players: int, rng: random.Random, colors: Iterable[str] | None = None, threshold: int | None = None
) -> Match:
    """The first dealer is drawn at random (D3); threshold defaults to R8.2 (a setting, D9)."""
    colors = check_colors(colors) if colors is not None else default_colors(players)
    if threshold is None:
        threshold = default_threshold(players)
    if threshold < 1:
        raise ValueError("the threshold must be at least 1 point")
    return Match(players, colors, threshold, rng.randrange(players))
