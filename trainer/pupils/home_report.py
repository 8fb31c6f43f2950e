"""What the parent page says a child is good at and could practise next (issue 37.3). Pure.

Skills are a magic number and how many cards make it (the teacher's heat map: trainer.web.dashboard.heatmap);
0 cards is seeing that no cards make it. A skill needs a few answers before it says anything.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_ANSWERS = 5
GOOD = 0.8  # right this often: good at it
FIRST_STEP = (10, 2)  # where a child with too few answers starts: two cards that make 10


@dataclass(frozen=True, slots=True)
class Skill:
    target: int
    cards: int


def _scored(rows) -> list[tuple[float, int, Skill]]:
    """(share right, answers, skill) of the skills with enough answers."""
    merged: dict[tuple[int, int], tuple[int, int]] = {}
    for target, cards, answered, correct in rows:
        a, c = merged.get((target, cards), (0, 0))
        merged[(target, cards)] = (a + answered, c + (correct or 0))
    return [(c / a, a, Skill(t, n)) for (t, n), (a, c) in merged.items() if a >= MIN_ANSWERS]


def good_at(rows) -> Skill | None:
    """The skill most often right (ties: the most answers, then more cards), if right often enough."""
    scored = [s for s in _scored(rows) if s[0] >= GOOD]
    if not scored:
        return None
    return max(scored, key=lambda s: (s[0], s[1], s[2].cards))[2]


def practise_next(rows) -> Skill | None:
    """The skill least often right; when all go well, one more card for the same number; None
    when no skill has enough answers yet: no advice without data (issue 47.6)."""
    weak = [s for s in _scored(rows) if s[0] < GOOD]
    if weak:
        return min(weak, key=lambda s: (s[0], -s[1]))[2]
    best = good_at(rows)
    if best is None:
        return None
    return Skill(best.target, min(max(best.cards, 1) + 1, 5))


def game_skill(rows) -> Skill:
    """What the game for at home practises: what to practise next, else the first step."""
    return practise_next(rows) or Skill(*FIRST_STEP)
