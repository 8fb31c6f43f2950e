"""One SQLite connection per request, on `g`, wrapped in a sqlite-utils Database.

Every connection gets the same pragmas: foreign keys enforced (so deleting a pupil deletes
all their data through ON DELETE CASCADE), a busy timeout so concurrent writers wait instead
of failing, and WAL so readers never block the writer.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator

from flask import current_app, g
from sqlite_utils import Database

from trainer.web import group_commit

BUSY_TIMEOUT_MS = 5000
SYNCHRONOUS = {"FULL": "FULL", "NORMAL": "NORMAL"}


def connect(path: str, synchronous: str = "FULL") -> Database:
    """`synchronous`: FULL (every commit synced: scripts, migrations, tests) or NORMAL for
    request connections, whose writes are made durable by group commit (group_commit.py)."""
    if path != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    # Straight on the connection: this runs for every request.
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db = Database(conn)
    if path != ":memory:":
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            # WAL must be switched on outside a transaction; it then sticks to the file.
            db.enable_wal()
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS[synchronous]}")
    return db


def get_db() -> Database:
    if "db" not in g:
        path = current_app.config["DATABASE"]
        synchronous = "NORMAL" if current_app.config["GROUP_COMMIT"] else "FULL"
        g.db = _kept(path, synchronous) if current_app.config["KEEP_CONNECTIONS"] else connect(path, synchronous)
        g.db_changes_before = g.db.conn.total_changes
    return g.db


def make_writes_durable(response):
    """Before a response leaves: if this request wrote, its writes are on disk (group commit)."""
    db = g.get("db")
    if (db is not None and current_app.config["GROUP_COMMIT"]
            and db.conn.total_changes != g.db_changes_before):
        group_commit.syncer(current_app.config["DATABASE"]).wait_durable()
    return response


_kept_by_thread = threading.local()


def _kept(path: str, synchronous: str) -> Database:
    """The connection this server thread keeps for its requests, one request at a time.

    Opening a connection per request made SQLite parse the whole schema again each time
    (about a millisecond, a fifth of a drill request's CPU), and when the last connection to
    a WAL database closes SQLite checkpoints the whole log and deletes it: an fsync'd
    checkpoint after nearly every request. Servers run a fixed pool of threads (waitress,
    gunicorn's gthread), each opening its own connection in the worker, never before a fork."""
    kept = getattr(_kept_by_thread, "connections", None)
    if kept is None:
        kept = _kept_by_thread.connections = {}
    key = (os.getpid(), path, synchronous)
    if key not in kept:
        kept[key] = connect(path, synchronous)
    return kept[key]


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is None:
        return
    if current_app.config["KEEP_CONNECTIONS"]:
        if db.conn.in_transaction:       # a request that failed half-way leaves nothing open
            db.conn.rollback()
    else:
        db.close()


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


def init_app(app) -> None:
    from trainer.web import migrations
    from trainer.web.models import sessions, throttle

    app.teardown_appcontext(close_db)
    app.after_request(make_writes_durable)
    db = connect(app.config["DATABASE"])
    try:
        migrations.apply(db)
        # Start-up is a good moment to drop what has expired: sessions of people who never
        # came back, and failure counters long quiet.
        sessions.purge_idle(db, app.config["IDLE_TIMEOUT_SECONDS"])
        throttle.purge_stale(db)
    finally:
        db.close()
