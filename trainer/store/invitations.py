"""Invitation links: how a teacher joins a school (issue 19).

The administrator makes a link; whoever opens it may create one account with the link's role,
once, within `DAYS` days. The raw token exists only in the link (and in the one response that
shows it); the table keeps its SHA-256, so a copy of the database opens no door.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlite_utils import Database

from trainer.store.db import write_transaction

DAYS = 7
ROLES = ("teacher", "admin")


class InvitationUnusable(Exception):
    """The link is unknown, used, revoked or expired."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def create(db: Database, *, role: str, created_by: int | None, now: datetime, days: int = DAYS) -> str:
    """A new invitation; returns the raw token (show it once, never store it)."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    token = secrets.token_urlsafe(24)
    with write_transaction(db):
        db.execute(
            "INSERT INTO invitations (token_hash, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            [_hash(token), role, created_by, _stamp(now), _stamp(now + timedelta(days=days))],
        )
    return token


def find(db: Database, token: str, now: datetime) -> dict | None:
    """The open invitation behind `token`, or None if it cannot be used (any reason)."""
    rows = list(
        db.query(
            "SELECT * FROM invitations WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
            [_hash(token), _stamp(now)],
        )
    )
    return rows[0] if rows else None


def use(db: Database, token: str, *, teacher_id: int, now: datetime) -> dict:
    """Marks the invitation used by `teacher_id`, atomically: of two accounts racing for one
    link, one wins and the other gets InvitationUnusable. Call inside the transaction that
    creates the account, so a refused link leaves no account behind."""
    cursor = db.execute(
        "UPDATE invitations SET used_at = ?, used_by = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
        [_stamp(now), teacher_id, _hash(token), _stamp(now)],
    )
    if cursor.rowcount != 1:
        raise InvitationUnusable(token)
    return next(db.query("SELECT * FROM invitations WHERE token_hash = ?", [_hash(token)]))


def list_open(db: Database, now: datetime) -> list[dict]:
    return list(
        db.query(
            "SELECT id, role, created_by, created_at, expires_at FROM invitations"
            " WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at, id",
            [_stamp(now)],
        )
    )


def revoke(db: Database, invitation_id: int) -> bool:
    """Ends an unused invitation at once; False if there was none open with that id."""
    with write_transaction(db):
        cursor = db.execute("DELETE FROM invitations WHERE id = ? AND used_at IS NULL", [invitation_id])
    return cursor.rowcount == 1


def join(
    db: Database,
    token: str,
    *,
    email: str,
    display_name: str,
    password_hash: str,
    now: datetime,
    language: str | None = None,
) -> int:
    """Creates the account the invitation is for and uses the invitation, in one transaction:
    a used or expired link creates nobody. Raises InvitationUnusable or teachers.EmailTaken."""
    from trainer.store import teachers

    with write_transaction(db):
        invitation = find(db, token, now)
        if invitation is None:
            raise InvitationUnusable(token)
        teacher_id = teachers.create(db, email, display_name, password_hash, language, role=invitation["role"])
        use(db, token, teacher_id=teacher_id, now=now)
    return teacher_id
