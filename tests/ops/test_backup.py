"""Backups (issue 8): online, consistent, verified copies, and restores from them."""

import json
import sqlite3
import threading

import pytest

from trainer.cli.main import main
from trainer.ops.backup import BackupError, backup, restore, verify


def test_a_backup_is_a_verified_copy_with_the_same_rows(app, make, tmp_path):
    make.pupil(make.klass(make.teacher()), "Ada")
    done = backup(app.config["DATABASE"], str(tmp_path / "copy.db"))
    assert done.tables["pupils"] == 1 and done.migrations >= 5
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT name FROM pupils").fetchall() == [("Ada",)]
    assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file


def test_a_backup_into_a_folder_gets_a_dated_name(app, tmp_path):
    done = backup(app.config["DATABASE"], str(tmp_path))
    assert done.path.startswith(str(tmp_path / "trainer-")) and done.path.endswith(".db")


def test_a_backup_taken_while_pupils_write_is_consistent(app, make, tmp_path):
    class_id = make.klass(make.teacher())
    stop = threading.Event()

    def writer():
        conn = sqlite3.connect(app.config["DATABASE"], timeout=30, isolation_level=None)
        n = 0
        while not stop.is_set():
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(
                "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at)"
                " VALUES (?, ?, ?, 'sun,tree,boat', 'now')",
                [class_id, f"P{n}", f"p{n}"],
            )
            conn.execute("COMMIT")
            n += 1
        conn.close()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        copies = [backup(app.config["DATABASE"], str(tmp_path / f"b{i}.db")) for i in range(5)]
    finally:
        stop.set()
        thread.join()
    counts = [c.tables["pupils"] for c in copies]
    assert counts == sorted(counts) and counts[-1] > 0  # every copy one moment, in order


@pytest.mark.parametrize(
    "content, message",
    [
        (b"not a database at all, just text" * 40, "not an SQLite database"),
        (None, "does not exist"),
    ],
)
def test_verify_refuses_what_is_not_a_good_backup(tmp_path, content, message):
    path = tmp_path / "bad.db"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(BackupError, match=message):
        verify(str(path))


def test_verify_refuses_a_database_of_another_program(tmp_path):
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE notes (x)")
    with pytest.raises(BackupError, match="not a TWEAK Trainer database"):
        verify(str(other))


def test_verify_refuses_a_damaged_copy(app, make, tmp_path):
    teacher = make.teacher()
    class_ids = [make.klass(teacher, "Class A"), make.klass(teacher, "Class B")]  # 30 each: a class holds 40
    for i in range(60):
        make.pupil(class_ids[i % 2], f"Kid {chr(65 + i % 26)}{chr(97 + i // 26)}")
    backup(app.config["DATABASE"], str(tmp_path / "good.db"))
    data = bytearray((tmp_path / "good.db").read_bytes())
    page = 4096
    data[2 * page : 3 * page] = b"\xff" * page  # scribble over a b-tree page
    (tmp_path / "bad.db").write_bytes(bytes(data))
    with pytest.raises(BackupError):
        verify(str(tmp_path / "bad.db"))


def test_restore_brings_back_the_backup_and_keeps_the_data_it_replaced(app, make, tmp_path):
    class_id = make.klass(make.teacher())
    make.pupil(class_id, "Ada")
    backup(app.config["DATABASE"], str(tmp_path / "before.db"))
    make.pupil(class_id, "Bram")
    checked, saved = restore(str(tmp_path / "before.db"), app.config["DATABASE"])
    live = sqlite3.connect(app.config["DATABASE"])
    assert [r[0] for r in live.execute("SELECT name FROM pupils ORDER BY name")] == ["Ada"]
    kept = sqlite3.connect(saved)
    assert [r[0] for r in kept.execute("SELECT name FROM pupils ORDER BY name")] == ["Ada", "Bram"]


def test_backup_and_restore_commands(app, make, tmp_path, capsys):
    make.pupil(make.klass(make.teacher()), "Ada")
    database = app.config["DATABASE"]
    assert main(["backup", str(tmp_path / "b.db"), "--db", database]) == 0
    assert json.loads(capsys.readouterr().out)["tables"]["pupils"] == 1
    assert main(["restore", str(tmp_path / "b.db"), "--db", database]) == 0
    assert json.loads(capsys.readouterr().out)["restored"] == str(tmp_path / "b.db")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["backup", "{tmp}/b.db", "--db", "{tmp}/none.db"], "no database at"),
        (["backup", "{tmp}/no/such/folder/b.db", "--db", "{db}"], "does not exist"),
        (["restore", "{tmp}/none.db", "--db", "{db}"], "does not exist"),
    ],
)
def test_backup_and_restore_bad_input_is_exit_2(app, tmp_path, capsys, argv, message):
    argv = [a.format(tmp=tmp_path, db=app.config["DATABASE"]) for a in argv]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
