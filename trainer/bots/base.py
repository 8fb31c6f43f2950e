from __future__ import annotations

import random
from typing import Protocol

from trainer.engine.moves import Move
from trainer.engine.view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for view.seat, who must be the player to decide (view.my_move)."""
