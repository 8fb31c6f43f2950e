"""Class play under load (issue 16): tables of pupils playing TWEAK live while other pupils do
drills, against the production server (`trainer serve --workers N`, gunicorn) on this machine.

    .venv/bin/python bench/class_play.py [--tables 10] [--drillers 60] [--seconds 60]
        [--workers 2] [--threads 8] [--think 1.25] [--poll 1.0]

Every table has 4 pupils of one class (opened, joined and started through the store before
the server starts: the lobby is not what is measured). Each pupil's tablet does what the
table page does: polls `GET /play/tables/<id>/live?v=<version it shows>` every `--poll`
seconds (a fixed period from a random phase, as htmx's `every 1s`), and when a poll or a
move's answer says it is their turn, thinks `--think` seconds (±30 %) and posts a move made
on the version it shows (the best capture, else a lay; the client reads the position from the
database read-only, as bench/load_test.py reads the drills' answers). With 4 seats and
1.25 s of thinking, each pupil moves about every 5 s. The drillers run bench/school_load.py's
pupil loop (an answer every ~3 s).

Measured over the window after a warm-up:
- move -> seen by others: from the moment the mover has the answer to their move (the new
  version) to the moment each of the other three tablets' polls brings that version
  (a poll that brings it earlier counts 0);
- every request's p50/p95 (polls, moves, the drills' requests), errors (any 5xx or lost
  connection; a 409 "stale" is counted apart: it cannot happen here, as only the seat to
  act moves), server CPU per request (the whole gunicorn process group).
Writes a Markdown summary to stdout and bench/results/class_play.json. Not part of `make test`.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import percentile, save_result  # noqa: E402
from load_test import server_cpu_seconds, server_rss_mb  # noqa: E402
from school_load import (  # noqa: E402
    Browser, Closed, Stats, build_school, free_port, kill_server, pupil_login, pupil_loop, start_server,
)

VERSION = re.compile(r'<section id="table"[^>]*data-version="(\d+)"')
DRILL_REQUESTS = ("next puzzle (POST)", "puzzle page (GET)", "answer (POST)", "feedback page (GET)")
POLL, MOVE = "table poll (GET)", "move (POST)"


def make_tables(db_path: str, school: dict, tables: int, seats: int = 4) -> tuple[list[dict], list[dict]]:
    """`tables` started tables of `seats` pupils of one class each; returns (tables, the
    pupils left over for drills)."""
    from trainer.store import class_tables
    from trainer.store.db import connect

    db = connect(db_path)
    by_class: dict[int, list[dict]] = {}
    for pupil in school["pupils"]:
        by_class.setdefault(pupil["class_id"], []).append(pupil)
    made, spare = [], []
    for class_id, pupils in by_class.items():
        while len(made) < tables and len(pupils) >= seats:
            group, pupils = pupils[:seats], pupils[seats:]
            now = time.time()
            table_id = class_tables.open_table(db, class_id, group[0]["id"], seats, "full", None, now)
            for pupil in group[1:]:
                class_tables.join(db, table_id, pupil["id"], now)
            class_tables.start(db, table_id, group[0]["id"], False, len(made) + 1, now)
            made.append({"id": table_id, "pupils": group,
                         "seat": {p["id"]: class_tables.seat_of(db, table_id, p["id"]) for p in group}})
        spare += pupils
    db.close()
    if len(made) < tables:
        raise SystemExit(f"only {len(made)} tables could be made")
    return made, spare


def chosen_move(db_path: str, table_id: int, seat: int) -> list[tuple[str, str]] | None:
    """The form a child at `seat` would send now, or None when it is not their move."""
    from trainer.engine.solver import best_capture, solve
    from trainer.engine.state import Phase
    from trainer.engine.view import view_of
    from trainer.store import class_tables

    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30)
    try:
        row = conn.execute("SELECT state, version, status FROM class_tables WHERE id = ?", [table_id]).fetchone()
    finally:
        conn.close()
    if row is None or row[2] != "playing":
        return None
    game = class_tables.load({"state": row[0]})
    state = game.state
    form = [("version", str(row[1]))]
    if state.over:
        return form + [("kind", "next")] if seat == 0 and not game.over else None
    if state.current_player != seat:
        return None
    view = view_of(state, seat)
    if state.phase is Phase.DISCARD:
        return form + [("kind", "discard"), ("card", view.hand[0])]
    best = best_capture(solve(view.hand, view.table, view.target))
    if best is None:
        return form + [("kind", "lay"), ("hand", view.hand[0])]
    return form + [("kind", "take"), ("hand", best.play)] + [("take", c) for c in best.capture]


class Table:
    """What the bench knows about one table: when each version was acknowledged to its mover
    and when each tablet first saw it."""

    def __init__(self, spec: dict):
        self.id = spec["id"]
        self.acked: dict[int, float] = {}                  # version -> when the mover had it
        self.seen: dict[int, dict[int, float]] = {}        # version -> pupil id -> when seen
        self.mover: dict[int, int] = {}                    # version -> pupil who made it

    def saw(self, pupil_id: int, old: int, new: int, when: float) -> None:
        for version in range(old + 1, new + 1):
            self.seen.setdefault(version, {}).setdefault(pupil_id, when)

    def latencies(self, since: float, until: float) -> list[float]:
        out = []
        for version, when in self.acked.items():
            if not since <= when <= until:
                continue
            for pupil_id, seen in self.seen.get(version, {}).items():
                if pupil_id != self.mover[version]:
                    out.append(max(0.0, seen - when))
        return out


async def tablet(browser: Browser, table: Table, pupil: dict, seat: int, db_path: str, args,
                 rng: random.Random, stop: asyncio.Event, counts: dict) -> None:
    """One child's tablet at the table: the 1 s poll and, on their turn, a move."""
    _, _, text = await browser.request("table page (GET)", "GET", f"/play/tables/{table.id}", htmx=False,
                                       record=False)
    found = VERSION.search(text)
    version = int(found.group(1)) if found else 0
    loop = asyncio.get_running_loop()
    next_poll = loop.time() + rng.uniform(0, args.poll)
    move_at = None

    def plan_move(page: str) -> None:
        nonlocal move_at
        if move_at is None and ("turn-line--you" in page or ('value="next"' in page and seat == 0)):
            move_at = loop.time() + args.think * rng.uniform(0.7, 1.3)

    plan_move(text)
    while not stop.is_set():
        now = loop.time()
        if move_at is not None and move_at <= now:
            move_at = None
            form = chosen_move(db_path, table.id, seat)
            if form is not None and int(form[0][1]) == version:
                try:
                    status, _, page = await browser.request(MOVE, "POST", f"/play/tables/{table.id}/move", form)
                except Closed:
                    continue
                when = time.perf_counter()
                if status == 409:
                    counts["stale"] += 1
                got = VERSION.search(page)
                if status == 200 and got and int(got.group(1)) > version:
                    new = int(got.group(1))
                    table.acked[new], table.mover[new] = when, pupil["id"]
                    table.saw(pupil["id"], version, new, when)
                    version = new
                    counts["moves"] += 1
                plan_move(page)
            continue
        if next_poll <= now:
            next_poll += args.poll
            try:
                status, _, page = await browser.request(POLL, "GET", f"/play/tables/{table.id}/live?v={version}")
            except Closed:
                continue
            when = time.perf_counter()
            counts["polls"] += 1
            if status == 200:
                counts["polls_200"] += 1
                got = VERSION.search(page)
                if got and int(got.group(1)) > version:
                    table.saw(pupil["id"], version, int(got.group(1)), when)
                    version = int(got.group(1))
                if 'data-status="finished"' in page or "The game is over" in page:
                    counts["finished"] += 1
                    return
                plan_move(page)
            continue
        wake = min(t for t in (next_poll, move_at) if t is not None)
        await asyncio.sleep(max(0.0, wake - loop.time()))


