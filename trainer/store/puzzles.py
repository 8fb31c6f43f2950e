"""The puzzle bank: curated sets from seed_data/puzzles, generated ones, teachers' uploads."""
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

GENERATED_BANK = 600        # enough that a pupil rarely meets a puzzle twice in a week
BANK_SEED = 2026


def combo_size(puzzle: Puzzle) -> int:
    """Cards in the largest right combination, hand card included (0: "there is none")."""
    return max((c.cards for c in puzzle.answer), default=0)


def store(db: Database, puzzles, source: str, teacher_id: int | None = None) -> int:
    """Adds puzzles not yet in the bank; returns how many were new."""
    rows = [{"id": p.id, "kind": p.kind, "data": json.dumps(p.to_json()), "source": source,
             "teacher_id": teacher_id, "rating": p.difficulty, "rating_count": 0,
             "target": p.position.target, "table_size": len(p.position.table),
             "combo_size": combo_size(p), "created_at": utcnow()} for p in puzzles]
    with write_transaction(db):
        before = db["puzzles"].count
        db["puzzles"].insert_all(rows, ignore=True)
        return db["puzzles"].count - before


def ensure_bank(db: Database, generated: int = GENERATED_BANK, seed: int = BANK_SEED) -> None:
    """On an empty bank: the curated sets and a generated set, the same on every installation."""
    if db["puzzles"].count:
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


def bank(db: Database, kinds) -> list[BankPuzzle]:
    """Every puzzle of these kinds with its rating: what a worksheet is chosen from."""
    kinds = list(kinds)
    return [BankPuzzle(*row) for row in db.execute(
        f"SELECT id, kind, rating FROM puzzles WHERE kind IN ({', '.join('?' * len(kinds))})", kinds)]


def rating(db: Database, puzzle_id: str) -> Rating:
    value, count = db.execute("SELECT rating, rating_count FROM puzzles WHERE id = ?", [puzzle_id]).fetchone()
    return Rating(value, count)


def ratings(db: Database, kinds) -> dict[str, Rating]:
    """Every puzzle of the given kinds with its rating, for choosing the next one."""
    kinds = list(kinds)
    marks = ", ".join("?" * len(kinds))
    return {pid: Rating(value, count) for pid, value, count in db.execute(
        f"SELECT id, rating, rating_count FROM puzzles WHERE kind IN ({marks})", kinds)}


def nearest_unseen(db: Database, kinds, rating: float, pupil_id: int, day: str,
                   session_id: int | None = None, also_seen: Collection[str] = ()) -> list[tuple[str, Rating]]:
    """The puzzles of these kinds rated nearest `rating` from below and from above (with their
    ties) that the pupil has not been given on this day (or, with `session_id`, in that sitting),
    nor is among `also_seen` (puzzles handed out but not stored: trainer/web/drills/ahead.py).

    Enough for selection.pick_closest, and it leaves the scan of the bank to SQLite: reading the
    whole bank into Python for every puzzle shown cost more than the rest of the request."""
    kinds = list(kinds)
    of_kinds = f"kind IN ({', '.join('?' * len(kinds))})"
    seen, seen_args = (("session_id = ?", [session_id]) if session_id is not None
                       else ("pupil_id = ? AND day = ?", [pupil_id, day]))
    # Each neighbour is one step along the (kind, rating) index.
    rows = db.execute(f"""
        WITH seen AS MATERIALIZED (SELECT puzzle_id FROM attempts WHERE {seen}
                                   UNION ALL SELECT value FROM json_each(?)),
        below AS (SELECT rating FROM puzzles WHERE {of_kinds} AND rating <= ? AND id NOT IN seen
                  ORDER BY rating DESC LIMIT 1),
        above AS (SELECT rating FROM puzzles WHERE {of_kinds} AND rating >= ? AND id NOT IN seen
                  ORDER BY rating LIMIT 1)
        SELECT id, rating, rating_count FROM puzzles
        WHERE {of_kinds} AND id NOT IN seen
          AND rating IN (SELECT rating FROM below UNION ALL SELECT rating FROM above)""",
        [*seen_args, json.dumps(list(also_seen)), *kinds, rating, *kinds, rating, *kinds])
    return [(pid, Rating(value, count)) for pid, value, count in rows]


def set_rating(db: Database, puzzle_id: str, new: Rating) -> None:
    db.execute("UPDATE puzzles SET rating = ?, rating_count = ? WHERE id = ?", [new.value, new.count, puzzle_id])
