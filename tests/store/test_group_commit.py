"""Group commit (issue 8, durability): a request that wrote is answered only after an fsync of
the write-ahead log that began after its commit; concurrent requests share fsyncs."""

import threading

import pytest

from trainer.store import group_commit
from trainer.web.db import get_db, unsynced_writes


def test_each_waiter_returns_after_an_fsync_that_started_after_it_asked(tmp_path, monkeypatch):
    """Ordered by events, not by the clock: the first fsync is held until all 24 requests have
    asked, so the others must share what follows it (at most two more: one that a late
    asker finds running, and the one after it)."""
    syncer = group_commit.WalSyncer(str(tmp_path / "x.db"))
    log = []  # ("ask", n), ("start", k), ("end", k), ("answer", n), in the order they happened
    lock = threading.Lock()
    first_fsync_may_end, everyone_asked = threading.Event(), threading.Event()

    def held_fsync():
        with lock:
            k = sum(kind == "start" for kind, _ in log)
            log.append(("start", k))
        if k == 0:
            assert first_fsync_may_end.wait(10)
        with lock:
            log.append(("end", k))

    monkeypatch.setattr(syncer, "_fsync", held_fsync)

    def request(n):
        with lock:
            log.append(("ask", n))
            if sum(kind == "ask" for kind, _ in log) == 24:
                everyone_asked.set()
        syncer.wait_durable()
        with lock:
            log.append(("answer", n))

    threads = [threading.Thread(target=request, args=(n,)) for n in range(24)]
    for t in threads:
        t.start()
    assert everyone_asked.wait(10)
    first_fsync_may_end.set()
    for t in threads:
        t.join()
    at = {event: i for i, event in enumerate(log)}
    fsyncs = [k for kind, k in log if kind == "start"]
    assert 2 <= len(fsyncs) <= 3  # shared, not one per request
    for n in range(24):
        assert any(at["ask", n] < at["start", k] and at["end", k] < at["answer", n] for k in fsyncs), n


@pytest.fixture
def syncs(monkeypatch) -> list[str]:
    """The log files a request waited to see synced, in order (the wait itself left out)."""
    calls: list[str] = []
    monkeypatch.setattr(group_commit.WalSyncer, "wait_durable", lambda self: calls.append(self.wal))
    return calls


def test_requests_commit_without_syncing_and_sync_before_answering_when_they_wrote(app, syncs):
    with app.test_request_context("/"):
        db = get_db()
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        app.process_response(app.response_class("read only"))
        assert syncs == []
        db.execute("INSERT INTO maintenance (task, last_run) VALUES ('x', 0)")
        db.conn.commit()
        app.process_response(app.response_class("wrote"))
        assert syncs == [app.config["DATABASE"] + "-wal"]


def test_writes_made_unsynced_do_not_wait_but_any_other_write_of_the_request_does(app, syncs):
    """A page view's count for its hourly limit (the parent page, issue 50) need not reach the
    disk before the answer; it changes nothing for the request's other writes."""
    with app.test_request_context("/"):
        with unsynced_writes() as db:
            db.execute("INSERT INTO maintenance (task, last_run) VALUES ('counted', 0)")
            db.conn.commit()
        app.process_response(app.response_class("counted only"))
        assert syncs == []
        db.execute("INSERT INTO maintenance (task, last_run) VALUES ('kept', 0)")
        db.conn.commit()
        app.process_response(app.response_class("counted, then wrote"))
        assert syncs == [app.config["DATABASE"] + "-wal"]


def test_a_parent_page_view_is_counted_without_waiting_for_the_disk(app, client, auth, make, db, syncs):
    from parent_helpers import parent_link, print_letters

    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Ada")
    print_letters(client, class_id)
    link = parent_link(app, db, pupil_id)
    syncs.clear()  # the teacher's requests before
    client = app.test_client()  # the family's browser
    assert client.get(f"/family/{link}").status_code == 200
    assert client.get("/family/" + "x" * len(link)).status_code == 404  # a made-up link, counted too
    assert syncs == []
    counted = db.execute("SELECT count(*) FROM login_failures WHERE key LIKE '%parent%'").fetchone()[0]
    assert counted == 2


def test_without_group_commit_every_commit_is_synced(tmp_path):
    from web_helpers import make_app

    app = make_app(tmp_path / "full.db", GROUP_COMMIT=False)
    with app.test_request_context("/"):
        assert get_db().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_the_log_is_really_synced(tmp_path, monkeypatch):
    import os

    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(os.readlink(f"/proc/self/fd/{fd}")), real(fd)))
    path = tmp_path / "y.db"
    (tmp_path / "y.db-wal").write_bytes(b"frames")
    group_commit.WalSyncer(str(path)).wait_durable()
    assert synced == [str(tmp_path / "y.db-wal")]
