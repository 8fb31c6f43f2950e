"""The rule-of-thumb levels `beginner` and `casual` as bots: view in, move out (R9)."""

from __future__ import annotations

import random

from trainer.bots.policy import beginner, casual, public_sim
from trainer.bots.sim import move_of
from trainer.engine.moves import Move
from trainer.engine.view import PlayerView


class PolicyBot:
    """A bot that applies one policy of trainer.bots.policy to the public part of its view."""

    name = "policy"
    policy = staticmethod(casual)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        decision = self.policy(public_sim(view), rng, view.target)
        return move_of(decision, view.unused)


class BeginnerBot(PolicyBot):
    """Sees captures of one or two table cards, misses some, forgets the Joker (docs/bots.md)."""

    name = "beginner"
    policy = staticmethod(beginner)


class CasualBot(PolicyBot):
    """Sees every capture; TWEAK, then points, then cards; watches the next player's sweep."""

    name = "casual"
    policy = staticmethod(casual)
