"""What a player can work out from their view (R9): card counting and determinisations.

Unseen cards = every numeric card of the colours in play, minus the own hand, the table and
all won piles (everyone saw those go). They are exactly the other hands plus the deck. A
determinisation deals them out again at random, consistently with everything visible: hand
sizes, deck size, and the target, which is the back of the deck's top card (R4.1, D1).
"""
from __future__ import annotations

import random

from trainer.bots.sim import (
    ACTION_IDS, ACTION_INDEX, ACTION_KIND, BACK, EMPTY_TARGET, INDEX, PHASE_CODE, Sim,
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
        return Sim(self.n, deck, tdeck, self.table[:], hands, self.scores[:],
                   [a[:] for a in self.acts], v.turn, PHASE_CODE[v.phase], v.delta, v.pending,
                   v.turns)

    def sample_hidden(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Others' hands and the deck (top LAST), uniformly among the deals the view allows."""
        pool = self.unseen[:]
        deck_size = self.view.deck_size
        top = None
        if deck_size:
            top = self.top_candidates[rng.randrange(len(self.top_candidates))]
            pool.remove(top)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        k = 0
        for s in range(self.n):
            if s == self.seat:
                hands.append(self.hand[:])
                continue
            size = self.view.hand_sizes[s]
            hands.append(pool[k:k + size])
            k += size
        deck = pool[k:]
        if top is not None:
            deck.append(top)
        return hands, deck

    def sample_tweak_deck(self, rng: random.Random) -> list[int]:
        tdeck = self.tweak_unseen[:]
        rng.shuffle(tdeck)
        return tdeck

    def determinise(self, rng: random.Random) -> Sim:
        hands, deck = self.sample_hidden(rng)
        return self.sim_with(hands, deck, self.sample_tweak_deck(rng))
