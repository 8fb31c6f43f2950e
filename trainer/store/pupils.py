"""Pupils: a first name or nickname, a picture password, and nothing else that identifies.

A teacher reaches a pupil only through one of their own classes (`get_for_teacher`).
"""

from __future__ import annotations

import sqlite3
import unicodedata

from sqlite_utils import Database

from trainer.pupils import collation
from trainer.store import picture_passwords, throttle, utcnow
from trainer.store.db import checkpoint, write_transaction

# The most pupils a class may have at once (archived pupils are not counted): a big class
# with room to spare, not a year group. Every way in keeps it: add, paste, CSV upload,
# restore, the OneRoster import (docs/dashboard.md, "How many pupils").
MAX_CLASS_SIZE = 40


class NameTaken(Exception):
    pass


class ClassFull(Exception):
    """Adding would take the class past MAX_CLASS_SIZE; `room` is how many still fit."""

    def __init__(self, room: int):
        super().__init__(f"the class has room for {room} more pupil(s)")
        self.room = room


def active_count(db: Database, class_id: int) -> int:
    return db.execute("SELECT count(*) FROM pupils WHERE class_id = ? AND archived_at IS NULL", [class_id]).fetchone()[
        0
    ]


def check_room(db: Database, class_id: int, adding: int) -> None:
    """ClassFull unless `adding` more pupils fit; inside the write transaction that adds them,
    so two teachers adding at once cannot both squeeze past the cap."""
    room = MAX_CLASS_SIZE - active_count(db, class_id)
    if adding > room:
        raise ClassFull(max(0, room))


def name_key(name: str) -> str:
    """Two names that a child would read as the same name get the same key."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def create(db: Database, class_id: int, name: str, picture_password: str | None = None) -> int:
    return create_many(db, class_id, [name], [picture_password])[0]


def create_many(db: Database, class_id: int, names: list[str], passwords: list[str | None] | None = None) -> list[int]:
    """All or nothing: one duplicate name, or one pupil past MAX_CLASS_SIZE, refuses the
    whole list."""
    passwords = passwords or [None] * len(names)
    ids = []
    try:
        with write_transaction(db):
            check_room(db, class_id, len(names))
            for name, password in zip(names, passwords):
                clean = " ".join(name.split())
                ids.append(
                    db.execute(
                        "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at)"
                        " VALUES (?, ?, ?, ?, ?)",
                        [class_id, clean, name_key(clean), password or picture_passwords.random_password(), utcnow()],
                    ).lastrowid
                )
    except sqlite3.IntegrityError as err:
        raise NameTaken() from err
    return ids


def existing_keys(db: Database, class_id: int) -> set[str]:
    return {r[0] for r in db.execute("SELECT name_key FROM pupils WHERE class_id = ?", [class_id])}


def list_for_class(
    db: Database, class_id: int, include_archived: bool = False, language: str | None = None
) -> list[dict]:
    """The class's pupils, archived ones last, by name in the reader's `language` order (issue
    47.6, trainer.pupils.collation; None: the CLDR root order, never code points)."""
    where = "" if include_archived else " AND archived_at IS NULL"
    key = collation.name_key(language)
    return sorted(
        db.query(f"SELECT * FROM pupils WHERE class_id = ?{where}", [class_id]),
        key=lambda p: (p["archived_at"] is not None, key(p["name"]), p["id"]),
    )


def get_for_teacher(db: Database, teacher_id: int, pupil_id: int) -> dict | None:
    rows = list(
        db.query(
            "SELECT p.*, c.name AS class_name, c.teacher_id FROM pupils p"
            " JOIN classes c ON c.id = p.class_id WHERE p.id = ? AND c.teacher_id = ?",
            [pupil_id, teacher_id],
        )
    )
    return rows[0] if rows else None


def get_in_class(db: Database, class_id: int, pupil_id: int) -> dict | None:
    """A pupil who may log in to this class right now."""
    rows = list(
        db.query(
            "SELECT p.* FROM pupils p JOIN classes c ON c.id = p.class_id"
            " WHERE p.id = ? AND p.class_id = ? AND p.archived_at IS NULL AND c.archived_at IS NULL",
            [pupil_id, class_id],
        )
    )
    return rows[0] if rows else None


def get(db: Database, pupil_id: int) -> dict | None:
    rows = list(
        db.query(
            "SELECT p.*, c.name AS class_name FROM pupils p JOIN classes c ON c.id = p.class_id WHERE p.id = ?",
            [pupil_id],
        )
    )
    return rows[0] if rows else None


def rename(db: Database, pupil_id: int, name: str) -> None:
    clean = " ".join(name.split())
    try:
        with write_transaction(db):
            db.execute("UPDATE pupils SET name = ?, name_key = ? WHERE id = ?", [clean, name_key(clean), pupil_id])
    except sqlite3.IntegrityError as err:
        raise NameTaken() from err


def set_archived(db: Database, pupil_id: int, archived: bool) -> None:
    with write_transaction(db):
        if not archived:
            row = db.execute("SELECT class_id, archived_at FROM pupils WHERE id = ?", [pupil_id]).fetchone()
            if row and row[1] is not None:
                check_room(db, row[0], 1)
        db.execute("UPDATE pupils SET archived_at = ? WHERE id = ?", [utcnow() if archived else None, pupil_id])
        if archived:
            db.execute("DELETE FROM auth_sessions WHERE pupil_id = ?", [pupil_id])


def reset_picture_password(db: Database, pupil_id: int) -> str:
    password = picture_passwords.random_password()
    with write_transaction(db):
        db.execute("UPDATE pupils SET picture_password = ? WHERE id = ?", [password, pupil_id])
        # The old password may be known to someone logged in with it right now (V7.4.3).
        db.execute("DELETE FROM auth_sessions WHERE pupil_id = ?", [pupil_id])
        # A reset also lifts a lock-out, on every device.
        throttle.forget(db, throttle_key(pupil_id))
    return password


def set_language(db: Database, pupil_id: int, language: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE pupils SET language = ? WHERE id = ?", [language, pupil_id])


def delete(db: Database, pupil_id: int) -> None:
    """Erase the pupil; every table that holds their data cascades from pupils(id). The log
    is checkpointed at once, so the name does not wait in the -wal file for SQLite's own."""
    with write_transaction(db):
        throttle.forget(db, throttle_key(pupil_id))
        db.execute("DELETE FROM pupils WHERE id = ?", [pupil_id])
    checkpoint(db)


def throttle_key(pupil_id: int) -> str:
    return f"pupil:{pupil_id}"
