"""`python -m trainer.push --host H --port P`: the push process. What to serve comes as one
JSON object on standard input, so no secret is ever in the process list or the environment:
{"db": FILE, "secret": KEY} for one school, {"folder": DIR, "by": "host"|"path", "domain": D, "trust_proxy": B}
for a folder of schools. `trainer serve` writes it."""
from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time

import uvicorn

from trainer.push.server import Schools, create_app


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
    # No access log: a stream's address carries its ticket.
    uvicorn.run(create_app(schools), host=args.host, port=args.port, access_log=False,
                log_level="warning", timeout_graceful_shutdown=1)
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
