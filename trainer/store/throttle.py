"""Limits on guessing, shared by every server process (docs/security.md, "Guessing").

Two kinds of counter, both in the database:

- A **lock** (`login_throttle`): after `free` failures in a row, each further failure locks
  the key for base * 2^(failures - free) seconds, capped at `cap`; a success resets it.
  Used where the key is one account on one device, which only its owner can reset.
- A **ceiling** (`login_failures`): at most `limit` failures under the key in any sliding
  window of `window` seconds. A success does not reset it (a right class code alternated
  with wrong ones once reset the count for ever); only its own attempt is withdrawn. Used for
  what many share: an address, a class, all class codes of the installation.

Logins call `attempt()`: the lock and ceiling checks and the count happen in one write
transaction, BEFORE the password is compared. Checking first and counting after the
comparison would let a burst of parallel guesses all pass the check before any of them is
counted (tests/security/).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from trainer.store.db import write_transaction


@dataclass(frozen=True)
class Lock:
    key: str
    free: int
    base: float
    cap: float


@dataclass(frozen=True)
class Ceiling:
    key: str
    limit: int
    window: float


@dataclass(frozen=True)
class Attempt:
    refused: int  # seconds until a try would be admitted again; 0: admitted
    refused_by: str | None  # the lock's or ceiling's key that refused it
    lock: int  # admitted: the lock-out this failure started (0: none)
    ticket: tuple[int, ...]  # admitted: the failure rows counted, withdrawn on success


def seconds_locked(db: Database, key: str, now: float | None = None) -> int:
    now = time.time() if now is None else now
    row = db.execute("SELECT locked_until FROM login_throttle WHERE key = ?", [key]).fetchone()
    if row is None or row[0] <= now:
        return 0
    return max(1, int(row[0] - now + 0.999))


def record_failure(db: Database, key: str, free: int, base: float, cap: float, now: float | None = None) -> int:
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


def ceiling_wait(db: Database, ceiling: Ceiling, now: float | None = None) -> int:
    """Seconds until the ceiling admits one more failure (0: it admits one now)."""
    now = time.time() if now is None else now
    start = now - ceiling.window
    count = db.execute("SELECT count(*) FROM login_failures WHERE key = ? AND at > ?", [ceiling.key, start]).fetchone()[
        0
    ]
    if count < ceiling.limit:
        return 0
    # The window admits one more when the failure `count - limit` places from the oldest leaves it.
    oldest = db.execute(
        "SELECT at FROM login_failures WHERE key = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?",
        [ceiling.key, start, count - ceiling.limit],
    ).fetchone()[0]
    return max(1, int(oldest + ceiling.window - now + 0.999))


def refusal(
    db: Database, lock: Lock | None, ceilings: Sequence[Ceiling], now: float | None = None
) -> tuple[int, str | None]:
    """(seconds, key) of what would refuse an attempt now, or (0, None); counts nothing."""
    now = time.time() if now is None else now
    if lock is not None:
        locked = seconds_locked(db, lock.key, now)
        if locked:
            return locked, lock.key
    for ceiling in ceilings:
        wait = ceiling_wait(db, ceiling, now)
        if wait:
            return wait, ceiling.key
    return 0, None


def attempt(db: Database, lock: Lock | None, ceilings: Sequence[Ceiling], now: float | None = None) -> Attempt:
    """Admit one guess: refused while the lock is on or any ceiling is full; else counted as
    a failure everywhere at once. Call succeeded() when it turns out right."""
    now = time.time() if now is None else now
    with write_transaction(db):
        wait, key = refusal(db, lock, ceilings, now)
        if wait:
            return Attempt(wait, key, 0, ())
        started = record_failure(db, lock.key, lock.free, lock.base, lock.cap, now) if lock else 0
        ticket = tuple(
            db.execute("INSERT INTO login_failures (key, at) VALUES (?, ?)", [c.key, now]).lastrowid for c in ceilings
        )
    return Attempt(0, None, started, ticket)


def succeeded(db: Database, tried: Attempt, lock: Lock | None = None) -> None:
    """The admitted attempt was right: it was no failure. The lock resets; the ceilings keep
    every other failure in their windows."""
    with write_transaction(db):
        if lock is not None:
            db.execute("DELETE FROM login_throttle WHERE key = ?", [lock.key])
        for rowid in tried.ticket:
            db.execute("DELETE FROM login_failures WHERE rowid = ?", [rowid])


def forget(db: Database, key: str) -> None:
    """Drop `key` and every key under it (`key:...`), locks and ceilings: an unlock by the
    teacher, or an erased account that leaves no counters behind."""
    under = [key, len(key) + 1, key + ":"]
    with write_transaction(db):
        db.execute("DELETE FROM login_throttle WHERE key = ? OR substr(key, 1, ?) = ?", under)
        db.execute("DELETE FROM login_failures WHERE key = ? OR substr(key, 1, ?) = ?", under)


def locked_under(db: Database, key: str, now: float | None = None) -> int:
    """How many locks under `key:` are on now (e.g. one pupil's, one per device)."""
    now = time.time() if now is None else now
    return db.execute(
        "SELECT count(*) FROM login_throttle WHERE substr(key, 1, ?) = ? AND locked_until > ?",
        [len(key) + 1, key + ":", now],
    ).fetchone()[0]


def failures(db: Database, key: str) -> int:
    row = db.execute("SELECT failures FROM login_throttle WHERE key = ?", [key]).fetchone()
    return row[0] if row else 0


def purge_stale(db: Database, older_than: float = 24 * 3600, now: float | None = None) -> int:
    """Forget counters quiet for `older_than` (unknown e-mails pile up) that hold no lock,
    and failures older than that (pass at least the longest ceiling's window)."""
    now = time.time() if now is None else now
    with write_transaction(db):
        gone = db.execute(
            "DELETE FROM login_throttle WHERE updated_at < ? AND locked_until < ?", [now - older_than, now]
        ).rowcount
        return gone + db.execute("DELETE FROM login_failures WHERE at < ?", [now - older_than]).rowcount
