"""A teacher's puzzle sets (issue 20): puzzles of the shared bank in the teacher's order, and
the set a class does as its drill on a given school day instead of the adaptive choice."""

from __future__ import annotations

from sqlite_utils import Database

from trainer.store import utcnow
from trainer.store.db import write_transaction


def create(db: Database, teacher_id: int, name: str) -> int:
    with write_transaction(db):
        return db.execute(
            "INSERT INTO puzzle_sets (teacher_id, name, created_at) VALUES (?, ?, ?)", [teacher_id, name, utcnow()]
        ).lastrowid


def get(db: Database, set_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM puzzle_sets WHERE id = ?", [set_id]))
    return rows[0] if rows else None


def for_teacher(db: Database, teacher_id: int) -> list[dict]:
    """The teacher's sets, newest first, each with its number of puzzles (`size`)."""
    return list(
        db.query(
            "SELECT s.id, s.name, s.created_at, count(i.puzzle_id) AS size FROM puzzle_sets s"
            " LEFT JOIN puzzle_set_items i ON i.set_id = s.id WHERE s.teacher_id = ?"
            " GROUP BY s.id ORDER BY s.id DESC",
            [teacher_id],
        )
    )


def delete(db: Database, set_id: int) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM puzzle_sets WHERE id = ?", [set_id])


def puzzle_ids(db: Database, set_id: int) -> list[str]:
    return [
        pid
        for (pid,) in db.execute("SELECT puzzle_id FROM puzzle_set_items WHERE set_id = ? ORDER BY position", [set_id])
    ]


def add_puzzle(db: Database, set_id: int, puzzle_id: str, most: int) -> str:
    """'added', 'already' (the set holds it) or 'full' (it holds `most`); one transaction, so two
    saves at once cannot both take the last place."""
    with write_transaction(db):
        if db.execute(
            "SELECT 1 FROM puzzle_set_items WHERE set_id = ? AND puzzle_id = ?", [set_id, puzzle_id]
        ).fetchone():
            return "already"
        size, last = db.execute(
            "SELECT count(*), coalesce(max(position), 0) FROM puzzle_set_items WHERE set_id = ?", [set_id]
        ).fetchone()
        if size >= most:
            return "full"
        db.execute(
            "INSERT INTO puzzle_set_items (set_id, puzzle_id, position) VALUES (?, ?, ?)", [set_id, puzzle_id, last + 1]
        )
        return "added"


def remove_puzzle(db: Database, set_id: int, puzzle_id: str) -> bool:
    with write_transaction(db):
        return (
            db.execute("DELETE FROM puzzle_set_items WHERE set_id = ? AND puzzle_id = ?", [set_id, puzzle_id]).rowcount
            > 0
        )


# A class's drill from a set -------------------------------------------------------------------


def drill_set(db: Database, class_id: int, day: str) -> dict | None:
    """The set the class does as its drill on `day`, or None for the adaptive drill."""
    rows = list(
        db.query(
            "SELECT s.* FROM drill_set_days d JOIN puzzle_sets s ON s.id = d.set_id WHERE d.class_id = ? AND d.day = ?",
            [class_id, day],
        )
    )
    return rows[0] if rows else None


def set_drill_set(db: Database, class_id: int, day: str, set_id: int | None) -> None:
    """Make `set_id` the class's drill on `day`; None goes back to the adaptive drill."""
    with write_transaction(db):
        if set_id is None:
            db.execute("DELETE FROM drill_set_days WHERE class_id = ? AND day = ?", [class_id, day])
        else:
            db.execute(
                "INSERT INTO drill_set_days (class_id, day, set_id) VALUES (?, ?, ?)"
                " ON CONFLICT (class_id, day) DO UPDATE SET set_id = excluded.set_id",
                [class_id, day, set_id],
            )
