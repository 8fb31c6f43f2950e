"""Choosing the next puzzle: predicted success near 75%, never twice in a session, a little
randomness among puzzles that are about equally suitable (so two pupils of the same rating, or
one pupil on two days, do not get the same sequence)."""
from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping

from trainer.puzzles.rating import DISCRIMINATION, TARGET_SUCCESS, Rating, p_correct

TOLERANCE = 0.05     # candidates within 5 points of the best predicted success are "near-equal"


def _value(rating) -> float:
    return rating.value if isinstance(rating, Rating) else float(rating)


def predicted_success(pupil, puzzle, discrimination: float = DISCRIMINATION) -> float:
    """P(correct) of the HSHS model for a pupil and a puzzle (Ratings or plain numbers)."""
    return p_correct(_value(pupil), _value(puzzle), discrimination)


def choose_puzzle(pupil, candidates, seen: Collection[str], rng: random.Random, *,
                  target: float = TARGET_SUCCESS, tolerance: float = TOLERANCE,
                  discrimination: float = DISCRIMINATION) -> str | None:
    """The id of the next puzzle, or None when every candidate was seen this session.

    `candidates` maps puzzle id -> rating (a Rating or a number), or is an iterable of
    (id, rating) pairs. Among the unseen ones, those whose predicted success lies within
    `tolerance` of the closest one to `target` are near-equal; one of them is drawn uniformly
    with `rng`."""
    pairs: Iterable = candidates.items() if isinstance(candidates, Mapping) else candidates
    theta = _value(pupil)
    scored = []
    for puzzle_id, rating in pairs:
        if puzzle_id in seen:
            continue
        gap = abs(p_correct(theta, _value(rating), discrimination) - target)
        scored.append((gap, puzzle_id))
    if not scored:
        return None
    best = min(gap for gap, _ in scored)
    # Sorted so the draw depends on the ids, not on the order the caller listed them in.
    near = sorted(puzzle_id for gap, puzzle_id in scored if gap <= best + tolerance)
    return near[rng.randrange(len(near))]
