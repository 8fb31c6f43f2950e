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
import threading
import time
from collections.abc import Iterator

try:
    import fcntl
except ImportError:  # not a POSIX system: the workers meet at SQLite's lock alone
    fcntl = None  # type: ignore[assignment]

from sqlite_utils import Database
from sqlite_utils.utils import dedupe_keys

BUSY_TIMEOUT_MS = 5000
# The files beside a database that belong to it: SQLite's log and shared memory, and the file
# the worker processes' writers queue on (write_transaction). Removed and tightened with it.
COMPANIONS = ("-wal", "-shm", "-writers")
SYNCHRONOUS = {"FULL": "FULL", "NORMAL": "NORMAL"}


def companions(path: str) -> list[str]:
    return [path + companion for companion in COMPANIONS]


PRIVATE = 0o600


class TrainerDatabase(Database):
    """sqlite-utils' Database, with `query` as cheap as a cursor for a plain SELECT.

    sqlite-utils runs every `query` inside SAVEPOINT … RELEASE, so that a statement that turns
    out to write can be undone before it refuses it: three statements for every read, a third
    of a drill request's SQL (issue 36.3, bench/request_cost.py). A statement that starts with
    SELECT cannot write, so it runs straight on the connection; anything else (WITH, RETURNING,
    PRAGMA) still goes through sqlite-utils' guarded path. Rows are the same dicts either way."""

    def query(self, sql: str, params=None):
        if not sql.lstrip()[:6].upper() == "SELECT":
            return super().query(sql, params)
        cursor = self.conn.execute(sql, params if params is not None else ())
        keys = dedupe_keys(d[0] for d in cursor.description)
        return (dict(zip(keys, row)) for row in cursor)


def connect(path: str, synchronous: str = "FULL") -> Database:
    """The file's path is kept on the Database (`db.path`) for write_transaction's queue.
    `synchronous`: FULL (every commit synced: scripts, migrations, tests) or NORMAL for
    request connections, whose writes are made durable by group commit (trainer.store.group_commit)."""
    if path != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        create_private(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    # Straight on the connection: this runs for every request.
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA secure_delete = ON")
    db = TrainerDatabase(conn)
    db.path = None if path == ":memory:" else os.path.realpath(path)
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
    os.fchmod(fd, PRIVATE)  # the umask cannot widen it, but a strange one could narrow it
    os.close(fd)


def make_private(path: str) -> None:
    """Databases made before files were private (0644 under the usual umask): tighten the
    file and its companions to 0600 at start-up."""
    for name in (path, *companions(path)):
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


# Writers of one process queue here before BEGIN IMMEDIATE (issue 36.4). Without it, every
# server thread that wants to write asks SQLite for the lock at once; all but one land in
# SQLite's busy handler, which polls by sleeping 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50,
# 100 ms: a lock held for a fraction of a millisecond is taken again only when a sleeper
# wakes, so under load writers wait tens of milliseconds for a free lock and the school's
# writes queue behind sleeps, not behind work (bench/write_load.py). A threading.Lock hands
# the lock to the next thread the moment it is released, and leaves SQLite's busy handler to
# the few writers of other processes (one per worker at most). Off: every thread goes to
# SQLite itself, as before (bench/write_load.py measures both in one run).
QUEUE_WRITERS = True
_queues: dict[tuple[int, str], threading.Lock] = {}
_queues_lock = threading.Lock()

# The one writer a worker lets through then meets the other workers' at SQLite's lock, in its
# busy handler's sleeps: on two cores under drills, each worker's head writer slept there while
# the lock was free, and the two workers ran 60 % busy with requests queued (issue 50,
# bench/load_test.py). So the workers' head writers queue once more, on a lock of the operating
# system's on a file beside the database (flock: released the moment its holder lets go, or
# dies), tried every WAIT_STEP_S until the busy timeout. Writers outside write_transaction
# (single statements, the live channel's note of who is here) still meet SQLite's busy handler.
QUEUE_ACROSS_PROCESSES = True
WAIT_STEP_S = 0.0002


def _writer_queue(db: Database) -> threading.Lock | None:
    path = getattr(db, "path", None)
    if not QUEUE_WRITERS or path is None:
        return None
    key = (os.getpid(), path)  # a forked worker starts with its own, never the parent's
    with _queues_lock:
        if key not in _queues:
            _queues[key] = threading.Lock()
        return _queues[key]


@contextlib.contextmanager
def _across_processes(db: Database, deadline: float) -> Iterator[None]:
    path = getattr(db, "path", None)
    if not (QUEUE_WRITERS and QUEUE_ACROSS_PROCESSES) or path is None or fcntl is None:
        yield
        return
    # Opened for each transaction (a few microseconds): a process serving many schools, or the
    # test suite's thousand apps, keeps no descriptor per file.
    descriptor = os.open(path + "-writers", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
    try:
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise sqlite3.OperationalError(
                        "database is locked (waited for the other processes' writers)"
                    ) from None
                time.sleep(WAIT_STEP_S)
        yield  # closing the descriptor lets the lock go
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A transaction that takes the write lock at once.

    A plain BEGIN starts as a reader and upgrades on the first write; when two connections
    do that at the same moment one of them gets "database is locked" immediately, without
    the busy timeout helping. BEGIN IMMEDIATE waits for the lock up front instead, after the
    other writers of this process (QUEUE_WRITERS above); both waits together stay within the
    busy timeout. Inside, sqlite-utils' own `atomic()` nests as savepoints.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    queue = _writer_queue(db)
    if queue is not None and not queue.acquire(timeout=BUSY_TIMEOUT_MS / 1000):
        raise sqlite3.OperationalError("database is locked (waited for this process's other writers)")
    try:
        with _across_processes(db, deadline):
            db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.rollback()
                raise
            else:
                db.conn.execute("COMMIT")
    finally:
        if queue is not None:
            queue.release()
