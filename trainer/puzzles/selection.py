"""Choosing the next puzzle: predicted success near 75%, never twice in a session, a little
randomness among puzzles that are about equally suitable (so two pupils of the same rating, or
one pupil on two days, do not get the same sequence). After the "target probability" draw of
the Math Garden simulations."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping

from trainer.puzzles.rating import DISCRIMINATION, TARGET_SUCCESS, Rating, gap_for, p_correct

TOLERANCE = 0.05  # the aim is drawn from 70% to 80%: puzzles in that band are "near-equal"

Rated = Rating | float
Candidates = Mapping[str, Rated] | Iterable[tuple[str, Rated]]


def _value(rating: Rated) -> float:
    return rating.value if isinstance(rating, Rating) else float(rating)


def predicted_success(pupil: Rated, puzzle: Rated, discrimination: float = DISCRIMINATION) -> float:
    """P(correct) of the HSHS model for a pupil and a puzzle (Ratings or plain numbers)."""
    return p_correct(_value(pupil), _value(puzzle), discrimination)


def choose_puzzle(
    pupil: Rated,
    candidates: Candidates,
    seen: Collection[str],
    rng: random.Random,
    *,
    target: float = TARGET_SUCCESS,
    tolerance: float = TOLERANCE,
    discrimination: float = DISCRIMINATION,
) -> str | None:
    """The id of the next puzzle, or None when every candidate was seen this session.

    `candidates` maps puzzle id -> rating (a Rating or a number), or is an iterable of
    (id, rating) pairs. An aim is drawn uniformly from target +- tolerance (70% to 80%) and the
    unseen candidate whose predicted success is closest to the aim is taken (exact ties drawn
    at random). Drawing the aim, rather than drawing among all candidates inside the band,
    keeps the mean predicted success at the target even where the bank holds more hard
    puzzles than easy ones near a pupil's level."""
    aim = draw_aim(rng, target, tolerance)
    return pick_closest(pupil, aim, candidates, seen, rng, discrimination)


def draw_aim(rng: random.Random, target: float = TARGET_SUCCESS, tolerance: float = TOLERANCE) -> float:
    """The predicted success to aim at for one choice."""
    return target + rng.uniform(-tolerance, tolerance)


def aimed_difficulty(pupil: Rated, aim: float, discrimination: float = DISCRIMINATION) -> float:
    """The puzzle rating at which the predicted success is exactly `aim`. P(correct) falls as
    the puzzle rating rises, so the closest candidate is always one of the two rated nearest
    this value from below and from above: a caller with a large bank may pass only those."""
    return _value(pupil) - gap_for(aim, discrimination)


def pick_closest(
    pupil: Rated,
    aim: float,
    candidates: Candidates,
    seen: Collection[str],
    rng: random.Random,
    discrimination: float = DISCRIMINATION,
) -> str | None:
    """The unseen candidate whose predicted success is closest to `aim` (see choose_puzzle)."""
    pairs: Iterable[tuple[str, Rated]] = candidates.items() if isinstance(candidates, Mapping) else candidates
    theta = _value(pupil)
    best_gap = None
    best: list[str] = []
    for puzzle_id, rating in pairs:
        if puzzle_id in seen:
            continue
        gap = abs(p_correct(theta, _value(rating), discrimination) - aim)
        if best_gap is None or gap < best_gap - 1e-12:
            best_gap, best = gap, [puzzle_id]
        elif gap <= best_gap + 1e-12:
            best.append(puzzle_id)
    if not best:
        return None
    best.sort()  # the draw depends on the ids, not on the order the caller listed them in
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
