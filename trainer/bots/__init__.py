"""Bots: objects with one method, `choose(view, rng) -> Move`. They see a PlayerView (R9), never a State."""
from __future__ import annotations

from trainer.bots.base import Bot
from trainer.bots.clever import CleverBot
from trainer.bots.expert import ExpertBot
from trainer.bots.random_bot import RandomBot
from trainer.bots.simple import BeginnerBot, CasualBot

LEVELS: dict[str, type] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "casual": CasualBot,
    "clever": CleverBot,
    "expert": ExpertBot,
}


def make_bot(level: str, **settings) -> Bot:
    """A bot of the named level; `settings` (e.g. a search budget) go to its constructor."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}") from None
    return cls(**settings)
