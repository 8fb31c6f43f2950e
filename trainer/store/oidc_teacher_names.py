"""A teacher's value of the claim that identifies them at a sign-in service, where that is not
their e-mail address (issue 34): a Unilogin `uniid`, an Entra `upn` unlike the address. Only
the school's administrator enters one; the first sign-in then proposes that teacher's account
(the password is still asked once). Removing the service or the teacher removes the row."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from sqlite_utils import Database

from trainer.store.db import write_transaction


class Taken(Exception):
    """The value, or the teacher, has a value at this service already."""


def add(db: Database, *, provider_id: int, teacher_id: int, value: str, now: datetime) -> int:
    try:
        with write_transaction(db):
            cursor = db.execute(
                "INSERT INTO oidc_teacher_names (provider_id, teacher_id, value, created_at) VALUES (?, ?, ?, ?)",
                [provider_id, teacher_id, value, now.isoformat(timespec="seconds")],
            )
    except sqlite3.IntegrityError as err:
        raise Taken() from err
    return cursor.lastrowid


def teacher_for(db: Database, provider_id: int, value: str) -> int | None:
    row = db.execute(
        "SELECT teacher_id FROM oidc_teacher_names WHERE provider_id = ? AND value = ?", [provider_id, value]
    ).fetchone()
    return row[0] if row else None


def list_for(db: Database, provider_id: int) -> list[dict]:
    return list(
        db.query(
            "SELECT n.id, n.value, n.teacher_id, t.display_name, t.email FROM oidc_teacher_names n"
            " JOIN teachers t ON t.id = n.teacher_id WHERE n.provider_id = ? ORDER BY t.display_name, n.id",
            [provider_id],
        )
    )


def remove(db: Database, provider_id: int, name_id: int) -> bool:
    with write_transaction(db):
        cursor = db.execute("DELETE FROM oidc_teacher_names WHERE id = ? AND provider_id = ?", [name_id, provider_id])
    return cursor.rowcount == 1
