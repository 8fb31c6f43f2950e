"""`trainer serve`: options, bad input, demo data, and a real server answering."""

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from ports import free_port
from trainer.cli.main import build_parser, main
from trainer.demo import seed as demo
from trainer.store import migrations
from trainer.store.db import connect


def test_serve_is_a_documented_command():
    parser = build_parser()
    help_text = parser.format_help()
    assert "serve" in help_text
    args = parser.parse_args(["serve", "--host", "0.0.0.0", "--port", "8080", "--db", "x.db"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 8080, "x.db")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["serve", "--port", "0"], "--port must be between 1 and 65535"),
        (["serve", "--port", "70000"], "--port must be between 1 and 65535"),
        (["serve", "--db", "/no/such/folder/x.db"], "does not exist"),
        (["serve", "--port", "8080", "--push-port", "8080"], "--push-port must be 0 (none) or another port"),
        (["serve", "--push-port", "70000"], "--push-port must be 0 (none) or another port"),
    ],
)
def test_bad_options_exit_2_with_one_line(capsys, monkeypatch, argv, message):
    monkeypatch.delenv("TRAINER_PUSH", raising=False)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1
    # A refused start points no later app of this process at a live channel.
    assert "TRAINER_PUSH" not in os.environ


def test_demo_data_is_created_once_on_an_empty_database(tmp_path):
    db = connect(str(tmp_path / "d.db"))
    migrations.apply(db)
    shown = demo.ensure_demo_data(db, demo.login_file_for(str(tmp_path / "d.db")))
    assert shown["email"] == demo.DEMO_EMAIL and len(shown["password"]) >= 16
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 6
    again = demo.ensure_demo_data(db, demo.login_file_for(str(tmp_path / "d.db")))
    assert "password" not in again and again["file"] == demo.login_file_for(str(tmp_path / "d.db"))
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 1
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 6
    db.close()


def test_demo_data_is_not_added_to_a_database_in_use(tmp_path, make):
    make.teacher()
    assert demo.ensure_demo_data(make.db, str(tmp_path / "x.demo-login")) is None
    assert make.db.execute("SELECT count(*) FROM classes").fetchone()[0] == 0


