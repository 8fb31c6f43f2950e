"""KEEP_CONNECTIONS (as `trainer serve` runs): each server thread reuses its own connection,
one request at a time, and a request never inherits another's writes or open transaction."""

import threading

from trainer.store import group_commit
from trainer.store.db import write_transaction
from trainer.web.db import get_db
from web_helpers import make_app


def kept_app(tmp_path):
    return make_app(tmp_path / "kept.db", KEEP_CONNECTIONS=True)


def test_a_thread_reuses_its_connection_and_other_threads_get_their_own(tmp_path):
    app = kept_app(tmp_path)
    with app.test_request_context("/"):
        first = get_db().conn
    with app.test_request_context("/"):
        assert get_db().conn is first
        assert get_db().execute("PRAGMA foreign_keys").fetchone()[0] == 1
    other = []

    def in_another_thread():
        with app.test_request_context("/"):
            other.append(get_db().conn)

    worker = threading.Thread(target=in_another_thread)
    worker.start()
    worker.join()
    assert other[0] is not first


def test_only_a_request_that_wrote_waits_for_the_group_fsync(tmp_path, monkeypatch):
    # The reused connection's total_changes keeps counting across requests: a read-only request
    # after a writing one must not pay for an fsync (issue 8, durability).
    app = kept_app(tmp_path)
    calls = []
    monkeypatch.setattr(group_commit.WalSyncer, "wait_durable", lambda self: calls.append(1))
    with app.test_request_context("/"):
        with write_transaction(get_db()) as db:
            db.execute("INSERT INTO maintenance (task, last_run) VALUES ('x', 0)")
        app.process_response(app.response_class("wrote"))
    assert calls == [1]
    with app.test_request_context("/"):
        get_db().execute("SELECT count(*) FROM maintenance").fetchone()
        app.process_response(app.response_class("read"))
    assert calls == [1]


def test_a_request_that_fails_half_way_leaves_no_open_transaction_behind(tmp_path):
    app = kept_app(tmp_path)
    with app.app_context():
        db = get_db()
        db.conn.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO maintenance (task, last_run) VALUES ('half', 0)")
    # The teardown of the failed request rolled back: the next request can write, and the
    # half-done row is gone.
    with app.app_context():
        db = get_db()
        assert not db.conn.in_transaction
        assert db.execute("SELECT count(*) FROM maintenance WHERE task = 'half'").fetchone()[0] == 0
        with write_transaction(db):
            db.execute("INSERT INTO maintenance (task, last_run) VALUES ('next', 0)")
    with app.app_context():
        assert get_db().execute("SELECT count(*) FROM maintenance WHERE task = 'next'").fetchone()[0] == 1


def test_a_restore_while_the_server_runs_is_seen_by_the_connections_it_keeps(tmp_path):
    # docs/deploy.md: `trainer restore` works while the app runs (issue 8.5).
    from trainer.ops.backup import backup, restore

    app = kept_app(tmp_path)
    with app.app_context():
        with write_transaction(get_db()) as db:
            db.execute("INSERT INTO maintenance (task, last_run) VALUES ('in the backup', 0)")
    backup(app.config["DATABASE"], str(tmp_path / "copy.db"))
    with app.app_context():
        with write_transaction(get_db()) as db:
            db.execute("INSERT INTO maintenance (task, last_run) VALUES ('after the backup', 0)")
    restore(str(tmp_path / "copy.db"), app.config["DATABASE"])
    with app.app_context():
        tasks = {row[0] for row in get_db().execute("SELECT task FROM maintenance")}
    assert "in the backup" in tasks and "after the backup" not in tasks
