"""Which provider account signs in as which teacher or pupil (issue 25).

A link is the provider, its issuer and the pseudonym `sub` it gives the person: nothing else
the provider sent is stored. Each provider account is linked to one person, and each person to
at most one account of a provider.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from sqlite_utils import Database

from trainer.store.db import write_transaction


class AlreadyLinked(Exception):
    """The account, or the person, is linked already."""


def find(db: Database, issuer: str, subject: str) -> dict | None:
    rows = list(db.query("SELECT * FROM oidc_links WHERE issuer = ? AND subject = ?", [issuer, subject]))
    return rows[0] if rows else None


def link(
    db: Database,
    *,
    provider_id: int,
    issuer: str,
    subject: str,
    now: datetime,
    teacher_id: int | None = None,
    pupil_id: int | None = None,
    account: str | None = None,
) -> int:
    """`account`: the words a child was shown for the login ("Ole H."), for the class page."""
    try:
        with write_transaction(db):
            cursor = db.execute(
                "INSERT INTO oidc_links (provider_id, issuer, subject, teacher_id, pupil_id, created_at, account)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [provider_id, issuer, subject, teacher_id, pupil_id, now.isoformat(timespec="seconds"), account],
            )
    except sqlite3.IntegrityError as err:
        raise AlreadyLinked() from err
    return cursor.lastrowid


def linked_pupils(db: Database, class_id: int) -> dict[int, list[str]]:
    """pupil id -> names of the providers it signs in with, for one class."""
    found: dict[int, list[str]] = {}
    for row in db.query(
        "SELECT l.pupil_id, p.name FROM oidc_links l JOIN oidc_providers p ON p.id = l.provider_id"
        " JOIN pupils u ON u.id = l.pupil_id WHERE u.class_id = ? ORDER BY p.name",
        [class_id],
    ):
        found.setdefault(row["pupil_id"], []).append(row["name"])
    return found


def new_pupil_links(db: Database, class_id: int, since: datetime) -> list[dict]:
    """The class's links made since `since`, newest first: pupil id and name, service, the
    account's words, when (issue 34: the teacher sees each new link and can undo it)."""
    return list(
        db.query(
            "SELECT l.pupil_id, u.name AS pupil, p.name AS provider, l.account, l.created_at FROM oidc_links l"
            " JOIN oidc_providers p ON p.id = l.provider_id JOIN pupils u ON u.id = l.pupil_id"
            " WHERE u.class_id = ? AND l.created_at >= ? ORDER BY l.created_at DESC, l.id DESC",
            [class_id, since.isoformat(timespec="seconds")],
        )
    )


def unlink_pupil(db: Database, pupil_id: int) -> int:
    with write_transaction(db):
        return db.execute("DELETE FROM oidc_links WHERE pupil_id = ?", [pupil_id]).rowcount


def count(db: Database) -> int:
    return db.execute("SELECT count(*) FROM oidc_links").fetchone()[0]
