"""`python -m trainer.push --host H --port P`: the push process. What to serve comes as one
JSON object on standard input, so no secret is ever in the process list or the environment:
{"db": FILE, "secret": KEY} for one school, {"folder": DIR, "by": "host"|"path", "domain": D, "trust_proxy": B}
for a folder of schools, either with "app_port": the web app's port, whose pages may read the
streams (CORS). `trainer serve` writes it."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time

import uvicorn

from trainer.push.deadlines import H11WithDeadline
from trainer.push.server import MAX_STREAMS_PER_ADDRESS, Schools, create_app


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m trainer.push")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    args = p.parse_args(argv)
    given = json.loads(sys.stdin.readline())
    if "folder" in given:
        schools = Schools.folder(given["folder"], given["by"], given.get("domain"), bool(given.get("trust_proxy")))
    else:
        schools = Schools.one(given["db"], given["secret"])
    _end_with_parent()
    # Behind the proxy every stream comes from its address: no cap per address here (nginx's).
    behind_proxy = os.environ.get("TRAINER_PUSH") == "proxy"
    app = create_app(
        schools, app_port=given.get("app_port"), per_address=None if behind_proxy else MAX_STREAMS_PER_ADDRESS
    )
    # No access log: a stream's address carries its ticket.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        access_log=False,
        log_level="warning",
        timeout_graceful_shutdown=1,
        http=H11WithDeadline,
    )
    return 0


def _end_with_parent() -> None:
    """`trainer serve` started this process: when it is gone (a SIGKILL skips its clean-up),
    so is this one, and the port is free for the next start."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
