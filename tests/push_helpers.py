"""The push process's app (trainer.push.server) served by uvicorn in a thread, for tests."""

from __future__ import annotations

import threading
import time

import requests
import uvicorn

from ports import free_port
from trainer.push.deadlines import H11WithDeadline
from trainer.push.server import MAX_STREAMS_PER_ADDRESS, create_app


class Channel:
    def __init__(
        self,
        schools,
        port: int | None = None,
        ping: float = 15,
        app_port: int | None = 5000,
        per_address: int | None = MAX_STREAMS_PER_ADDRESS,
        http=H11WithDeadline,
    ):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(schools, ping=ping, app_port=app_port, per_address=per_address)
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            access_log=False,
            log_level="warning",
            timeout_graceful_shutdown=0,
            http=http,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> Channel:
        self.thread.start()
        for _ in range(200):
            try:
                # Any answer will do: with a folder of schools /push/health names none (404).
                requests.get(self.url + "/push/health", timeout=1)
                return self
            except requests.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError("the channel did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def events(response, count: int) -> list[tuple[str, str]]:
    """The next `count` (event, data) pairs of an open stream (one line reader per response:
    a second would lose what the first had read ahead)."""
    if not hasattr(response, "sse_lines"):
        response.sse_lines = response.iter_lines(chunk_size=1, decode_unicode=True)
    found, event = [], None
    for line in response.sse_lines:
        if line.startswith("event:"):
            event = line.split(":", 1)[1].strip()
        elif line.startswith("data:"):
            found.append((event, line.split(":", 1)[1].strip()))
            if len(found) == count:
                return found
    return found
