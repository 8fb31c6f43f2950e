"""Group commit (issue 8, durability): a request that wrote is answered only after an fsync of
the write-ahead log that began after its commit; concurrent requests share fsyncs."""
import threading
import time

from trainer.store import group_commit
from trainer.web.db import get_db


def test_each_waiter_returns_after_an_fsync_that_started_after_it_asked(tmp_path, monkeypatch):
    syncer = group_commit.WalSyncer(str(tmp_path / "x.db"))
    log = []            # (event, time)
    lock = threading.Lock()

    def slow_fsync():
        with lock:
            log.append(("start", time.perf_counter()))
        time.sleep(0.02)
        with lock:
            log.append(("end", time.perf_counter()))

    monkeypatch.setattr(syncer, "_fsync", slow_fsync)
    asked, answered = {}, {}

    def request(n):
        time.sleep(0.001 * (n % 7))
        asked[n] = time.perf_counter()
        syncer.wait_durable()
        answered[n] = time.perf_counter()

    threads = [threading.Thread(target=request, args=(n,)) for n in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fsyncs = [(s, e) for (kind, s), (_, e) in zip(log[::2], log[1::2])]
    assert 1 < len(fsyncs) < 24                         # shared, not one per request
    for n in range(24):
        assert any(asked[n] <= start and end <= answered[n] for start, end in fsyncs), n


def test_requests_commit_without_syncing_and_sync_before_answering_when_they_wrote(app, monkeypatch):
    calls = []
    monkeypatch.setattr(group_commit.WalSyncer, "wait_durable", lambda self: calls.append(self.wal))
    with app.test_request_context("/"):
        db = get_db()
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1          # NORMAL
        app.process_response(app.response_class("read only"))
        assert calls == []
        db.execute("INSERT INTO maintenance (task, last_run) VALUES ('x', 0)")
        db.conn.commit()
        app.process_response(app.response_class("wrote"))
        assert calls == [app.config["DATABASE"] + "-wal"]


def test_without_group_commit_every_commit_is_synced(tmp_path):
    from web_helpers import make_app
    app = make_app(tmp_path / "full.db", GROUP_COMMIT=False)
    with app.test_request_context("/"):
        assert get_db().execute("PRAGMA synchronous").fetchone()[0] == 2     # FULL


def test_the_log_is_really_synced(tmp_path, monkeypatch):
    import os
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(os.readlink(f"/proc/self/fd/{fd}")), real(fd)))
    path = tmp_path / "y.db"
    (tmp_path / "y.db-wal").write_bytes(b"frames")
    group_commit.WalSyncer(str(path)).wait_durable()
    assert synced == [str(tmp_path / "y.db-wal")]
