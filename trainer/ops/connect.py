"""Connections for maintenance commands: explicit transactions, cascades on, patient with writers."""

from __future__ import annotations

import os
import sqlite3

BUSY_TIMEOUT_MS = 30_000


def open_database(path: str) -> sqlite3.Connection:
    if not os.path.isfile(path):
        raise FileNotFoundError(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA secure_delete = ON")  # whatever the SQLite build's default
    return conn
