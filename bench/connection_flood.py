"""How long `GET /login` takes on the one-process `trainer serve` while sockets are held open
(issue 45, docs/deploy.md "One process, many sockets").

    .venv/bin/python bench/connection_flood.py [--idle 500] [--slow 200] [--rounds 20] [--workers N --threads T]

Starts `trainer serve --push-port 0` on a fresh database, measures /login with nothing held,
then holds `--idle` sockets that send nothing and `--slow` that send half a header (a byte more
now and then), and measures again. A request that gets no answer in 10 s counts as 10 s.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import median, percentile

HALF_HEADER = b"GET /login HTTP/1.1\r\nHost: school\r\nUser-Agent: slow"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def login_seconds(port: int) -> float:
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/login")
        conn.getresponse().read()
        conn.close()
    except OSError:
        return 10.0
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--workers", default="1", help="as trainer serve's (2 or more: gunicorn)")
    parser.add_argument("--threads", default="8")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    port = free_port()
    env = dict(os.environ, TRAINER_INSTANCE_PATH=str(folder / "instance"))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer.cli.main",
            "serve",
            "--port",
            str(port),
            "--push-port",
            "0",
            "--no-demo",
            "--db",
            str(folder / "school.db"),
            "--workers",
            args.workers,
            "--threads",
            args.threads,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        for _ in range(600):
            if login_seconds(port) < 10 and server.poll() is None:
                break
            time.sleep(0.1)
        quiet = [login_seconds(port) for _ in range(args.rounds)]
        held = []
        for i in range(args.idle + args.slow):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if i >= args.idle:
                s.sendall(HALF_HEADER)
            held.append(s)
        flooded = []
        for _ in range(args.rounds):
            for s in held[args.idle :: 10]:
                s.sendall(b"x")
            flooded.append(login_seconds(port))
        for s in held:
            s.close()
    finally:
        server.terminate()
        server.wait()
    print(f"/login, nothing held: median {median(quiet) * 1000:.1f} ms, p95 {percentile(quiet, 0.95) * 1000:.1f} ms")
    print(
        f"/login, {args.idle} idle + {args.slow} slow-header sockets held: median "
        f"{median(flooded) * 1000:.1f} ms, p95 {percentile(flooded, 0.95) * 1000:.1f} ms, "
        f"{sum(t >= 10 for t in flooded)} of {len(flooded)} unanswered in 10 s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
