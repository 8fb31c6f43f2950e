"""`trainer school add | list | remove`, and `--school` for backup, restore and purge (issue 19):
a new school is complete and closed to self-registration, its printed link makes the first
administrator, bad input exits 2 with one line, and removing keeps a backup."""

import json
import os
import subprocess
import sys

import pytest

from school_helpers import DOMAIN, SchoolClient, add_school, dispatcher, dump, school_path
from trainer.store import school_settings, teachers
from trainer.store.db import connect

TRAINER = os.path.join(os.path.dirname(sys.executable), "trainer")
ADMIN = {
    "display_name": "Ms Head",
    "email": "head@oak.example",
    "password": "a long enough password",
    "password2": "a long enough password",
}


def run(*argv, stdin=None):
    return subprocess.run([TRAINER, *argv], capture_output=True, text=True, input=stdin)


def test_add_makes_a_complete_school_closed_to_self_registration(tmp_path):
    folder = tmp_path / "schools"  # made by the first `add`
    link = add_school(folder, "Oak Lane Primary", "oak")
    assert link.startswith(f"http://oak.{DOMAIN}/invitations/")
    path = school_path(folder, "oak")
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert [n for n in os.listdir(folder) if not n.startswith(".")] == ["oak.sqlite3"]
    assert not [n for n in os.listdir(folder) if n.startswith(".oak")]  # no temporary file left
    db = connect(path)
    try:
        assert school_settings.get(db, "name") == "Oak Lane Primary"
        assert school_settings.get(db, "open_registration") == "0"
        assert db["puzzles"].count > 0 and teachers.count(db) == 0
        (invitation,) = db.execute("SELECT role, created_by FROM invitations").fetchall()
        assert invitation == ("admin", None)
    finally:
        db.close()


def test_the_printed_link_makes_the_first_administrator_once(tmp_path):
    link = add_school(tmp_path, "Oak Lane Primary", "oak")
    token_path = link.split(DOMAIN, 1)[1]
    oak = SchoolClient(dispatcher(tmp_path), f"http://oak.{DOMAIN}")
    assert oak.post("/register", {**ADMIN}).status_code == 403  # registration is closed
    opened = oak.get(token_path)
    assert opened.status_code == 303 and opened.headers["Location"] == "/invitation"
    assert oak.get("/invitation").status_code == 200
    response = oak.post("/invitation", ADMIN)
    assert response.status_code == 303 and response.headers["Location"] == "/classes"
    assert oak.get("/school").status_code == 200  # an administrator's page
    db = connect(school_path(tmp_path, "oak"))
    try:
        assert teachers.by_email(db, ADMIN["email"])["role"] == "admin"
    finally:
        db.close()
    other = SchoolClient(dispatcher(tmp_path), f"http://oak.{DOMAIN}")
    assert other.get(token_path).status_code == 410  # used up


def test_the_link_works_in_path_mode_too(tmp_path):
    out = run("school", "add", "Birch", "--schools", str(tmp_path), "--base-url", "https://tweak.test/{slug}")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("https://tweak.test/birch/invitations/")
    birch = SchoolClient(dispatcher(tmp_path, "path"), "http://tweak.test/birch")
    opened = birch.get(out.stdout.strip().split("tweak.test", 1)[1][len("/birch") :])
    assert opened.status_code == 303 and opened.headers["Location"] == "/birch/invitation"
    response = birch.post("/invitation", ADMIN)
    assert response.status_code == 303 and response.headers["Location"] == "/birch/classes"


