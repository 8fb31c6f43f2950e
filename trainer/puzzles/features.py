"""What makes a puzzle hard, and a new puzzle's starting difficulty from it (docs/puzzles.md).

Difficulties are on the rating scale of trainer.puzzles.rating: logits, where a pupil whose
rating is `d` above a puzzle's solves it with probability 1 / (1 + e^-d)."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from trainer.engine.cards import card_table
from trainer.engine.positions import Position
from trainer.engine.solver import Capture


@dataclass(frozen=True, slots=True)
class Features:
    kind: str
    table_size: int
    hand_size: int
    target: int
    captures: int  # every capture of the position (with a Joker: over all three targets)
    answers: int  # captures that count as right
    answer_cards: int  # cards in the combination to find, the played card included:
    # `all` the largest right one, other kinds the smallest right one;
    # a `tweak` with none: the whole table plus one hand card (all must be added)
    duplicates: int  # table cards that share their face value with another table card
    sweep: bool  # some capture takes the whole table (R5.3)
    joker_moves_best: bool  # `joker`: no capture of greatest worth reaches the printed target

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "Features":
        return cls(**data)


def features_of(kind: str, position: Position, captures: list[Capture], answer: tuple[Capture, ...]) -> Features:
    value = card_table().value
    counts = Counter(value[c] for c in position.table)
    sizes = [c.cards for c in answer]
    if not answer:
        answer_cards = len(position.table) + 1
    elif kind == "all":
        answer_cards = max(sizes)
    else:
        answer_cards = min(sizes)
    return Features(
        kind=kind,
        table_size=len(position.table),
        hand_size=len(position.hand),
        target=position.target,
        captures=len(captures),
        answers=len(answer),
        answer_cards=answer_cards,
        duplicates=sum(n for n in counts.values() if n > 1),
        sweep=any(c.tweak for c in captures),
        joker_moves_best=kind == "joker" and bool(answer) and all(c.target != position.target for c in answer),
    )


# ---------------------------------------------------------------- starting difficulty

KIND_BASE = {"quick": -1.0, "tweak": -0.4, "best": 0.0, "all": 0.2, "joker": 0.3}
PER_TABLE_CARD = 0.20  # each table card beyond 3: more to scan
PER_ANSWER_CARD = 0.35  # each card beyond 2 in the combination: one more addition to hold
PER_EXTRA_ANSWER = 0.30  # `all`: each combination to find beyond the first
PER_DISTRACTOR = 0.10  # `best`/`joker`: each capture that is not right, up to MAX_DISTRACTORS
MAX_DISTRACTORS = 6
LONE_CAPTURE = 0.40  # `quick` with a single capture: a needle, not any of many
PER_TARGET_STEP = 0.10  # each point of target above 7: bigger sums
PER_DUPLICATE = 0.10  # each table card with a twin value: card sets, not value patterns
NO_TWEAK = 0.30  # `tweak` with none: every hand card must be ruled out
JOKER_MOVES_BEST = 0.40  # `joker` whose best needs the Joker used
DIFFICULTY_RANGE = (-3.0, 3.0)


def initial_difficulty(f: Features) -> float:
    """A documented linear prior (docs/puzzles.md), clamped to DIFFICULTY_RANGE; the ratings
    correct it answer by answer."""
    d = KIND_BASE[f.kind]
    d += PER_TABLE_CARD * (f.table_size - 3)
    d += PER_ANSWER_CARD * (f.answer_cards - 2)
    d += PER_TARGET_STEP * (f.target - 7)
    d += PER_DUPLICATE * f.duplicates
    if f.kind == "all":
        d += PER_EXTRA_ANSWER * (f.answers - 1)
    if f.kind in ("best", "joker"):
        d += PER_DISTRACTOR * min(f.captures - f.answers, MAX_DISTRACTORS)
    if f.kind == "quick" and f.captures == 1:
        d += LONE_CAPTURE
    if f.kind == "tweak" and f.answers == 0:
        d += NO_TWEAK
    if f.joker_moves_best:
        d += JOKER_MOVES_BEST
    low, high = DIFFICULTY_RANGE
    return round(min(high, max(low, d)), 3)


BASE_TIME_LIMIT = 20.0  # seconds (issue 5: the drill's default)
PER_EXTRA_ANSWER_SECONDS = 5.0
MAX_TIME_LIMIT = 40.0


def default_time_limit(f: Features) -> float:
    """20 s; an `all` puzzle gets 5 s more for each combination beyond the first, at most 40 s
    (tapping 5 combinations of 3 cards takes time of its own). A drill may override it."""
    if f.kind == "all":
        return min(MAX_TIME_LIMIT, BASE_TIME_LIMIT + PER_EXTRA_ANSWER_SECONDS * max(0, f.answers - 1))
    return BASE_TIME_LIMIT
