"""Server-side login sessions for teachers and pupils.

The browser holds a random token; the database holds only its SHA-256, so a copy of the
database cannot be used to log in. A session ends by deleting its row: at logout, at a new
login, or when it has been idle too long.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from sqlite_utils import Database

from trainer.store.db import write_transaction

# Writing last_seen on every request would turn every page view into a write.
TOUCH_EVERY_SECONDS = 60


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def create(db: Database, *, teacher_id: int | None = None, pupil_id: int | None = None) -> str:
    token = secrets.token_urlsafe(32)
    now = time.time()
    with write_transaction(db):
        db.execute(
            "INSERT INTO auth_sessions (id, teacher_id, pupil_id, created_at, last_seen) VALUES (?, ?, ?, ?, ?)",
            [_digest(token), teacher_id, pupil_id, now, now],
        )
    return token


def lookup(
    db: Database, token: str, idle_timeout: float, now: float | None = None, max_age: float | None = None
) -> dict | None:
    """The live session for `token`, or None; a session idle too long, or older than
    `max_age` however busy, is deleted on the way."""
    now = time.time() if now is None else now
    digest = _digest(token)
    rows = list(db.query("SELECT * FROM auth_sessions WHERE id = ?", [digest]))
    if not rows:
        return None
    row = rows[0]
    if now - row["last_seen"] > idle_timeout or (max_age is not None and now - row["created_at"] > max_age):
        delete(db, token)
        return None
    if now - row["last_seen"] > TOUCH_EVERY_SECONDS:
        with write_transaction(db):
            db.execute("UPDATE auth_sessions SET last_seen = ? WHERE id = ?", [now, digest])
    return row


def delete(db: Database, token: str) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM auth_sessions WHERE id = ?", [_digest(token)])


def delete_for_teacher(db: Database, teacher_id: int) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM auth_sessions WHERE teacher_id = ?", [teacher_id])


def delete_for_pupil(db: Database, pupil_id: int) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM auth_sessions WHERE pupil_id = ?", [pupil_id])


def purge_idle(db: Database, idle_timeout: float, now: float | None = None) -> int:
    now = time.time() if now is None else now
    with write_transaction(db):
        return db.execute("DELETE FROM auth_sessions WHERE last_seen < ?", [now - idle_timeout]).rowcount
