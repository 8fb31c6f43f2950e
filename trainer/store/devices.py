"""Devices an account has logged in from, by the SHA-256 of the random key in that browser's
cookie (trainer.web.core.device makes the key). The database holds only the digest, as for
session tokens, so a copy of the database cannot pose as anyone's device.

A known device is trusted with a child's own login: guesses made elsewhere (a classmate on
another tablet, a script with fresh cookies) never stop it (docs/security.md, "Guessing").
"""

from __future__ import annotations

import hashlib
import time

from sqlite_utils import Database

from trainer.store.db import write_transaction

DAY = 86400


def digest(device_key: str) -> str:
    return hashlib.sha256(device_key.encode("ascii", "replace")).hexdigest()


def _owner(pupil_id: int | None, teacher_id: int | None) -> tuple[str, int]:
    if (pupil_id is None) == (teacher_id is None):
        raise ValueError("a device is known to one pupil or one teacher")
    return ("pupil_id", pupil_id) if pupil_id is not None else ("teacher_id", teacher_id)


def is_known(
    db: Database,
    device_key: str | None,
    *,
    pupil_id: int | None = None,
    teacher_id: int | None = None,
    max_age_days: float,
    now: float | None = None,
) -> bool:
    """Has this account logged in from this device within `max_age_days`?"""
    if not device_key:
        return False
    column, owner = _owner(pupil_id, teacher_id)
    now = time.time() if now is None else now
    return (
        db.execute(
            f"SELECT 1 FROM known_devices WHERE {column} = ? AND device = ? AND last_login > ?",
            [owner, digest(device_key), now - max_age_days * DAY],
        ).fetchone()
        is not None
    )


def remember(
    db: Database,
    device_key: str,
    *,
    pupil_id: int | None = None,
    teacher_id: int | None = None,
    now: float | None = None,
) -> None:
    """After a successful login from this device."""
    column, owner = _owner(pupil_id, teacher_id)
    now = time.time() if now is None else now
    with write_transaction(db):
        updated = db.execute(
            f"UPDATE known_devices SET last_login = ? WHERE {column} = ? AND device = ?",
            [now, owner, digest(device_key)],
        ).rowcount
        if not updated:
            db.execute(
                f"INSERT INTO known_devices (device, {column}, first_login, last_login) VALUES (?, ?, ?, ?)",
                [digest(device_key), owner, now, now],
            )


def purge_stale(db: Database, max_age_days: float, now: float | None = None) -> int:
    """Forget devices not used to log in for `max_age_days` (their cookie has expired too)."""
    now = time.time() if now is None else now
    with write_transaction(db):
        return db.execute("DELETE FROM known_devices WHERE last_login < ?", [now - max_age_days * DAY]).rowcount
