"""Classes and their join codes.

A join code is what a pupil types; the QR token is what the printed QR code carries (see
trainer/web/pupils/picture_login.py for why they differ). Regenerating replaces both, so old printed
cards stop working together with the old code.
"""

from __future__ import annotations

import secrets
import sqlite3

from sqlite_utils import Database

from trainer.store import pupils, throttle, utcnow
from trainer.store.db import checkpoint, write_transaction

# No 0/O, 1/I/L, and none of the pairs children mix up when copying from a board:
# 2/Z, 5/S, 8/B, U/V.
CODE_ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(typed: str) -> str:
    """What a pupil typed, as stored: case and spaces or dashes do not matter."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def _fresh_codes(db: Database, class_id: int | None, write) -> None:
    # A clash is astronomically rare but a unique index guards it; try again if it happens.
    for _ in range(10):
        try:
            with db.atomic():
                write(new_join_code(), secrets.token_urlsafe(24))
            return
        except sqlite3.IntegrityError:
            continue
    raise RuntimeError("could not find an unused join code")


def create(db: Database, teacher_id: int, name: str) -> int:
    created = {}

    def write(code, token):
        created["id"] = db.execute(
            "INSERT INTO classes (teacher_id, name, join_code, qr_token, created_at) VALUES (?, ?, ?, ?, ?)",
            [teacher_id, name.strip(), code, token, utcnow()],
        ).lastrowid

    with write_transaction(db):
        _fresh_codes(db, None, write)
    return created["id"]


def regenerate_code(db: Database, class_id: int) -> None:
    def write(code, token):
        db.execute("UPDATE classes SET join_code = ?, qr_token = ? WHERE id = ?", [code, token, class_id])

    with write_transaction(db):
        _fresh_codes(db, class_id, write)


def list_for_teacher(db: Database, teacher_id: int) -> list[dict]:
    return list(
        db.query(
            "SELECT c.*, (SELECT count(*) FROM pupils p WHERE p.class_id = c.id"
            " AND p.archived_at IS NULL) AS pupil_count"
            " FROM classes c WHERE teacher_id = ? ORDER BY archived_at IS NOT NULL, name COLLATE NOCASE",
            [teacher_id],
        )
    )


def get_for_teacher(db: Database, teacher_id: int, class_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM classes WHERE id = ? AND teacher_id = ?", [class_id, teacher_id]))
    return rows[0] if rows else None


def get(db: Database, class_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM classes WHERE id = ?", [class_id]))
    return rows[0] if rows else None


def by_join_code(db: Database, typed: str) -> dict | None:
    rows = list(db.query("SELECT * FROM classes WHERE join_code = ? AND archived_at IS NULL", [normalize_code(typed)]))
    return rows[0] if rows else None


def by_qr_token(db: Database, token: str) -> dict | None:
    rows = list(db.query("SELECT * FROM classes WHERE qr_token = ? AND archived_at IS NULL", [token]))
    return rows[0] if rows else None


def rename(db: Database, class_id: int, name: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE classes SET name = ? WHERE id = ?", [name.strip(), class_id])


def set_retention(db: Database, class_id: int, days: int | None) -> None:
    """How long this class's pupil data is kept; None: the school's default (trainer purge)."""
    with write_transaction(db):
        db.execute("UPDATE classes SET retention_days = ? WHERE id = ?", [days, class_id])


def throttle_key(class_id: int) -> str:
    return f"class:{class_id}"


def forget_counters(db: Database, class_id: int) -> None:
    """The login counters of the class and its pupils (inside the caller's transaction)."""
    throttle.forget(db, throttle_key(class_id))
    for (pupil_id,) in db.execute("SELECT id FROM pupils WHERE class_id = ?", [class_id]).fetchall():
        throttle.forget(db, pupils.throttle_key(pupil_id))


def delete(db: Database, class_id: int) -> None:
    """Erase the class with its pupils and everything about them (ON DELETE CASCADE)."""
    with write_transaction(db):
        forget_counters(db, class_id)
        db.execute("DELETE FROM classes WHERE id = ?", [class_id])
    checkpoint(db)


def set_archived(db: Database, class_id: int, archived: bool) -> None:
    with write_transaction(db):
        db.execute("UPDATE classes SET archived_at = ? WHERE id = ?", [utcnow() if archived else None, class_id])
        if archived:
            # "Its pupils can no longer log in" includes those logged in right now.
            db.execute(
                "DELETE FROM auth_sessions WHERE pupil_id IN (SELECT id FROM pupils WHERE class_id = ?)", [class_id]
            )
