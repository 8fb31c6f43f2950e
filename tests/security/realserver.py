"""Real `trainer serve` processes and a small cookie-keeping HTTP client for them.

The client never follows redirects, keeps every address it asked for and every Location /
HX-Redirect it was sent, and picks up the CSRF token from the pages it reads, as a browser's
forms would.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from ports import free_port


class Server:
    """`trainer serve` on a free port, its console (and access log) captured to a file."""

    def __init__(self, name: str, db: Path, instance: Path, log_dir: Path, *args: str, env=None):
        self.name = name
        self.port = free_port()
        self.log_path = log_dir / f"{name}.log"
        self._log = open(self.log_path, "w", encoding="utf-8")
        environment = dict(os.environ, TRAINER_INSTANCE_PATH=str(instance), PYTHONUNBUFFERED="1")
        environment.update(env or {})
        # The live channel on a free port of its own: the default, the next port, may be another
        # test server's, and `trainer serve` refuses a port in use (issue 47.7).
        push = () if "--push-port" in args else ("--push-port", str(free_port()))
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "trainer.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(db),
                "--no-demo",
                *push,
                *args,
            ],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=environment,
        )

    def wait_ready(self, tries: int = 600) -> None:
        for _ in range(tries):
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/join")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start:\n{self.log()}")

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


class Response:
    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes):
        self.status = status
        self.headers = headers
        self.body = body
        self.text = body.decode("utf-8", errors="replace")


class Browser:
    """One device: its cookies, and a record of every address it used or was sent to."""

    def __init__(self):
        self.cookies: dict[str, str] = {}
        self.csrf: str | None = None
        self.requested: list[str] = []
        self.redirects: list[str] = []

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def request(
        self,
        server: Server,
        method: str,
        path: str,
        form: dict | None = None,
        headers: dict | None = None,
        body: bytes | None = None,
        csrf: bool = True,
        cookie: str | None = None,
    ) -> Response:
        sent = dict(headers or {})
        if form is not None:
            form = dict(form)
            if csrf and self.csrf:
                form.setdefault("csrf_token", self.csrf)
            body = urlencode(form).encode()
            sent.setdefault("Content-Type", "application/x-www-form-urlencoded")
        jar = self.cookie_header() if cookie is None else cookie
        if jar:
            sent["Cookie"] = jar
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=sent)
            raw = conn.getresponse()
            response = Response(raw.status, raw.msg, raw.read())
        finally:
            conn.close()
        self.requested.append(path)
        for name in ("Location", "HX-Redirect"):
            if response.headers.get(name):
                self.redirects.append(response.headers[name])
        for line in response.headers.get_all("Set-Cookie") or []:
            parsed = SimpleCookie()
            parsed.load(line)
            for name, morsel in parsed.items():
                if morsel["max-age"] == "0" or "1970" in morsel["expires"]:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        token = re.search(r'name="csrf_token" value="([^"]+)"', response.text)
        if token:
            self.csrf = token.group(1)
        return response

    def get(self, server, path, **kw) -> Response:
        return self.request(server, "GET", path, **kw)

    def post(self, server, path, form=None, **kw) -> Response:
        return self.request(server, "POST", path, form=form or {}, **kw)