def summary_of(times: dict, names) -> dict:
    every = [t for name in names for t in times.get(name, [])]
    if not every:
        return {"n": 0}
    return {"n": len(every), "p50_ms": round(percentile(every, .5) * 1e3, 1),
            "p95_ms": round(percentile(every, .95) * 1e3, 1), "p99_ms": round(percentile(every, .99) * 1e3, 1)}


async def run(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="tweak-classplay-"))
    db_path = str(work / "school.db")
    pupils_needed = args.tables * 4 + args.drillers
    school = build_school(db_path, classes=-(-pupils_needed // 28) + 1, pupils_per_class=28)
    specs, spare = make_tables(db_path, school, args.tables)
    if len(spare) < args.drillers:
        raise SystemExit("not enough pupils for the drills")
    port = free_port()
    server = start_server(db_path, port, args.workers, args.threads, str(work / "server.log"))
    stats, stop = Stats(), asyncio.Event()
    rng = random.Random(16)
    counts = {"moves": 0, "polls": 0, "polls_200": 0, "stale": 0, "finished": 0}
    tables = [Table(spec) for spec in specs]
    browsers, tasks = [], []
    try:
        players = []
        for table, spec in zip(tables, specs):
            for pupil in spec["pupils"]:
                players.append((Browser(port, stats), table, pupil, spec["seat"][pupil["id"]]))
        drillers = [(Browser(port, stats), pupil) for pupil in spare[:args.drillers]]
        browsers = [p[0] for p in players] + [d[0] for d in drillers]
        everyone = [(b, p) for b, _, p, _ in players] + drillers
        for i in range(0, len(everyone), 25):          # a class arrives over a few seconds
            await asyncio.gather(*(pupil_login(b, p) for b, p in everyone[i:i + 25]))
        for browser, table, pupil, seat in players:
            tasks.append(asyncio.create_task(tablet(browser, table, pupil, seat, db_path, args,
                                                    random.Random(rng.random()), stop, counts)))
        for browser, _ in drillers:
            tasks.append(asyncio.create_task(pupil_loop(browser, db_path, 3.0, random.Random(rng.random()), stop)))
        await asyncio.sleep(args.warmup)
        stats.times, stats.errors = {}, {}
        moves_before, stale_before = counts["moves"], counts["stale"]
        cpu_before, client_before = server_cpu_seconds(server.pid), time.process_time()
        since = time.perf_counter()
        await asyncio.sleep(args.seconds)
        until = time.perf_counter()
        window = until - since
        server_cpu = server_cpu_seconds(server.pid) - cpu_before
        client_cpu = time.process_time() - client_before
        times = {k: list(v) for k, v in stats.times.items()}
        errors = dict(stats.errors)
        rss = server_rss_mb(server.pid)
        stop.set()
        await asyncio.sleep(1.5)      # the tasks stop at their next step
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for browser in browsers:
            browser.close()
        kill_server(server, signal.SIGTERM)
    seen = [t for table in tables for t in table.latencies(since, until - 2 * args.poll)]
    requests = sum(len(v) for v in times.values())
    stale = counts["stale"] - stale_before
    report = {
        "settings": vars(args),
        "window_s": round(window, 1),
        "moves": counts["moves"] - moves_before,
        "move_seen_by_others": {"n": len(seen), "p50_ms": round(percentile(seen, .5) * 1e3),
                                "p95_ms": round(percentile(seen, .95) * 1e3),
                                "max_ms": round(max(seen) * 1e3) if seen else None} if seen else {"n": 0},
        "poll": summary_of(times, [POLL]),
        "move": summary_of(times, [MOVE]),
        "drill": summary_of(times, DRILL_REQUESTS),
        "by_request": {name: summary_of(times, [name]) for name in sorted(times)},
        "requests": requests, "per_second": round(requests / window, 1),
        # 409s are refusals the client counts itself (stale); every other 4xx/5xx or a lost
        # connection is an error.
        "errors": sum(errors.values()) - stale, "errors_by_request": errors, "stale": stale,
        "polls_answered_with_a_table": counts["polls_200"], "polls": counts["polls"],
        "tables_finished": counts["finished"],
        "server_cpu_ms_per_request": round(server_cpu / max(1, requests) * 1e3, 2),
        "server_cores_busy": round(server_cpu / window, 2), "client_cores_busy": round(client_cpu / window, 2),
        "server_rss_mb": round(rss),
    }
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--drillers", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=60, help="measured window")
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument("--think", type=float, default=1.25,
                        help="seconds a child thinks on their turn (4 seats: a move each every ~5 s)")
    parser.add_argument("--poll", type=float, default=1.0, help="the table page's poll period")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    report = asyncio.run(run(args))
    save_result("class_play", report)
    seen = report["move_seen_by_others"]
    print(f"{args.tables} tables of 4 + {args.drillers} drillers, {report['window_s']} s, "
          f"--workers {args.workers} --threads {args.threads}")
    print("| measure | value |")
    print("|---|---|")
    print(f"| moves in the window | {report['moves']} |")
    print(f"| move -> seen by the other 3, p50 / p95 / max | {seen.get('p50_ms')} / {seen.get('p95_ms')} / "
          f"{seen.get('max_ms')} ms (n={seen['n']}) |")
    for name in ("poll", "move", "drill"):
        row = report[name]
        print(f"| {name} requests p50 / p95 | {row.get('p50_ms')} / {row.get('p95_ms')} ms (n={row['n']}) |")
    print(f"| polls answered with a new table | {report['polls_answered_with_a_table']} of {report['polls']} |")
    print(f"| errors / stale refusals | {report['errors']} / {report['stale']} |")
    print(f"| requests/s | {report['per_second']} |")
    print(f"| server CPU per request | {report['server_cpu_ms_per_request']} ms "
          f"({report['server_cores_busy']} cores busy; client {report['client_cores_busy']}) |")
    print(f"| server memory | {report['server_rss_mb']} MB |")
    print(json.dumps(report["by_request"], indent=1), file=sys.stderr)
    if report["errors"]:
        sys.exit("FAIL: errors")


if __name__ == "__main__":
    main()
