"""The real OpenID Provider of the sign-in tests: npm's oidc-provider, run by the machine's
Node.js from tests/oidc/provider.js on a free port (`make test` installs it with
`npm ci --prefix tests/oidc`). Its accounts and clients are listed here for the tests."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from ports import free_port

HERE = Path(__file__).resolve().parent / "oidc"

TEACHER = {"login": "teacher-a", "email": "tina@school-a.example"}
PUPIL_WITH_NAME = "pupil-a1"
PUPIL_ONLY_SUB = "pupil-a2"
CLIENTS = {
    "A": ("school-a", "secret-of-school-a"),
    "B": ("school-b", "secret-of-school-b"),
    # School A's two services at this one issuer (issue 34): Unilogin's lightweight login
    # for pupils and its full login for teachers.
    "A-light": ("school-a-light", "secret-of-school-a-light"),
    "A-full": ("school-a-full", "secret-of-school-a-full"),
}
# Accounts shaped as real providers send them (issue 34, docs/deploy.md "Sign-in per provider").
ENTRA_TEACHER = {
    "login": "teacher-entra",
    "preferred_username": "eva@school-a.example",
    "upn": "eva.olsen@schoola.onmicrosoft.com",
}
UNILOGIN_TEACHER = {"login": "teacher-uni", "uniid": "tina0042"}
LIGHT_PUPIL = "pupil-light"
UNVERIFIED = {"login": "unverified-a", "email": "tina@school-a.example"}


@dataclass
class RunningProvider:
    issuer: str
    process: subprocess.Popen

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start() -> RunningProvider:
    node = shutil.which("node")
    if node is None or not (HERE / "node_modules" / "oidc-provider").is_dir():
        raise RuntimeError("the test provider is not installed: run `npm ci --prefix tests/oidc` (make test does)")
    port = free_port()
    process = subprocess.Popen(
        [node, str(HERE / "provider.js"), str(port)],
        cwd=HERE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = process.stdout.readline()  # "listening http://127.0.0.1:PORT"
    if not line.startswith("listening"):
        process.kill()
        raise RuntimeError(f"the test provider did not start: {line!r}")
    issuer = line.split()[1]
    # Listening is printed once the socket is bound; one request makes sure it answers.
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    return RunningProvider(issuer, process)
