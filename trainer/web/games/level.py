"""The fitted bot (issue 17): the strength dial chosen for a pupil from their game level and
their class's aim. `adaptive_opponent` is what a one-tap "Play" and the new-game form's default
use; the rating itself is kept by trainer.store.game_levels when a game finishes."""

from __future__ import annotations

from collections.abc import Mapping

from trainer.games.game_level import choose_dial, dial_name, load_bot_elo
from trainer.games.settings import ClassLimits
from trainer.store import game_levels, game_limits
from trainer.web.db import get_db


def fitted_dial(pupil: Mapping, limits: ClassLimits | None = None) -> str:
    """`dial:X` at which the pupil is expected to win the class's aim of games."""
    db = get_db()
    limits = limits or game_limits.get(db, pupil["class_id"])
    bots = load_bot_elo()
    return dial_name(choose_dial(game_levels.current(db, pupil["id"], bots), bots, limits.aim))


def adaptive_opponent(pupil: Mapping) -> str:
    """The bot for the pupil's next game: the fitted dial when the class allows it, else the
    fixed level the class's game settings pin (beginner when allowed, else the first)."""
    limits = game_limits.get(get_db(), pupil["class_id"])
    return fitted_dial(pupil, limits) if limits.fitted else limits.default_level
