"""Failed-login counters with exponential lock-out, shared by every server process.

After `free` failures in a row, each further failure locks the key for
base * 2^(failures - free) seconds, capped at `cap`. A success resets the key.

Logins use `claim()`: the lock check and the count happen in one write transaction, BEFORE
the password is compared. Checking first and counting after the comparison would let a burst
of parallel guesses all pass the check before any of them is counted (tests/security/).
"""
from __future__ import annotations

import time

from sqlite_utils import Database

from trainer.store.db import write_transaction


def seconds_locked(db: Database, key: str, now: float | None = None) -> int:
    now = time.time() if now is None else now
    row = db.execute("SELECT locked_until FROM login_throttle WHERE key = ?", [key]).fetchone()
    if row is None or row[0] <= now:
        return 0
    return max(1, int(row[0] - now + 0.999))


def record_failure(db: Database, key: str, free: int, base: float, cap: float,
                   now: float | None = None) -> int:
    """Count one failure; return how many seconds the key is now locked for (0 if not)."""
    now = time.time() if now is None else now
    with write_transaction(db):
        failures = db.execute(
            "INSERT INTO login_throttle (key, failures, locked_until, updated_at)"
            " VALUES (?, 1, 0, ?)"
            " ON CONFLICT(key) DO UPDATE SET failures = failures + 1, updated_at = excluded.updated_at"
            " RETURNING failures",
            [key, now],
        ).fetchone()[0]
        if failures < free:
            return 0
        lock = min(cap, base * 2 ** (failures - free))
        db.execute("UPDATE login_throttle SET locked_until = ? WHERE key = ?", [now + lock, key])
    return int(lock)


def claim(db: Database, key: str, free: int, base: float, cap: float,
          now: float | None = None) -> tuple[int, int]:
    """Admit one login attempt: (seconds still locked, 0) refuses it; (0, lock) admits it,
    already counted as a failure, `lock` being the lock-out that failure started (0 if none).
    Call reset() when the password turns out right."""
    now = time.time() if now is None else now
    with write_transaction(db):
        locked = seconds_locked(db, key, now)
        if locked:
            return locked, 0
        return 0, record_failure(db, key, free, base, cap, now)


def reset(db: Database, key: str) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM login_throttle WHERE key = ?", [key])


def forget(db: Database, key: str) -> None:
    """Drop `key` and every key under it (`key:...`): an erased account leaves no counters."""
    with write_transaction(db):
        db.execute("DELETE FROM login_throttle WHERE key = ? OR substr(key, 1, ?) = ?",
                   [key, len(key) + 1, key + ":"])


def failures(db: Database, key: str) -> int:
    row = db.execute("SELECT failures FROM login_throttle WHERE key = ?", [key]).fetchone()
    return row[0] if row else 0


def purge_stale(db: Database, older_than: float = 24 * 3600, now: float | None = None) -> int:
    """Forget counters that have been quiet for a day and hold no lock (unknown e-mails pile up)."""
    now = time.time() if now is None else now
    with write_transaction(db):
        return db.execute("DELETE FROM login_throttle WHERE updated_at < ? AND locked_until < ?",
                          [now - older_than, now]).rowcount
