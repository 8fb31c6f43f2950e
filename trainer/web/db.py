"""One SQLite connection per request, on `g`: the web layer's glue to trainer.store.db.

Request connections commit with synchronous=NORMAL and wait for group commit before the
response leaves (trainer.store.group_commit), or keep one connection per server thread.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator

from flask import current_app, g
from sqlite_utils import Database

from trainer.store import devices, group_commit, migrations, sessions, throttle
from trainer.store.db import connect, make_private


def get_db() -> Database:
    if "db" not in g:
        path = current_app.config["DATABASE"]
        synchronous = "NORMAL" if current_app.config["GROUP_COMMIT"] else "FULL"
        g.db = _kept(path, synchronous) if current_app.config["KEEP_CONNECTIONS"] else connect(path, synchronous)
        g.db_changes_before = g.db.conn.total_changes
    return g.db


def make_writes_durable(response):
    """Before a response leaves: if this request wrote, its writes are on disk (group commit),
    but for those made as `unsynced_writes`."""
    db = g.get("db")
    if (
        db is not None
        and current_app.config["GROUP_COMMIT"]
        and db.conn.total_changes - g.db_changes_before - g.get("db_unsynced", 0) != 0
    ):
        group_commit.syncer(current_app.config["DATABASE"]).wait_durable()
    return response


@contextlib.contextmanager
def unsynced_writes() -> Iterator[Database]:
    """Writes whose loss at a power cut costs nothing: a page view counted for its hourly
    limit (a lost count lets one more view through). The response does not wait for the disk
    for them (an fsync's CPU, a tenth of the parent page's, issue 50); any other write of the
    request still makes it wait, and these are then synced with it."""
    db = get_db()
    before = db.conn.total_changes
    try:
        yield db
    finally:
        g.db_unsynced = g.get("db_unsynced", 0) + db.conn.total_changes - before


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
    # The file's inode is part of the key: a school removed and made again under the same
    # name (trainer school remove/add, issue 19) is a new file, never the old connection's.
    try:
        inode = os.stat(path).st_ino
    except OSError:
        inode = None
    key = (os.getpid(), path, synchronous, inode)
    if key not in kept:
        for stale in [k for k in kept if k[:3] == key[:3]]:
            kept.pop(stale).close()
        kept[key] = connect(path, synchronous)
    return kept[key]


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is None:
        return
    if current_app.config["KEEP_CONNECTIONS"]:
        if db.conn.in_transaction:  # a request that failed half-way leaves nothing open
            db.conn.rollback()
    else:
        db.close()


def init_app(app) -> None:
    app.teardown_appcontext(close_db)
    app.after_request(make_writes_durable)
    db = connect(app.config["DATABASE"])
    make_private(app.config["DATABASE"])
    try:
        migrations.apply(db)
        # Start-up is a good moment to drop what has expired: sessions of people who never
        # came back, and failure counters long quiet.
        cfg = app.config
        sessions.purge_idle(db, cfg["IDLE_TIMEOUT_SECONDS"])
        throttle.purge_stale(
            db,
            max(
                24 * 3600,
                cfg["PICTURE_WINDOW_SECONDS"],
                cfg["PICTURE_ADDRESS_WINDOW_SECONDS"],
                cfg["JOIN_CODE_WINDOW_SECONDS"],
            ),
        )
        devices.purge_stale(db, cfg["DEVICE_REMEMBER_DAYS"])
    finally:
        db.close()
