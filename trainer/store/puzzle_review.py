"""Teachers' own puzzles and the administrator's review of them (issue 38.1, docs/puzzles.md
"Whose puzzles").

A teacher's upload or editor puzzle is stored 'pending' and owned by that teacher
(`puzzle_owners`): trainer.store.puzzles serves it only to the owners' classes. An administrator
accepts it into the shared bank, keeps it out ('private': still its owners'), or removes any
puzzle ('removed': served to nobody, taken out of every set; the row stays, so the attempts
that name it keep their puzzle on the dashboard)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from trainer.puzzles.puzzle import Puzzle
from trainer.store import utcnow
from trainer.store.db import write_transaction
from trainer.store.puzzles import combo_size

MAX_PER_FILE = 500  # a term's worth of puzzles for one class; the attack sent 2,500 at once
MAX_WAITING = 2_000  # a teacher's own puzzles not (yet) in the shared bank
STATUSES = ("pending", "shared", "private", "removed")
PAGE = 50


class OverQuota(Exception):
    """Storing these would take the teacher past MAX_WAITING; nothing was stored."""

    def __init__(self, waiting: int, adding: int):
        super().__init__(f"{waiting} waiting, {adding} more")
        self.waiting = waiting
        self.adding = adding


@dataclass(frozen=True)
class Stored:
    own: int  # new to the teacher's own puzzles (served to their classes now)
    shared: int  # already in the shared bank: every class has them
    removed: int  # an administrator removed them: not stored again
    already: int  # the teacher's own already


def waiting(db: Database, teacher_id: int) -> int:
    """The teacher's own puzzles that are not in the shared bank (and not removed)."""
    return db.execute(
        "SELECT count(*) FROM puzzle_owners o JOIN puzzles p ON p.id = o.puzzle_id"
        " WHERE o.teacher_id = ? AND p.status IN ('pending', 'private')",
        [teacher_id],
    ).fetchone()[0]


def store_own(db: Database, teacher_id: int, puzzles: Sequence[Puzzle]) -> Stored:
    """The teacher's puzzles into the bank as theirs, each with the difficulty and time limit
    its features give (Puzzle.estimated: the file's own numbers are not taken). All or nothing:
    OverQuota when the teacher would have more than MAX_WAITING puzzles waiting."""
    rows = [
        {
            "id": p.id,
            "kind": p.kind,
            "data": json.dumps(p.to_json()),
            "source": "teacher",
            "teacher_id": teacher_id,
            "rating": p.difficulty,
            "rating_count": 0,
            "status": "pending",
            "target": p.position.target,
            "table_size": len(p.position.table),
            "combo_size": combo_size(p),
            "created_at": utcnow(),
        }
        for p in (puzzle.estimated() for puzzle in puzzles)
    ]
    ids = [row["id"] for row in rows]
    with write_transaction(db):
        before = waiting(db, teacher_id)
        db["puzzles"].insert_all(rows, ignore=True)
        status = (
            dict(
                db.execute(f"SELECT id, status FROM puzzles WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall()
            )
            if ids
            else {}
        )
        now = utcnow()
        for puzzle_id in ids:
            if status[puzzle_id] != "removed":
                db.execute(
                    "INSERT OR IGNORE INTO puzzle_owners (teacher_id, puzzle_id, created_at) VALUES (?, ?, ?)",
                    [teacher_id, puzzle_id, now],
                )
        after = waiting(db, teacher_id)
        if after > MAX_WAITING:
            raise OverQuota(before, after - before)
        shared = sum(status[i] == "shared" for i in ids)
        removed = sum(status[i] == "removed" for i in ids)
        return Stored(after - before, shared, removed, len(ids) - (after - before) - shared - removed)


# The administrator's review ----------------------------------------------------------------


def counts(db: Database) -> dict[str, int]:
    found = dict(db.execute("SELECT status, count(*) FROM puzzles GROUP BY status").fetchall())
    return {status: found.get(status, 0) for status in STATUSES}


def listing(db: Database, status: str, page: int = 1) -> list[dict]:
    """One page of the puzzles of a status: teachers' puzzles first in the shared bank, the
    oldest first while waiting; each with its owners' names and what it was served."""
    order = "p.created_at, p.id" if status == "pending" else "p.source = 'teacher' DESC, p.created_at DESC, p.id"
    return [
        dict(row, data=json.loads(row["data"]))
        for row in db.query(
            f"""
        SELECT p.id, p.kind, p.data, p.source, p.rating, p.rating_count, p.created_at, p.status,
               (SELECT group_concat(t.display_name, ', ') FROM puzzle_owners o JOIN teachers t
                 ON t.id = o.teacher_id WHERE o.puzzle_id = p.id) AS owners,
               (SELECT count(*) FROM attempts a WHERE a.puzzle_id = p.id) AS served,
               (SELECT count(*) FROM attempts a WHERE a.puzzle_id = p.id AND a.answered_at IS NOT NULL) AS answered,
               (SELECT count(*) FROM attempts a WHERE a.puzzle_id = p.id AND a.correct = 1) AS right_answers
        FROM puzzles p WHERE p.status = ? ORDER BY {order} LIMIT ? OFFSET ?""",
            [status, PAGE, PAGE * (max(1, page) - 1)],
        )
    ]


def decide(db: Database, puzzle_id: str, admin_id: int, accept: bool) -> bool:
    """Accept a teacher's puzzle into the shared bank, or keep it out (its owners keep it).
    False when there is no such puzzle waiting or kept out (a shared one is removed instead)."""
    with write_transaction(db):
        return (
            db.execute(
                "UPDATE puzzles SET status = ?, reviewed_at = ?, reviewed_by = ?"
                " WHERE id = ? AND status IN ('pending', 'private')",
                ["shared" if accept else "private", utcnow(), admin_id, puzzle_id],
            ).rowcount
            > 0
        )


def remove(db: Database, puzzle_id: str, admin_id: int) -> bool:
    """Served to nobody from now on, and out of every teacher's sets. The row and every attempt
    that names it stay. False when there is no such puzzle, or it is removed already."""
    with write_transaction(db):
        if not db.execute(
            "UPDATE puzzles SET status = 'removed', reviewed_at = ?, reviewed_by = ?"
            " WHERE id = ? AND status <> 'removed'",
            [utcnow(), admin_id, puzzle_id],
        ).rowcount:
            return False
        db.execute("DELETE FROM puzzle_set_items WHERE puzzle_id = ?", [puzzle_id])
        return True
