"""Crash test (issue 8): under load, the production server is killed with SIGKILL several
times and restarted; afterwards the database must pass `PRAGMA integrity_check` and every
answer that got a success response must be stored exactly once.

    .venv/bin/python bench/crash_test.py [--pupils 150] [--kills 5] [--every 8]

Tablets whose request died with the server send the answer again (the attempt id makes a
retry safe), as the page does; an answer counts as acknowledged only when a response said so.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import save_result
from load_test import check_answers
from school_load import (
    Browser,
    Closed,
    Stats,
    build_school,
    free_port,
    kill_server,
    pupil_login,
    pupil_loop,
    start_server,
)


async def logged_in(browser, pupil):
    for _ in range(20):
        try:
            await pupil_login(browser, pupil)
            return
        except Closed:
            await asyncio.sleep(1)


async def run(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="tweak-crash-"))
    db_path = str(work / "school.db")
    school = build_school(db_path, classes=-(-args.pupils // 30), pupils_per_class=30)
    port = free_port()
    log = str(work / "server.log")
    server = start_server(db_path, port, args.workers, args.threads, log)
    stats = Stats()
    stop = asyncio.Event()
    browsers, tasks, kills = [], [], []
    try:
        for i, pupil in enumerate(school["pupils"][: args.pupils]):
            browser = Browser(port, stats)
            browsers.append(browser)
            await logged_in(browser, pupil)
            tasks.append(asyncio.create_task(pupil_loop(browser, db_path, args.think, random.Random(i), stop)))
        for k in range(args.kills):
            await asyncio.sleep(args.every)
            before = len(stats.acknowledged)
            kill_server(server, signal.SIGKILL)
            killed_at = time.time()
            await asyncio.sleep(args.down)
            server = start_server(db_path, port, args.workers, args.threads, log)
            kills.append({"kill": k + 1, "acknowledged_before": before, "down_s": round(time.time() - killed_at, 2)})
            print(
                f"kill {k + 1}: {before} answers acknowledged so far; back after {kills[-1]['down_s']} s",
                file=sys.stderr,
                flush=True,
            )
        await asyncio.sleep(args.every)
        stop.set()
        await asyncio.sleep(args.think * 2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for browser in browsers:
            browser.close()
        kill_server(server, signal.SIGTERM)
    return {
        "kills": kills,
        "answers": check_answers(db_path, stats.acknowledged),
        "errors": stats.errors,
        "settings": vars(args),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pupils", type=int, default=150)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--every", type=float, default=8.0, help="seconds of load between kills")
    parser.add_argument("--down", type=float, default=1.0, help="seconds the server stays down")
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    report = asyncio.run(run(args))
    save_result("crash", report)
    answers = report["answers"]
    print(json.dumps(answers))
    ok = answers["integrity"] == "ok" and answers["missing"] == 0 and answers["rating_counts_off"] == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
