"""The puzzle bank: curated sets from seed_data/puzzles, generated ones, teachers' uploads.
Whose puzzles reach which classes, and the administrator's review: trainer.store.puzzle_review."""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from functools import lru_cache

from sqlite_utils import Database

from trainer.puzzles.generate import generate
from trainer.puzzles.loader import load_seed_puzzles
from trainer.puzzles.puzzle import Puzzle, parse_puzzle
from trainer.puzzles.rating import Rating
from trainer.puzzles.worksheet import BankPuzzle
from trainer.store import utcnow
from trainer.store.db import write_transaction

GENERATED_BANK = 600  # enough that a pupil rarely meets a puzzle twice in a week
BANK_SEED = 2026


def combo_size(puzzle: Puzzle) -> int:
    """Cards in the largest right combination, hand card included (0: "there is none")."""
    return max((c.cards for c in puzzle.answer), default=0)


def store(db: Database, puzzles, source: str, teacher_id: int | None = None) -> int:
    """Adds puzzles not yet in the bank; returns how many were new."""
    rows = [
        {
            "id": p.id,
            "kind": p.kind,
            "data": json.dumps(p.to_json()),
            "source": source,
            "teacher_id": teacher_id,
            "rating": p.difficulty,
            "rating_count": 0,
            "target": p.position.target,
            "table_size": len(p.position.table),
            "combo_size": combo_size(p),
            "created_at": utcnow(),
        }
        for p in puzzles
    ]
    with write_transaction(db):
        before = db["puzzles"].count
        db["puzzles"].insert_all(rows, ignore=True)
        return db["puzzles"].count - before


def any_puzzle(db: Database) -> bool:
    """Whether the bank has a puzzle: asked on every "next puzzle", so one indexed step,
    not a count of the bank and sqlite-utils' look-up of the table's name (issue 36.3)."""
    return db.execute("SELECT EXISTS (SELECT 1 FROM puzzles)").fetchone()[0] == 1


def ensure_bank(db: Database, generated: int = GENERATED_BANK, seed: int = BANK_SEED) -> None:
    """On an empty bank: the curated sets and a generated set, the same on every installation."""
    if any_puzzle(db):
        return
    for puzzles in load_seed_puzzles().values():
        store(db, puzzles, "curated")
    store(db, generate(generated, random.Random(seed)), "generated")


def get(db: Database, puzzle_id: str) -> Puzzle | None:
    row = db.execute("SELECT data FROM puzzles WHERE id = ?", [puzzle_id]).fetchone()
    return _parsed(row[0]) if row else None


@lru_cache(maxsize=4096)
def _parsed(data: str) -> Puzzle:
    # Parsing re-solves the position to check the stored answer; a puzzle's content never
    # changes (its id is a hash of it), and every screen and answer of it reads it again.
    return parse_puzzle(json.loads(data))


def get_many(db: Database, puzzle_ids) -> list[Puzzle]:
    """The puzzles in the order asked for; ids not in the bank are left out."""
    found = {}
    for puzzle_id in puzzle_ids:
        if puzzle_id not in found:
            puzzle = get(db, puzzle_id)
            if puzzle is not None:
                found[puzzle_id] = puzzle
    return [found[i] for i in puzzle_ids if i in found]


# Who is served what (issue 38.1, docs/puzzles.md "Whose puzzles"): the shared bank to every
# class; a teacher's own puzzles (pending, or kept out of the shared bank by an administrator)
# only to that teacher's classes; a removed puzzle to nobody. `mine` is a teacher's own ids.
SERVED = "(status = 'shared' OR (status <> 'removed' AND id IN mine))"
MINE_OF_TEACHER = "SELECT puzzle_id FROM puzzle_owners WHERE teacher_id = ?"


def bank(db: Database, kinds, teacher_id: int | None = None) -> list[BankPuzzle]:
    """Every puzzle of these kinds this teacher's classes are served, with its rating: what a
    worksheet is chosen from."""
    kinds = list(kinds)
    return [
        BankPuzzle(*row)
        for row in db.execute(
            f"WITH mine AS MATERIALIZED ({MINE_OF_TEACHER}) SELECT id, kind, rating FROM puzzles"
            f" WHERE kind IN ({', '.join('?' * len(kinds))}) AND {SERVED}",
            [teacher_id, *kinds],
        )
    ]


