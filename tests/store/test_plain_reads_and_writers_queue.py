"""The store's connection (issue 36.3, 36.4): a SELECT through `query` runs as a plain cursor
read, without sqlite-utils' savepoint around it, and gives the same rows; the writers of one
process queue on a Python lock before SQLite's write lock, and the processes' head writers on
a lock of the operating system's, so none waits in SQLite's sleeping busy handler
(bench/write_load.py measures the difference)."""

import multiprocessing
import os
import sqlite3
import stat
import threading

import pytest

from trainer.store import db as store_db
from trainer.store.db import connect, write_transaction


@pytest.fixture
def path(tmp_path):
    db = connect(str(tmp_path / "school.db"))
    db.execute("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)")
    db.execute("INSERT INTO things (name, n) VALUES ('a', 1), ('b', 2)")
    db.close()
    return str(tmp_path / "school.db")


def traced(db) -> list[str]:
    seen: list[str] = []
    db.conn.set_trace_callback(seen.append)
    return seen


def test_a_select_is_one_statement_and_gives_the_same_rows(path):
    db = connect(path)
    seen = traced(db)
    rows = list(db.query("SELECT id, name, n AS name FROM things WHERE n >= ? ORDER BY id", [1]))
    assert seen == ["SELECT id, name, n AS name FROM things WHERE n >= 1 ORDER BY id"]
    # Duplicate column names are told apart as sqlite-utils does.
    assert rows == [{"id": 1, "name": "a", "name_2": 1}, {"id": 2, "name": "b", "name_2": 2}]


def test_what_is_not_a_select_still_goes_through_sqlite_utils_guard(path):
    db = connect(path)
    with pytest.raises(ValueError):
        list(db.query("DELETE FROM things"))
    assert db.execute("SELECT count(*) FROM things").fetchone()[0] == 2
    assert list(db.query("WITH t AS (SELECT 1 AS one) SELECT one FROM t")) == [{"one": 1}]


def holding_the_write_lock(path):
    """A writer of this process inside its transaction until `release` is set."""
    inside, release = threading.Event(), threading.Event()

    def hold():
        db = connect(path, "NORMAL")
        with write_transaction(db):
            db.execute("UPDATE things SET n = n + 10 WHERE id = 1")
            inside.set()
            release.wait(10)
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert inside.wait(10)
    return thread, release


def waits_before_sqlites_lock_then_writes(path, let_go) -> None:
    """A second writer, while the first holds the write lock, waits without asking SQLite for
    it (no BEGIN IMMEDIATE yet: not in the busy handler), and writes once `let_go()` ran."""
    second = connect(path, "NORMAL")
    seen = traced(second)
    done = threading.Event()

    def write():
        with write_transaction(second):
            second.execute("UPDATE things SET n = n + 100 WHERE id = 2")
        done.set()

    writer = threading.Thread(target=write)
    writer.start()
    assert not done.wait(0.3)
    assert "BEGIN IMMEDIATE" not in seen  # queued before SQLite's lock, not polling it
    let_go()
    assert done.wait(10)
    writer.join()
    assert seen[0] == "BEGIN IMMEDIATE" and seen[-1] == "COMMIT"
    assert [r[0] for r in second.execute("SELECT n FROM things ORDER BY id")] == [11, 102]


def test_a_second_writer_of_the_process_waits_in_python_not_in_sqlite(path):
    thread, release = holding_the_write_lock(path)
    waits_before_sqlites_lock_then_writes(path, lambda: (release.set(), thread.join()))


def test_without_the_queue_every_writer_goes_to_sqlite_at_once(path, monkeypatch):
    """The comparison bench/write_load.py makes: the second writer sits in SQLite's busy handler."""
    monkeypatch.setattr(store_db, "QUEUE_WRITERS", False)
    thread, release = holding_the_write_lock(path)
    second = connect(path, "NORMAL")
    seen = traced(second)
    writer = threading.Thread(target=lambda: second.execute("BEGIN IMMEDIATE") and second.conn.rollback())
    writer.start()
    writer.join(0.3)
    assert seen == ["BEGIN IMMEDIATE"]
    release.set()
    writer.join(10)
    thread.join()


def test_a_writer_queued_longer_than_the_busy_timeout_is_refused_and_changes_nothing(path, monkeypatch):
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_MS", 100)
    thread, release = holding_the_write_lock(path)
    second = connect(path, "NORMAL")
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            with write_transaction(second):
                second.execute("UPDATE things SET n = 0")
    finally:
        release.set()
        thread.join()
    assert not second.conn.in_transaction
    assert [r[0] for r in second.execute("SELECT n FROM things ORDER BY id")] == [11, 2]
    with write_transaction(second):  # and the queue is free again
        second.execute("UPDATE things SET n = 5 WHERE id = 2")
    assert second.execute("SELECT n FROM things WHERE id = 2").fetchone()[0] == 5


def another_process_holding_the_write_lock(path, die=False):
    """A worker process inside its write transaction until the pipe says go (or, with `die`,
    killed there); returns (process, go)."""
    ctx = multiprocessing.get_context("fork")
    inside, go = ctx.Event(), ctx.Event()

    def hold():
        db = connect(path, "NORMAL")
        with write_transaction(db):
            db.execute("UPDATE things SET n = n + 10 WHERE id = 1")
            inside.set()
            go.wait(10)
            if die:
                os._exit(1)  # the operating system lets the lock go with the process

    process = ctx.Process(target=hold)
    process.start()
    assert inside.wait(10)
    return process, go


def test_a_writer_of_another_process_waits_for_the_lock_outside_sqlite(path):
    """Issue 50: the workers' head writers meet on the operating system's lock, handed on the
    moment it is free, and not in SQLite's busy handler, which sleeps up to 100 ms a try."""
    process, go = another_process_holding_the_write_lock(path)
    waits_before_sqlites_lock_then_writes(path, lambda: (go.set(), process.join(10)))
    assert stat.S_IMODE(os.stat(path + "-writers").st_mode) == 0o600


def test_a_writer_that_dies_holding_the_lock_lets_the_others_write(path):
    process, go = another_process_holding_the_write_lock(path, die=True)
    go.set()
    process.join(10)
    assert process.exitcode == 1
    db = connect(path, "NORMAL")
    with write_transaction(db):
        db.execute("UPDATE things SET n = 7 WHERE id = 2")
    # The dead writer's transaction never committed.
    assert [r[0] for r in db.execute("SELECT n FROM things ORDER BY id")] == [1, 7]


def test_a_writer_waiting_on_another_process_past_the_busy_timeout_is_refused(path, monkeypatch):
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_MS", 100)
    process, go = another_process_holding_the_write_lock(path)
    second = connect(path, "NORMAL")
    seen = traced(second)
    try:
        with pytest.raises(sqlite3.OperationalError, match="other processes' writers"):
            with write_transaction(second):
                second.execute("UPDATE things SET n = 0")
    finally:
        go.set()
        process.join(10)
    assert seen == [] and not second.conn.in_transaction
    with write_transaction(second):  # this process's queue is free again
        second.execute("UPDATE things SET n = 5 WHERE id = 2")
    assert [r[0] for r in second.execute("SELECT n FROM things ORDER BY id")] == [11, 5]