def _first_answer(port: int, wait: float = 60.0) -> bytes | None:
    """/join's body once the server answers. A first start fills the puzzle bank and makes the
    demo school (6 s on a quiet machine, far more beside the rest of the suite)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            return urllib.request.urlopen(f"http://127.0.0.1:{port}/join", timeout=1).read()
        except OSError:
            time.sleep(0.1)
    return None


def test_serve_starts_a_real_server_with_demo_login(tmp_path):
    port = free_port()
    env = dict(os.environ, TRAINER_INSTANCE_PATH=str(tmp_path / "instance"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer.cli.main",
            "serve",
            "--port",
            str(port),
            "--push-port",
            str(free_port()),
            "--db",
            str(tmp_path / "served.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        body = _first_answer(port)
        assert body is not None and b"Log in to your class" in body
    finally:
        proc.terminate()
        output = proc.communicate(timeout=10)[0]
    assert "Demo teacher: demo@example.org  password: " in output
    assert "Puzzle bank ready: " in output  # the first start fills the bank (issue 5)
    assert (tmp_path / "served.db").exists()
    assert oct((tmp_path / "served.db.demo-login").stat().st_mode)[-3:] == "600"
    assert (tmp_path / "instance" / "secret_key").exists()
    db = connect(str(tmp_path / "served.db"))
    code = db.execute("SELECT join_code FROM classes").fetchone()[0]
    assert db.execute("SELECT count(DISTINCT kind) FROM puzzles").fetchone()[0] == 5
    db.close()
    assert code not in output  # class codes never go to the console or logs


def _is_live_channel(pid: str) -> bool:
    try:
        return b"trainer.push" in open(f"/proc/{pid}/cmdline", "rb").read()
    except OSError:
        return False


def test_serve_with_workers_runs_several_processes_that_share_one_database(tmp_path):
    port = free_port()
    # Where gunicorn would put its control socket (issue 45: every server of a user shared one).
    home, runtime = tmp_path / "home", tmp_path / "run"
    home.mkdir()
    runtime.mkdir()
    env = dict(
        os.environ, TRAINER_INSTANCE_PATH=str(tmp_path / "instance"), HOME=str(home), XDG_RUNTIME_DIR=str(runtime)
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer.cli.main",
            "serve",
            "--port",
            str(port),
            "--workers",
            "2",
            "--push-port",
            str(free_port()),
            "--threads",
            "2",
            "--db",
            str(tmp_path / "served.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        _first_answer(port)
        workers = set()
        for _ in range(100):
            children = set(
                subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
            )
            # Beside the workers, the live channel's process (issue 36.1: tests/cli/test_serve_push.py).
            workers = {pid for pid in children if not _is_live_channel(pid)}
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) == 2
        statuses = [urllib.request.urlopen(f"http://127.0.0.1:{port}/join?x=1", timeout=5).status for _ in range(10)]
        assert statuses == [200] * 10
        assert list(runtime.iterdir()) == [] and list(home.rglob("*.ctl")) == []  # no control socket
    finally:
        proc.terminate()
        output = proc.communicate(timeout=30)[0]
    assert "Booting worker" in output and "gthread" in output
    assert '"GET /join" 200' in output and "x=1" not in output  # paths only in the access log


def test_the_demo_password_is_printed_on_the_first_start_only(tmp_path, monkeypatch, capsys):
    # ASVS 5.0 V16.2.5 / V13.3.1: a secret printed on every start lands in the service's log
    # (journald keeps it). The first start shows it once; later starts name the owner-only file.
    from argparse import Namespace

    from trainer.cli import serve

    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "d.db"))
    monkeypatch.setenv("TRAINER_PUZZLE_BANK_GENERATED", "0")
    args = Namespace(no_demo=False)
    serve._prepare(args)
    first = capsys.readouterr().out
    password = (tmp_path / "d.db.demo-login").read_text().split()[1]
    assert f"password: {password}" in first
    serve._prepare(args)
    again = capsys.readouterr().out
    assert password not in again
    assert "Demo teacher: demo@example.org" in again and str(tmp_path / "d.db.demo-login") in again
    assert oct((tmp_path / "d.db.demo-login").stat().st_mode)[-3:] == "600"


@pytest.mark.parametrize(
    "host, warned",
    [("0.0.0.0", True), ("192.168.1.20", True), ("127.0.0.1", False), ("localhost", False), ("::1", False)],
)
def test_workers_listening_beyond_the_machine_are_told_to_go_behind_the_proxy(host, warned):
    # Issue 45: 8 sockets sending a header a byte at a time stall 2 gunicorn workers of 4 threads
    # (bench/connection_flood.py --workers 2 --threads 4 --idle 0 --slow 8); waitress, without
    # --workers, does not stall (tests/security/test_connection_floods.py).
    from trainer.cli.serve import exposed_workers_note

    assert (exposed_workers_note(host) is not None) == warned


@pytest.mark.parametrize("taken", ["port", "push-port"])
def test_a_port_in_use_is_one_clear_line_and_exit_2(capsys, monkeypatch, tmp_path, taken):
    # Issue 47.7: not "TWEAK Trainer on http://127.0.0.1:5000/" and then a 20-line OSError.
    monkeypatch.delenv("TRAINER_PUSH", raising=False)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        port = busy if taken == "port" else busy - 1
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "x.db")]) == 2
    captured = capsys.readouterr()
    assert f"Port {busy} on 127.0.0.1 is in use" in captured.err and "make run PORT=" in captured.err
    assert "Traceback" not in captured.err and captured.err.count("\n") == 1
    assert "TWEAK Trainer on" not in captured.out
    assert not (tmp_path / "x.db").exists()  # nothing started
