"""Retention: pupil data older than its class keeps it is deleted, securely.

Each class keeps data for `classes.retention_days`, or the school's default. Old answers,
practice sessions and games go; a pupil archived longer ago than that goes with everything
about them, and so do all the pupils of a class archived longer ago than that (the class
stays, empty, for its teacher to delete or bring back). `PRAGMA secure_delete` overwrites the
deleted content in the file, and a WAL checkpoint moves it out of the write-ahead log too.
"""

from __future__ import annotations

import sqlite3
import time

DAY = 86400
DEFAULT_RETENTION_DAYS = 365
CHOICES = (30, 90, 180, 365, 730)  # what a teacher may pick; the school may set any number


def purge(
    conn: sqlite3.Connection, default_days: int = DEFAULT_RETENTION_DAYS, now: float | None = None
) -> dict[str, int]:
    """Deletes what is past retention; returns how many rows went, per kind."""
    if default_days < 1:
        raise ValueError("retention must be at least one day")
    now = time.time() if now is None else now
    conn.execute("PRAGMA secure_delete = ON")
    cutoff = (
        "(SELECT ? - COALESCE(c.retention_days, ?) * 86400 FROM pupils p"
        " JOIN classes c ON c.id = p.class_id WHERE p.id = {table}.pupil_id)"
    )
    params = [now, default_days]
    counts = {}
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table, column in (
            ("attempts", "issued_at"),
            ("practice_sessions", "started_at"),
            ("game_moves", "created_at"),
            ("games", "updated_at"),
            ("parent_links", "created_at"),
        ):  # issue 37.3: links end with retention
            counts[table] = conn.execute(
                f"DELETE FROM {table} WHERE {column} < {cutoff.format(table=table)}", params
            ).rowcount
        counts["pupils"] = conn.execute(
            "DELETE FROM pupils WHERE archived_at IS NOT NULL AND CAST(strftime('%s', archived_at) AS REAL)"
            " < (SELECT ? - COALESCE(c.retention_days, ?) * 86400 FROM classes c WHERE c.id = pupils.class_id)",
            params,
        ).rowcount
        counts["pupils"] += conn.execute(
            "DELETE FROM pupils WHERE class_id IN (SELECT id FROM classes WHERE archived_at IS NOT NULL"
            " AND CAST(strftime('%s', archived_at) AS REAL) < ? - COALESCE(retention_days, ?) * 86400)",
            params,
        ).rowcount
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return counts


def due(conn: sqlite3.Connection, task: str, every_seconds: float, now: float | None = None) -> bool:
    """Claims `task` if it has not run for `every_seconds`: true for exactly one of several
    server processes asking at once (the claim is one write transaction)."""
    now = time.time() if now is None else now
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute("SELECT last_run FROM maintenance WHERE task = ?", [task]).fetchone()
        if row is not None and row[0] > now - every_seconds:
            conn.execute("ROLLBACK")
            return False
        conn.execute(
            "INSERT INTO maintenance (task, last_run) VALUES (?, ?)"
            " ON CONFLICT (task) DO UPDATE SET last_run = excluded.last_run",
            [task, now],
        )
        conn.execute("COMMIT")
        return True
    except BaseException:
        conn.execute("ROLLBACK")
        raise
