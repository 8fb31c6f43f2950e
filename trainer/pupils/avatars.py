"""The friendly characters a pupil may pick (static/avatars/<key>.svg, drawn for this app).
A key is all that is stored: no photo, no free text. Their names for screen readers are
translated in the web layer (trainer.web.pupils.words)."""
from __future__ import annotations

AVATARS = ("fox", "owl", "cat", "frog", "robot", "dragon", "panda", "octopus", "rocket", "unicorn", "bear", "turtle")


def is_avatar(key: object) -> bool:
    return isinstance(key, str) and key in AVATARS
