"""Group commit: every acknowledged write on disk, one fsync shared by many requests.

With `synchronous=FULL` SQLite fsyncs the write-ahead log inside every COMMIT, while the
write lock is held: on a school server's disk (~4 ms an fsync) that caps the whole school
at a couple of hundred writes a second, one after the other. Instead, request connections
commit with `synchronous=NORMAL` (the log is written, not yet synced, and the lock released
at once), and before a request that wrote anything is answered, `wait_durable` makes sure an
fsync of the log *that started after the commit* has finished. Requests that commit while
one fsync runs share the next one. An acknowledged answer is therefore on disk exactly as
with FULL; what is unacknowledged may be lost on power failure, as with FULL.

Why an fsync of the -wal file is enough: a WAL transaction is durable once its frames,
commit frame included, are on stable storage. If a checkpoint moved them into the database
file first and the log was reset, the checkpoint itself synced the database file (SQLite
does that at every synchronous level but OFF).
"""

from __future__ import annotations

import os
import threading

_syncers: dict[tuple[int, str], "WalSyncer"] = {}
_syncers_lock = threading.Lock()


class WalSyncer:
    """One per database and process: waiters ask for an fsync that starts after their commit."""

    def __init__(self, database: str):
        self.wal = database + "-wal"
        self._cond = threading.Condition()
        self._started = 0  # fsyncs begun
        self._finished = 0  # the latest fsync finished (its number)
        self._running = False

    def wait_durable(self) -> None:
        with self._cond:
            needed = self._started + 1  # one that has not begun yet: it covers our commit
            while self._finished < needed:
                if self._running:
                    self._cond.wait()
                    continue
                self._running = True
                self._started += 1
                number = self._started
                self._cond.release()
                try:
                    self._fsync()
                finally:
                    self._cond.acquire()
                    self._running = False
                    self._finished = number
                    self._cond.notify_all()

    def _fsync(self) -> None:
        try:
            # Opened each time: the log file may have been replaced since the last time.
            fd = os.open(self.wal, os.O_RDONLY)
        except FileNotFoundError:
            return  # no log: the last connection checkpointed everything into the file
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def syncer(database: str) -> WalSyncer:
    key = (os.getpid(), database)
    with _syncers_lock:
        if key not in _syncers:
            _syncers[key] = WalSyncer(database)
        return _syncers[key]