def rating(db: Database, puzzle_id: str) -> Rating:
    value, count = db.execute("SELECT rating, rating_count FROM puzzles WHERE id = ?", [puzzle_id]).fetchone()
    return Rating(value, count)


def ratings(db: Database, kinds) -> dict[str, Rating]:
    """Every puzzle of the given kinds in the shared bank with its rating (the demo's history)."""
    kinds = list(kinds)
    marks = ", ".join("?" * len(kinds))
    return {
        pid: Rating(value, count)
        for pid, value, count in db.execute(
            f"SELECT id, rating, rating_count FROM puzzles WHERE kind IN ({marks}) AND status = 'shared'", kinds
        )
    }


def nearest_unseen(
    db: Database,
    kinds,
    rating: float,
    pupil_id: int,
    day: str,
    session_id: int | None = None,
    also_seen: Collection[str] = (),
) -> list[tuple[str, Rating]]:
    """The puzzles of these kinds the pupil's class is served (SERVED: the shared bank's, and its
    teacher's own) rated nearest `rating` from below and from above in each (with their ties),
    that the pupil has not been given on this day (or, with `session_id`, in that sitting), nor
    is among `also_seen` (puzzles handed out but not stored: trainer/web/drills/ahead.py).

    Enough for selection.pick_closest, and it leaves the scan of the bank to SQLite: reading the
    whole bank into Python for every puzzle shown cost more than the rest of the request."""
    kinds = list(kinds)
    of_kinds = f"kind IN ({', '.join('?' * len(kinds))})"
    seen, seen_args = (
        ("session_id = ?", [session_id]) if session_id is not None else ("pupil_id = ? AND day = ?", [pupil_id, day])
    )
    # Each neighbour is one step along an index: the shared bank's (status, kind, rating), so
    # that no number of other teachers' puzzles slows a choice down, and the class's teacher's
    # own puzzles (at most MAX_WAITING) beside it.
    rows = db.execute(
        f"""
        WITH seen AS MATERIALIZED (SELECT puzzle_id FROM attempts WHERE {seen}
                                   UNION ALL SELECT value FROM json_each(?)),
        shared AS NOT MATERIALIZED (SELECT id, rating, rating_count FROM puzzles
                                    WHERE status = 'shared' AND {of_kinds} AND id NOT IN seen),
        own AS MATERIALIZED (SELECT p.id, p.rating, p.rating_count
                             FROM pupils u CROSS JOIN classes c CROSS JOIN puzzle_owners o CROSS JOIN puzzles p
                             WHERE u.id = ? AND c.id = u.class_id AND o.teacher_id = c.teacher_id
                               AND p.id = o.puzzle_id AND p.status IN ('pending', 'private')
                               AND p.{of_kinds} AND p.id NOT IN seen),
        levels AS (SELECT * FROM (SELECT rating FROM shared WHERE rating <= ? ORDER BY rating DESC LIMIT 1)
                   UNION SELECT * FROM (SELECT rating FROM shared WHERE rating >= ? ORDER BY rating LIMIT 1)
                   UNION SELECT * FROM (SELECT rating FROM own WHERE rating <= ? ORDER BY rating DESC LIMIT 1)
                   UNION SELECT * FROM (SELECT rating FROM own WHERE rating >= ? ORDER BY rating LIMIT 1))
        SELECT id, rating, rating_count FROM shared WHERE rating IN levels
        UNION ALL SELECT id, rating, rating_count FROM own WHERE rating IN levels""",
        [*seen_args, json.dumps(list(also_seen)), *kinds, pupil_id, *kinds, rating, rating, rating, rating],
    )
    return [(pid, Rating(value, count)) for pid, value, count in rows]


def set_rating(db: Database, puzzle_id: str, new: Rating) -> None:
    db.execute("UPDATE puzzles SET rating = ?, rating_count = ? WHERE id = ?", [new.value, new.count, puzzle_id])
