"""Bots: objects with one method, `choose(view, rng) -> Move`. They see a PlayerView (R9), never a State."""
from __future__ import annotations

from trainer.bots.base import Bot
from trainer.bots.random_bot import RandomBot

LEVELS: dict[str, type] = {
    "random": RandomBot,
}


def make_bot(level: str) -> Bot:
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}") from None
