"""What a player can work out from their view (R9): card counting and determinisations.

Unseen cards = every numeric card of the colours in play, minus the own hand, the table and
all won piles (everyone saw those go). They are exactly the other hands plus the deck. A
determinisation deals them out again at random, consistently with everything visible: hand
sizes, deck size, and the target, which is the back of the deck's top card (R4.1, D1).
"""

from __future__ import annotations

import random

from trainer.bots.sim import (
    ACTION_IDS,
    ACTION_INDEX,
    ACTION_KIND,
    BACK,
    EMPTY_TARGET,
    INDEX,
    PHASE_CODE,
    Sim,
)
from trainer.engine.cards import card_table
from trainer.engine.view import PlayerView


class Knowledge:
    """The public facts of one view, in simulator numbers, computed once per decision."""

    def __init__(self, view: PlayerView):
        self.view = view
        self.seat = view.seat
        self.n = view.players
        seen = set(view.hand) | view.seen_cards()
        self.unseen = [INDEX[c] for c in card_table().deck_for(view.colors) if c not in seen]
        owned = {c for pile in view.owned for c in pile}
        self.tweak_unseen = [ACTION_INDEX[c] for c in ACTION_IDS if c not in owned]
        self.top_back = view.target - view.delta
        self.hand = [INDEX[c] for c in view.hand]
        self.table = [INDEX[c] for c in view.table]
        self.scores = view.scores()
        acts = []
        for s in range(self.n):
            counts = [0, 0, 0, 0]
            for card in view.owned[s]:
                if card not in view.used[s]:
                    counts[ACTION_KIND[ACTION_INDEX[card]]] += 1
            acts.append(counts)
        self.acts = acts
        self.others = [s for s in range(self.n) if s != self.seat]
        hidden = sum(view.hand_sizes[s] for s in self.others) + view.deck_size
        if hidden != len(self.unseen):
            raise ValueError("the view's counts do not add up: not a view of a real round")
        if view.deck_size == 0 and self.top_back != EMPTY_TARGET:
            raise ValueError("an empty deck leaves the blue 7 as the target (R1.4)")
        # Unseen cards that may be the deck's top: their back is the target (R4.1).
        self.top_candidates = [c for c in self.unseen if BACK[c] == self.top_back]
        if view.deck_size and not self.top_candidates:
            raise ValueError("no unseen card has the target's back: not a view of a real round")

    @property
    def deck_size(self) -> int:
        return self.view.deck_size

    def sim_with(self, hands: list[list[int]], deck: list[int], tdeck: list[int]) -> Sim:
        """A full simulator state: the view plus guesses (deck given top LAST)."""
        v = self.view
        return Sim(
            self.n,
            deck,
            tdeck,
            self.table[:],
            hands,
            self.scores[:],
            [a[:] for a in self.acts],
            v.turn,
            PHASE_CODE[v.phase],
            v.delta,
            v.pending,
            v.turns,
        )

    def sample_hidden(self, rng: random.Random, backs: dict | None = None) -> tuple[list[list[int]], list[int]]:
        """Others' hands and the deck (top LAST), uniformly among the deals the view allows.
        `backs` ({seat: Counter of backs}, one story of trainer.bots.backs) makes those hands
        hold those backs; a draw that cannot meet them falls back to the view alone."""
        pool = self.unseen[:]
        placed: dict[int, list[int]] = {}
        if backs:
            placed = self._place_backs(pool, backs, rng)
        deck_size = self.view.deck_size
        top = None
        if deck_size:
            tops = [c for c in self.top_candidates if c in pool] if placed else self.top_candidates
            if not tops:  # the backs took every possible top card
                return self.sample_hidden(rng)
            top = tops[rng.randrange(len(tops))]
            pool.remove(top)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        k = 0
        for s in range(self.n):
            if s == self.seat:
                hands.append(self.hand[:])
                continue
            given = placed.get(s, [])
            size = self.view.hand_sizes[s] - len(given)
            hands.append(given + pool[k : k + size])
            k += size
        deck = pool[k:]
        if top is not None:
            deck.append(top)
        return hands, deck

    @staticmethod
    def _place_backs(pool: list[int], backs: dict, rng: random.Random) -> dict[int, list[int]]:
        """Takes from `pool` (in place) random cards with the wanted backs for each seat."""
        placed: dict[int, list[int]] = {}
        for seat, wanted in backs.items():
            cards = []
            for back, count in wanted.items():
                fitting = [c for c in pool if BACK[c] == back]
                if len(fitting) < count:
                    continue  # inconsistent with the view: leave it to chance
                for c in rng.sample(fitting, count):
                    pool.remove(c)
                    cards.append(c)
            placed[seat] = cards
        return placed

    def sample_tweak_deck(self, rng: random.Random) -> list[int]:
        tdeck = self.tweak_unseen[:]
        rng.shuffle(tdeck)
        return tdeck

    def determinise(self, rng: random.Random) -> Sim:
        hands, deck = self.sample_hidden(rng)
        return self.sim_with(hands, deck, self.sample_tweak_deck(rng))
