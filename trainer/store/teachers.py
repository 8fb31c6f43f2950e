"""Teacher accounts."""
from __future__ import annotations

import sqlite3

from sqlite_utils import Database

from trainer.store import utcnow
from trainer.store.db import write_transaction


class EmailTaken(Exception):
    pass


def normalize_email(email: str) -> str:
    return email.strip().lower()


def create(db: Database, email: str, display_name: str, password_hash: str,
           language: str | None = None) -> int:
    try:
        with write_transaction(db):
            cursor = db.execute(
                "INSERT INTO teachers (email, display_name, password_hash, language, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [normalize_email(email), display_name.strip(), password_hash, language,
                 utcnow()],
            )
    except sqlite3.IntegrityError as err:
        raise EmailTaken(email) from err
    return cursor.lastrowid


def get(db: Database, teacher_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM teachers WHERE id = ?", [teacher_id]))
    return rows[0] if rows else None


def by_email(db: Database, email: str) -> dict | None:
    rows = list(db.query("SELECT * FROM teachers WHERE email = ?", [normalize_email(email)]))
    return rows[0] if rows else None


def set_password_hash(db: Database, teacher_id: int, password_hash: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE teachers SET password_hash = ? WHERE id = ?",
                   [password_hash, teacher_id])


def set_language(db: Database, teacher_id: int, language: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE teachers SET language = ? WHERE id = ?", [language, teacher_id])


def count(db: Database) -> int:
    return db.execute("SELECT count(*) FROM teachers").fetchone()[0]
