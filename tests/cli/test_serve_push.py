"""`trainer serve` starts the live channel beside the web app (issue 36.1): one command, also
with --workers N; a SIGKILL of the channel's process loses nothing and it is started again;
the channel ends with the server. The pages of such a server point at it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from ports import free_port


def _answer(url: str, wait: float = 90.0) -> bytes | None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            return urllib.request.urlopen(url, timeout=1).read()
        except OSError:
            time.sleep(0.1)
    return None


def _push_pids(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = open(f"/proc/{entry}/cmdline", "rb").read()
            ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"trainer.push" in cmd and ppid == parent:
            found.append(int(entry))
    return found


def _allowed_origin(push: int, origin: str) -> str | None:
    """The CORS answer of the channel to a page of `origin` (a refusal carries it too)."""
    request = urllib.request.Request(f"http://127.0.0.1:{push}/push/stream", headers={"Origin": origin})
    try:
        urllib.request.urlopen(request, timeout=5)
    except urllib.error.HTTPError as refused:
        return refused.headers.get("Access-Control-Allow-Origin")
    raise AssertionError("a stream without a ticket was opened")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_runs_the_live_channel_and_starts_it_again_after_a_sigkill(tmp_path, workers):
    port, push = free_port(), free_port()
    env = dict(os.environ, TRAINER_INSTANCE_PATH=str(tmp_path / "instance"))
    env.pop("TRAINER_PUSH", None)
    # What the server and its channel said, shown should the channel not answer.
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115 (closed with the server, below)
    said = lambda: (tmp_path / "serve.log").read_text(errors="replace")[-3000:]  # noqa: E731
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer.cli.main",
            "serve",
            "--port",
            str(port),
            "--push-port",
            str(push),
            "--workers",
            workers,
            "--threads",
            "2",
            "--db",
            str(tmp_path / "served.db"),
            "--no-demo",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        assert _answer(f"http://127.0.0.1:{port}/join") is not None
        assert (_answer(f"http://127.0.0.1:{push}/push/health", wait=30) or b"").startswith(b"ok"), said()
        # The pages may read the channel's stream (Content-Security-Policy, connect-src).
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/join", timeout=5)
        assert f"connect-src 'self' http://127.0.0.1:{push};" in page.headers["Content-Security-Policy"]
        # ... and the channel knows their origin, and no other (issue 45: `trainer serve` tells it).
        assert _allowed_origin(push, f"http://127.0.0.1:{port}") == f"http://127.0.0.1:{port}"
        assert _allowed_origin(push, f"http://127.0.0.1:{push}") is None
        (first,) = _push_pids(server.pid)
        os.kill(first, signal.SIGKILL)
        assert (_answer(f"http://127.0.0.1:{push}/push/health", wait=30) or b"").startswith(b"ok"), said()
        (again,) = _push_pids(server.pid)
        assert again != first
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    deadline = time.monotonic() + 10
    while _answer(f"http://127.0.0.1:{push}/push/health", wait=0.5) is not None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _answer(f"http://127.0.0.1:{push}/push/health", wait=0.5) is None
