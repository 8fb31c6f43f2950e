"""Bots: objects with one method, `choose(view, rng) -> Move`. They see a PlayerView (R9), never a State."""

from __future__ import annotations

from trainer.bots.base import Bot
from trainer.bots.clever import CleverBot
from trainer.bots.dial import DialBot, dial_strength
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
NAMES_HELP = f"{', '.join(LEVELS)}, or dial:X with X from 0 to 1"


def check_bot_name(name: str, also: tuple[str, ...] = ()) -> str:
    """`name` if it names a bot (a level, or `dial:X` with X in [0, 1]) or is one of `also`
    (players a caller adds), else ValueError."""
    if name not in also and dial_strength(name) is None and name not in LEVELS:
        raise ValueError(f"unknown bot level {name!r}: choose from {', '.join(also + (NAMES_HELP,))}")
    return name


def make_bot(level: str, **settings) -> Bot:
    """A bot of the named level or `dial:X`; `settings` (e.g. a search budget) go to its constructor."""
    strength = dial_strength(check_bot_name(level))
    if strength is not None:
        return DialBot(strength, **settings)
    return LEVELS[level](**settings)
