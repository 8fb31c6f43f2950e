"""Opening the SQLite file, wrapped in a sqlite-utils Database, and the write transaction.

Every connection gets the same pragmas: foreign keys enforced (so deleting a pupil deletes
all their data through ON DELETE CASCADE), a busy timeout so concurrent writers wait instead
of failing, WAL so readers never block the writer, and secure_delete, so deleted rows are
overwritten in the file (some SQLite builds default to it, others do not).

The file holds children's names and picture passwords: it is created readable by its owner
only (0600, whatever the umask), and SQLite gives its -wal and -shm files the same mode.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator

from sqlite_utils import Database

BUSY_TIMEOUT_MS = 5000
SYNCHRONOUS = {"FULL": "FULL", "NORMAL": "NORMAL"}
PRIVATE = 0o600


def connect(path: str, synchronous: str = "FULL") -> Database:
    """`synchronous`: FULL (every commit synced: scripts, migrations, tests) or NORMAL for
    request connections, whose writes are made durable by group commit (trainer.store.group_commit)."""
    if path != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        create_private(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    # Straight on the connection: this runs for every request.
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA secure_delete = ON")
    db = Database(conn)
    if path != ":memory:":
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            # WAL must be switched on outside a transaction; it then sticks to the file.
            db.enable_wal()
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS[synchronous]}")
    return db


def create_private(path: str) -> None:
    """Create `path` empty with mode 0600 unless it exists (an empty file is an empty database)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
    except FileExistsError:
        return
    os.fchmod(fd, PRIVATE)   # the umask cannot widen it, but a strange one could narrow it
    os.close(fd)


def make_private(path: str) -> None:
    """Databases made before files were private (0644 under the usual umask): tighten the
    file and its -wal and -shm to 0600 at start-up."""
    for name in (path, path + "-wal", path + "-shm"):
        try:
            os.chmod(name, PRIVATE)
        except FileNotFoundError:
            pass


def checkpoint(db: Database) -> None:
    """Copy the write-ahead log into the file and empty it, after an erase: with secure_delete
    the file's copy of deleted rows is overwritten, but the log still holds the pages as they
    were before, until a checkpoint (SQLite's own comes only every 1,000 pages). Waits for
    readers up to the busy timeout; a reader still busy leaves it to the next checkpoint."""
    if not db.conn.in_transaction:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A transaction that takes the write lock at once.

    A plain BEGIN starts as a reader and upgrades on the first write; when two connections
    do that at the same moment one of them gets "database is locked" immediately, without
    the busy timeout helping. BEGIN IMMEDIATE waits for the lock up front instead.
    Inside, sqlite-utils' own `atomic()` nests as savepoints.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    else:
        db.conn.execute("COMMIT")
