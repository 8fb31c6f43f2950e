"""The data layer: pragmas, one connection per request, migrations, write transactions."""

import sqlite3
import threading

import pytest
from flask import g

from trainer.store import migrations
from trainer.store.db import connect, write_transaction
from trainer.web.db import get_db


def test_every_connection_enforces_foreign_keys(db):
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_database_is_in_wal_mode(db):
    assert db.journal_mode == "wal"


def test_busy_timeout_is_set(db):
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000


def test_one_connection_per_request_closed_on_teardown(app):
    with app.app_context():
        first = get_db()
        assert get_db() is first
        conn = first.conn
    with pytest.raises(sqlite3.ProgrammingError):
        conn.execute("SELECT 1")
    with app.app_context():
        assert "db" not in g


def test_migrations_create_the_schema(db):
    assert {"teachers", "classes", "pupils", "auth_sessions", "login_throttle"} <= set(db.table_names())


def test_migrations_are_recorded_and_applied_once(app, db):
    applied = [m.name for m in migrations.migrations.applied(db)]
    assert applied == [m.name for m in migrations.migrations._migrations]
    migrations.apply(db)
    assert [m.name for m in migrations.migrations.applied(db)] == applied
    assert migrations.migrations.pending(db) == []


def test_a_new_app_on_an_existing_database_keeps_the_data(app, make, tmp_path):
    from web_helpers import make_app

    teacher = make.teacher(email="keep@school.example")
    make_app(app.config["DATABASE"])
    again = connect(app.config["DATABASE"])
    assert again.execute("SELECT email FROM teachers WHERE id = ?", [teacher]).fetchone()[0] == "keep@school.example"
    again.close()


def test_write_transaction_commits(db):
    with write_transaction(db):
        db.execute("INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES ('a', 1, 0, 0)")
    assert db.execute("SELECT count(*) FROM login_throttle").fetchone()[0] == 1


def test_write_transaction_rolls_back_on_error(db):
    with pytest.raises(RuntimeError):
        with write_transaction(db):
            db.execute("INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES ('a', 1, 0, 0)")
            raise RuntimeError("boom")
    assert db.execute("SELECT count(*) FROM login_throttle").fetchone()[0] == 0


def test_write_transaction_takes_the_write_lock_immediately(app, db):
    statements = []
    db.conn.set_trace_callback(statements.append)
    with write_transaction(db):
        pass
    db.conn.set_trace_callback(None)
    assert statements[0] == "BEGIN IMMEDIATE"


def test_concurrent_write_transactions_wait_instead_of_failing(app):
    errors = []

    def bump(n):
        conn = connect(app.config["DATABASE"])
        try:
            for _ in range(20):
                with write_transaction(conn):
                    conn.execute(
                        "INSERT INTO login_throttle (key, failures, locked_until, updated_at)"
                        " VALUES ('shared', 1, 0, 0) ON CONFLICT(key) DO UPDATE SET failures = failures + 1"
                    )
        except Exception as err:  # any failure is the test's finding
            errors.append(err)
        finally:
            conn.close()

    threads = [threading.Thread(target=bump, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    check = connect(app.config["DATABASE"])
    assert check.execute("SELECT failures FROM login_throttle WHERE key = 'shared'").fetchone()[0] == 80
    check.close()
