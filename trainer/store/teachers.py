"""Teacher accounts."""

from __future__ import annotations

import sqlite3

from sqlite_utils import Database

from trainer.store import classes, throttle, utcnow
from trainer.store.db import checkpoint, write_transaction


class EmailTaken(Exception):
    pass


def normalize_email(email: str) -> str:
    return email.strip().lower()


ADMIN = "admin"
TEACHER = "teacher"


def create(
    db: Database,
    email: str,
    display_name: str,
    password_hash: str,
    language: str | None = None,
    role: str | None = None,
) -> int:
    """A new account. Without a `role`, the school's first account is its administrator
    and every later one a teacher (decided in the same transaction, so two first
    registrations at once cannot both become administrator)."""
    try:
        with write_transaction(db):
            if role is None:
                anyone = db.execute("SELECT 1 FROM teachers LIMIT 1").fetchone()
                role = TEACHER if anyone else ADMIN
            cursor = db.execute(
                "INSERT INTO teachers (email, display_name, password_hash, language, created_at, role)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [normalize_email(email), display_name.strip(), password_hash, language, utcnow(), role],
            )
    except sqlite3.IntegrityError as err:
        raise EmailTaken(email) from err
    return cursor.lastrowid


def get(db: Database, teacher_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM teachers WHERE id = ?", [teacher_id]))
    return rows[0] if rows else None


def is_admin(teacher: dict | None) -> bool:
    return bool(teacher) and teacher.get("role") == ADMIN and not teacher.get("disabled_at")


def is_active(teacher: dict | None) -> bool:
    return bool(teacher) and not teacher.get("disabled_at")


def by_email(db: Database, email: str) -> dict | None:
    rows = list(db.query("SELECT * FROM teachers WHERE email = ?", [normalize_email(email)]))
    return rows[0] if rows else None


def replace_password(db: Database, teacher_id: int, password_hash: str) -> None:
    """A new password: every session of the account ends with the old one (ASVS 5.0 V7.4.3),
    and a lock-out of the account by wrong guesses is lifted."""
    with write_transaction(db):
        db.execute("UPDATE teachers SET password_hash = ? WHERE id = ?", [password_hash, teacher_id])
        db.execute("DELETE FROM auth_sessions WHERE teacher_id = ?", [teacher_id])
        email = db.execute("SELECT email FROM teachers WHERE id = ?", [teacher_id]).fetchone()
        if email:
            throttle.forget(db, throttle_key(email[0]))


def upgrade_hash(db: Database, teacher_id: int, password_hash: str) -> None:
    """The same password hashed with today's parameters (at login): sessions stay."""
    with write_transaction(db):
        db.execute("UPDATE teachers SET password_hash = ? WHERE id = ?", [password_hash, teacher_id])


def throttle_key(email: str) -> str:
    """The login throttle's key for an e-mail address (known or not)."""
    return "teacher:" + normalize_email(email)


def set_language(db: Database, teacher_id: int, language: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE teachers SET language = ? WHERE id = ?", [language, teacher_id])


def delete(db: Database, teacher_id: int) -> None:
    """Erase the account and every class of it, with all their pupils' data (ON DELETE
    CASCADE); puzzles the teacher uploaded stay in the shared bank, without the name."""
    with write_transaction(db):
        email = db.execute("SELECT email FROM teachers WHERE id = ?", [teacher_id]).fetchone()
        if email:
            throttle.forget(db, throttle_key(email[0]))
        for (class_id,) in db.execute("SELECT id FROM classes WHERE teacher_id = ?", [teacher_id]).fetchall():
            classes.forget_counters(db, class_id)
        db.execute("DELETE FROM teachers WHERE id = ?", [teacher_id])
    checkpoint(db)


def count(db: Database) -> int:
    return db.execute("SELECT count(*) FROM teachers").fetchone()[0]
