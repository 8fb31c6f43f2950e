"""The friendly characters a pupil may pick (static/avatars/<key>.svg, drawn for this app).
A key is all that is stored: no photo, no free text. Their names for screen readers are
translated in the web layer (trainer.web.pupils.words)."""

from __future__ import annotations

AVATARS = ("fox", "owl", "cat", "frog", "robot", "dragon", "panda", "octopus", "rocket", "unicorn", "bear", "turtle")


def is_avatar(key: object) -> bool:
    return isinstance(key, str) and key in AVATARS


def class_faces(pupil_ids: list[int], chosen: dict[int, str]) -> dict[int, str]:
    """Every pupil's face in class play (issue 39.2): their chosen character, or until they
    choose one a default that no classmate chose and no other default has (while the twelve
    last; then they repeat), dealt in the order the pupils joined (`pupil_ids` by id), so a
    child keeps theirs as classmates join."""
    free = [key for key in AVATARS if key not in set(chosen.values())] or list(AVATARS)
    out, n = {}, 0
    for pupil_id in sorted(pupil_ids):
        if is_avatar(chosen.get(pupil_id)):
            out[pupil_id] = chosen[pupil_id]
        else:
            out[pupil_id] = free[n % len(free)]
            n += 1
    return out
