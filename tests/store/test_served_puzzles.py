"""Which puzzles a pupil's drill may choose from (issue 38.1, trainer.store.puzzles.SERVED): the
shared bank and the class's teacher's own puzzles, the nearest of both found; never another
teacher's, never a removed one."""

import random

import pytest

from trainer.puzzles.generate import generate
from trainer.puzzles.selection import aimed_difficulty, pick_closest
from trainer.store import puzzle_review, puzzles

BANK = generate(40, random.Random(11), kinds=("quick",))
KINDS = ["quick"]


@pytest.fixture
def world(db, make):
    owner, other = make.teacher(), make.teacher()
    pupil = make.pupil(make.klass(owner))
    puzzles.store(db, BANK[:20], "generated")
    puzzle_review.store_own(db, owner, BANK[20:30])
    puzzle_review.store_own(db, other, BANK[30:])
    # Spread the ratings so that shared and own puzzles interleave.
    for n, p in enumerate(BANK):
        spread = -2 + 0.1 * n if n < 30 else -2 + 0.1 * (n - 30) + 0.05
        db.execute("UPDATE puzzles SET rating = ? WHERE id = ?", [spread, p.id])
    return db, pupil, {p.id for p in BANK[:20]}, {p.id for p in BANK[20:30]}, {p.id for p in BANK[30:]}


def served_brute_force(db, ids):
    return {pid: puzzles.rating(db, pid) for pid in ids}


@pytest.mark.parametrize("theta", [-1.5, -0.9, -0.4, 0.0, 0.6, 1.2, 3.0])
def test_the_best_served_puzzle_is_always_among_the_candidates(world, theta):
    db, pupil, shared, own, others = world
    everything = served_brute_force(db, shared | own)
    for aim in (0.6, 0.75, 0.9):
        found = dict(puzzles.nearest_unseen(db, KINDS, aimed_difficulty(theta, aim), pupil, "2026-12-04"))
        assert found and not set(found) & others
        best = pick_closest(theta, aim, everything, (), random.Random(1))
        assert pick_closest(theta, aim, found, (), random.Random(1)) == best


def test_a_removed_own_puzzle_and_another_teachers_are_never_candidates(world, make):
    db, pupil, shared, own, others = world
    removed = sorted(own)[0]
    puzzle_review.remove(db, removed, make.teacher())
    rating = puzzles.rating(db, removed).value
    found = {pid for pid, _ in puzzles.nearest_unseen(db, KINDS, rating, pupil, "2026-12-04")}
    assert removed not in found and not found & others and found
