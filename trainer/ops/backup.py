"""Online, consistent backups of the SQLite file, verified, and restores from them.

The SQLite backup API copies every page under one read transaction (pages=-1): in WAL mode
readers never block the writers, so the school keeps working while the copy is taken, and
the copy is one consistent moment. The copy is written beside its destination and renamed
into place only once it has passed `PRAGMA integrity_check`, so a half-written backup never
looks like a good one. A backup holds everything the database does, so it is created
readable by its owner only (0600), like the database.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass

BUSY_TIMEOUT_S = 30
PRIVATE = 0o600
REQUIRED_TABLES = ("teachers", "classes", "pupils")


class BackupError(Exception):
    pass


@dataclass(frozen=True)
class Verified:
    path: str
    tables: dict[str, int]  # row counts, for the report
    migrations: int  # schema steps applied in the file


def verify(path: str) -> Verified:
    """An intact TWEAK Trainer database, or BackupError saying what is wrong."""
    if not os.path.isfile(path):
        raise BackupError(f"{path} does not exist")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as err:
        raise BackupError(f"{path} cannot be opened: {err}") from None
    try:
        try:
            result = conn.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as err:
            raise BackupError(f"{path} is not an SQLite database: {err}") from None
        if result != [("ok",)]:
            raise BackupError(f"{path} failed the integrity check: {result[0][0]}")
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [t for t in REQUIRED_TABLES if t not in names]
        if missing:
            raise BackupError(f"{path} is not a TWEAK Trainer database (no {missing[0]} table)")
        tables = {
            name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
            for name in sorted(names)
            if not name.startswith("sqlite_")
        }
        migrations = tables.get("_sqlite_migrations", 0)
        return Verified(path, tables, migrations)
    finally:
        conn.close()


def backup(database: str, destination: str, prefix: str = "trainer") -> Verified:
    """Copies the live database to `destination` (a file path or an existing folder, where
    the copy is `<prefix>-<date>-<time>.db`: a school's slug, or "trainer")."""
    if not os.path.isfile(database):
        raise BackupError(f"the database {database} does not exist")
    if os.path.isdir(destination):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        destination = os.path.join(destination, f"{prefix}-{stamp}.db")
    folder = os.path.dirname(os.path.abspath(destination))
    if not os.path.isdir(folder):
        raise BackupError(f"the folder {folder} does not exist")
    partial = destination + ".partial"
    if os.path.exists(partial):
        os.unlink(partial)
    # Created 0600 before SQLite opens it, so the copy is never readable by others, not even
    # while it is written.
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
    source = sqlite3.connect(database, timeout=BUSY_TIMEOUT_S)
    try:
        target = sqlite3.connect(partial)
        try:
            source.backup(target, pages=-1)
            # One self-contained file: no -wal beside it to lose when it is copied away.
            target.execute("PRAGMA journal_mode = DELETE")
        finally:
            target.close()
    finally:
        source.close()
    try:
        verify(partial)
    except BackupError:
        os.unlink(partial)
        raise
    _fsync(partial)
    os.replace(partial, destination)
    _fsync_folder(folder)
    return verify(destination)


def restore(backup_path: str, database: str, keep_current: bool = True) -> tuple[Verified, str | None]:
    """Puts a verified backup in place of the live database, online.

    The backup API writes into the live file under its write lock, so server processes simply
    see the restored data from their next transaction on (SQLite notices the changed file and
    schema on connections they keep open too). The current data is first saved beside
    the database (returned path) unless keep_current is False.
    """
    checked = verify(backup_path)
    saved = None
    if keep_current and os.path.isfile(database):
        saved = backup(database, f"{database}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
    source = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    try:
        target = sqlite3.connect(database, timeout=BUSY_TIMEOUT_S)
        try:
            source.backup(target, pages=-1)
        finally:
            target.close()
    finally:
        source.close()
    return checked, saved.path if saved else None


def _fsync(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: str) -> None:
    # The rename is durable only once the folder's entry is on disk.
    try:
        _fsync(folder)
    except OSError:
        pass
