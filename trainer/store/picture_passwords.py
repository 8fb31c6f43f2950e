"""A pupil's picture password as stored: three different picture keys, "sun,tree,boat".

Kept readable in the database on purpose: the teacher prints it on the pupil's login card.
With only 9*8*7 = 504 possible passwords a hash would protect nothing; the per-pupil
throttle is what stops guessing. The pictures themselves (shapes, translated words) are the
web app's (trainer.web.pupils.pictures)."""

from __future__ import annotations

import secrets

KEYS = ("sun", "moon", "star", "heart", "tree", "house", "fish", "boat", "flower")
LENGTH = 3


def random_password() -> str:
    """Three different pictures in a random order, as stored: "sun,tree,boat"."""
    keys = list(KEYS)
    picked = []
    for _ in range(LENGTH):
        choice = secrets.choice(keys)
        keys.remove(choice)
        picked.append(choice)
    return ",".join(picked)


def valid_sequence(keys: list[str]) -> bool:
    return len(keys) <= LENGTH and all(k in KEYS for k in keys)
