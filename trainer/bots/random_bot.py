from __future__ import annotations

import random

from trainer.engine.moves import Move
from trainer.engine.view import PlayerView


class RandomBot:
    """Picks uniformly among the legal moves: the floor of the strength ladder."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        return moves[rng.randrange(len(moves))]
