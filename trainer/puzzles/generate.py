"""Puzzles from self-play positions: each kind from the positions that suit it, checked by the
solver (make_puzzle), deduplicated, in a fixed rotation of kinds and variants so that a set is
balanced and reproducible from its seed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from trainer.engine.cards import card_table
from trainer.engine.positions import Position
from trainer.engine.solver import Capture
from trainer.puzzles.kinds import FOCUS_HAND, KINDS, all_captures, answer_for, worth
from trainer.puzzles.puzzle import MAX_RIGHT_ANSWERS, Puzzle, make_puzzle
from trainer.puzzles.selfplay import DEFAULT_LEVELS, PLAYERS, decision_positions

GEN_TABLE = (2, 8)  # generated puzzles keep to tables of 2 to 8 cards
GEN_ALL_ANSWERS = 6  # and `all` puzzles to at most 6 combinations to tap
THIN_BELOW = 4  # tables under 4 cards are kept with probability (size / 4)^2: they are
# most positions in play (docs/puzzles.md), larger ones make richer puzzles
MAX_TRIES = 50_000  # positions looked at for one puzzle before giving up

# Variants per kind, taken in turn: a quarter of the tweak puzzles have no TWEAK ("there is
# none" is right), half of the joker puzzles need the Joker for the best capture, half of the
# `all` puzzles ask about one hand card.
VARIANTS = {
    "all": ("card", "hand"),
    "tweak": ("sweep", "sweep", "sweep", "none"),
    "best": ("best",),
    "joker": ("moves", "stays"),
    "quick": ("quick",),
}


def signature(kind: str, position: Position, focus: str) -> tuple:
    """Puzzles alike for a pupil: same kind, target and (value, points) of every card. Two
    positions that differ only in colours that score the same are one puzzle."""
    cards = card_table()
    vp = lambda ids: tuple(sorted((cards.value[c], cards.points[c]) for c in ids))
    focus_key = FOCUS_HAND if focus == FOCUS_HAND else (cards.value[focus], cards.points[focus])
    return (kind, position.target, vp(position.table), vp(position.hand), focus_key)


def candidate(kind: str, variant: str, position: Position, rng: random.Random) -> Puzzle | None:
    """A puzzle of this kind and variant from the position, or None if the position does not fit."""
    low, high = GEN_TABLE
    size = len(position.table)
    if not low <= size <= high:
        return None
    if size < THIN_BELOW and rng.random() >= (size / THIN_BELOW) ** 2:
        return None
    if kind == "joker":
        position = Position(position.target, position.table, position.hand, True)
    captures = all_captures(position)
    if not captures or (kind == "quick" and len(captures) > MAX_RIGHT_ANSWERS):
        return None
    focus = _all_focus(variant, position, captures, rng) if kind == "all" else FOCUS_HAND
    if focus is None or (kind in FITS and not FITS[kind](variant, position, captures)):
        return None
    return make_puzzle(kind, position, focus)


def _all_focus(variant: str, position: Position, captures: list[Capture], rng: random.Random) -> str | None:
    """The focus of an `all` puzzle from the position: a hand card with a few captures
    (variant "card"), or the whole hand when it has several cards and captures; None if neither fits."""
    if variant == "card":
        fits = [card for card in position.hand if 1 <= sum(c.play == card for c in captures) <= GEN_ALL_ANSWERS]
        return fits[rng.randrange(len(fits))] if fits else None
    if len(position.hand) < 2 or not 2 <= len(captures) <= GEN_ALL_ANSWERS:
        return None
    return FOCUS_HAND


def _fits_tweak(variant: str, position: Position, captures: list[Capture]) -> bool:
    return any(c.tweak for c in captures) == (variant == "sweep")


def _fits_best(variant: str, position: Position, captures: list[Capture]) -> bool:
    return len({worth(c) for c in captures}) >= 2  # every capture equally good: that is a `quick` puzzle


def _fits_joker(variant: str, position: Position, captures: list[Capture]) -> bool:
    best = answer_for("joker", position, FOCUS_HAND, captures)
    moves = all(c.target != position.target for c in best)
    return moves == (variant == "moves") and len(captures) >= 2


# Whether a position suits a kind's variant, past the checks every kind shares (`all` also
# picks its focus: _all_focus); a `quick` puzzle takes any position that has captures.
FITS = {"tweak": _fits_tweak, "best": _fits_best, "joker": _fits_joker}


def generate(
    count: int,
    rng: random.Random,
    kinds: Sequence[str] = KINDS,
    levels: Sequence[str] = DEFAULT_LEVELS,
    players: Sequence[int] = PLAYERS,
) -> list[Puzzle]:
    """`count` distinct puzzles, kinds in rotation, from positions of bot self-play."""
    return list(generate_iter(count, rng, kinds, levels, players))


def generate_iter(
    count: int,
    rng: random.Random,
    kinds: Sequence[str] = KINDS,
    levels: Sequence[str] = DEFAULT_LEVELS,
    players: Sequence[int] = PLAYERS,
) -> Iterator[Puzzle]:
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"unknown puzzle kind {unknown[0] if unknown else ''!r}: kinds are {', '.join(KINDS)}")
    play_rng = random.Random(rng.getrandbits(64))
    positions = decision_positions(play_rng, levels, players)
    seen: set[tuple] = set()
    turns = {kind: 0 for kind in kinds}
    for i in range(count):
        kind = kinds[i % len(kinds)]
        variants = VARIANTS[kind]
        variant = variants[turns[kind] % len(variants)]
        turns[kind] += 1
        for _ in range(MAX_TRIES):
            puzzle = candidate(kind, variant, next(positions), rng)
            if puzzle is None:
                continue
            key = signature(puzzle.kind, puzzle.position, puzzle.focus)
            if key in seen:
                continue
            seen.add(key)
            yield puzzle
            break
        else:
            raise RuntimeError(f"no {kind} ({variant}) puzzle in {MAX_TRIES} self-play positions")