def test_list_prints_slug_name_teachers_and_pupils(tmp_path):
    add_school(tmp_path, "Oak Lane Primary", "oak")
    add_school(tmp_path, "Birch Road", "birch", "--demo")
    out = run("school", "list", "--schools", str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = [line.split(None, 3) for line in out.stdout.splitlines()]
    assert lines == [
        ["slug", "teachers", "pupils", "name"],
        ["birch", "1", "6", "Birch Road"],
        ["oak", "0", "0", "Oak Lane Primary"],
    ]
    assert os.path.exists(school_path(tmp_path, "birch") + ".demo-login")


def test_remove_keeps_a_backup_that_restores_the_school(tmp_path):
    add_school(tmp_path, "Birch Road", "birch", "--demo")
    before = dump(school_path(tmp_path, "birch"))
    out = run("school", "remove", "birch", "--yes", "--schools", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert not os.path.exists(school_path(tmp_path, "birch"))
    (kept,) = os.listdir(tmp_path / "removed")
    back = run("restore", str(tmp_path / "removed" / kept), "--school", "birch", "--schools", str(tmp_path))
    assert back.returncode == 0, back.stderr
    assert dump(school_path(tmp_path, "birch")) == before
    assert oct(os.stat(school_path(tmp_path, "birch")).st_mode & 0o777) == "0o600"


def test_remove_asks_for_confirmation(tmp_path):
    add_school(tmp_path, "Birch Road", "birch")
    out = run("school", "remove", "birch", "--schools", str(tmp_path), stdin="birch\n")
    assert out.returncode == 2 and "--yes" in out.stderr  # not a terminal: it will not guess
    assert os.path.exists(school_path(tmp_path, "birch"))


@pytest.fixture(scope="module")
def one_school(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schools")
    add_school(folder, "Oak", "oak")
    return folder


@pytest.mark.parametrize(
    "argv, message",
    [
        (["school", "add", "Oak", "--slug", "Bad_Slug"], "is not a school slug"),
        (["school", "add", "Oak", "--slug", "www"], "is not a school slug"),
        (["school", "add", "Oak", "--slug", "a--b"], "is not a school slug"),
        (["school", "add", "Oak Lane", "--slug", "oak"], "already a school 'oak'"),
        (["school", "add", "   "], "name is empty"),
        (["school", "add", "Школа"], "give --slug"),
        (["school", "add", "Oak\x07"], "control characters"),
        (["school", "add", "X" * 101], "longer than 100"),
        (["school", "add", "Oak", "--slug", "elm", "--base-url", "ftp://x"], "--base-url"),
        (["school", "remove", "elm", "--yes"], "no school 'elm'"),
        (["school", "remove", "../oak", "--yes"], "is not a school slug"),
        (["backup", "/tmp", "--school", "elm"], "no school 'elm'"),
        (["backup", "/tmp", "--school", "oak", "--db", "x.db"], "either --db or --school"),
        (["purge", "--school", "elm"], "no school 'elm'"),
        (["serve", "--schools", "/nonexistent/folder"], "does not exist"),
        (["serve", "--domain", "bad_domain!"], "not a host name"),
    ],
)
def test_bad_input_exits_2_with_one_line(one_school, argv, message):
    tmp_path = one_school
    if "--schools" not in argv:
        argv = [*argv, "--schools", str(tmp_path)]
    out = run(*argv)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert sorted(n for n in os.listdir(tmp_path) if not n.startswith(".")) == ["oak.sqlite3"]


def test_list_and_remove_of_a_missing_folder_exit_2(tmp_path):
    for argv in (["school", "list"], ["school", "remove", "oak", "--yes"]):
        out = run(*argv, "--schools", str(tmp_path / "none"))
        assert out.returncode == 2 and "Traceback" not in out.stderr


def test_backup_and_purge_take_a_school(tmp_path):
    add_school(tmp_path, "Oak", "oak")
    add_school(tmp_path, "Birch", "birch", "--demo")
    out = run("backup", str(tmp_path), "--school", "birch", "--schools", str(tmp_path))
    assert out.returncode == 0, out.stderr
    made = json.loads(out.stdout)
    assert os.path.basename(made["path"]).startswith("birch-") and made["tables"]["pupils"] == 6
    purged = run("purge", "--schools", str(tmp_path))
    assert purged.returncode == 0, purged.stderr
    assert [json.loads(line)["school"] for line in purged.stdout.splitlines()] == ["birch", "oak"]
    one = run("purge", "--school", "oak", "--schools", str(tmp_path))
    assert one.returncode == 0 and "deleted" in json.loads(one.stdout)
