"""Class play under load (issue 16): tables of pupils playing TWEAK live while other pupils do
drills, against the production server (`trainer serve --workers N`, gunicorn) on this machine.

    .venv/bin/python bench/class_play.py [--tables 10] [--drillers 60] [--seconds 60]
        [--workers 2] [--threads 8] [--think 1.25] [--poll 1.0] [--mode both|push|poll]
        [--idle-tablets 40 --idle-seconds 30] [--kill-at S] [--kill-push-at S] [--clients K]

`--mode both` (the default) runs the same load twice, each on a school of its own: first
with the live channel (issue 36.1, trainer.push: the tablets listen to its stream and ask
the table only when it says their version changed, as static/js/push.js; the channel notes
that they are here), then with today's 1 s poll; the report puts them side by side. With
`--idle-tablets N` it also measures what a connected tablet costs the server at a table
where nobody moves: N such tablets for `--idle-seconds`, against the same server with none,
in CPU ms per tablet-minute, push and poll.

Every table has 4 pupils of one class (opened, joined and started through the store before
the server starts: the lobby is not what is measured). Each pupil's tablet does what the
table page does: polls `POST /play/tables/<id>/live?v=<version it shows>` every `--poll`
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
With `--kill-at S`, the whole server (gunicorn's master and every worker) is SIGKILLed S
seconds into the window, mid-request, and started again `--down` seconds later on the same
database and port. Then: every move a tablet had the answer to is kept exactly once
(acknowledged <= stored <= acknowledged + the moves whose answer the kill swallowed), every
table's version is at least the last one acknowledged, every table takes a move again after
the restart, and errors are counted apart for the outage (kill to restart + 3 s) and outside it.
The kill takes the live channel's process with it (it is in the server's process group).
With `--kill-push-at S` only the channel's process is SIGKILLed S seconds into the window:
`trainer serve` starts it again; the tablets poll meanwhile and return to the stream, and the
same checks run (nothing may be lost; every table moves again).

The client (issue 50) is split over `--clients` processes (default: one per ~10 tables or
~60 drillers, at least 2 where there are 2 cores, at most one per core), each running its share
on an event loop of its own, so that on more cores the client is not what holds the load back.
A table's four tablets stay in one process. Each process hands its raw samples to the parent
(every request's duration and end, errors, moves, asks, each table's acknowledged and seen
versions), which cuts them all to one window and computes the percentiles. Durations are
perf_counter readings within a process; moments (the window, the kill, the restart, a move
acknowledged, a version seen) are time.time(), the one clock the processes share (Python
leaves perf_counter's reference point undefined, so its readings are not compared across
processes). A move -> seen is the difference of two readings of one process, as the mover's
and the viewers' tablets are in the same one. CPU is reported apart: the server's (gunicorn's
process group: master, workers and the live channel) and the client's (each client process's
own CPU in the window, and their sum), with a warning when a client process used more than
0.7 of a core. `--idle-tablets` runs in the parent, as one client: its still tables ask little.
Asks of the table are counted in the same window as the moves they follow: "per viewer per
move" is the asks sent in the window (less its last 2 poll periods) over the moves
acknowledged in it times their 3 viewers, with what each ask brought.

Writes a Markdown summary to stdout and bench/results/class_play.json. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import multiprocessing
import os
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
from common import percentile, save_result
from load_test import server_cpu_seconds, server_processes, server_rss_mb
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

VERSION = re.compile(r'<section id="table"[^>]*data-version="(\d+)"')
PUSH = re.compile(r'data-push="http://127\.0\.0\.1:(\d+)(/push/stream\?t=[^"]+)"')
KEEPALIVE = 4.0  # seconds: under gunicorn's keepalive (trainer serve: 5)
DRILL_REQUESTS = ("next puzzle (POST)", "puzzle page (GET)", "answer (POST)", "feedback page (GET)")
POLL, MOVE = "table poll (GET)", "move (POST)"
CLIENT_BUSY = 0.7  # of a core: above it a client process may be what holds the load back
TABLE_WEIGHT = 6  # a table of 4 tablets loads a client about as much as 6 drillers (10 + 60 ~ 2 shares)


def stamp() -> float:
    """The wall clock, the only one the parent and its client processes share: the window,
    the kill and the restart are the parent's, every sample is a client's."""
    return time.time()


class Recorder(Stats):
    """A client process's requests with the moment each ended, so the parent can cut every
    client's samples to the one window it chose."""

    def __init__(self):
        super().__init__()
        self.samples: list[tuple[str, float, float]] = []  # (request, ended at, seconds)
        self.failed: list[tuple[str, float]] = []  # (request, when)

    def add(self, name, seconds, status):
        if status >= 400:
            self.error(name)
        self.samples.append((name, stamp(), seconds))

    def error(self, name):
        self.failed.append((name, stamp()))


class Tally:
    """What the tablets did, with when: counts cut to a window afterwards, and every ask of
    the table with why it was sent and what it brought."""

    def __init__(self):
        self.events: dict[str, list[float]] = {}
        # (when, table id, pupil id, why, status, version before, version after, version the stream told)
        self.asks: list[tuple] = []

    def add(self, key: str) -> None:
        self.events.setdefault(key, []).append(stamp())

    def ask(
        self, table_id: int, pupil_id: int, why: str, status: int, before: int, after: int, told: int | None = None
    ) -> None:
        self.asks.append((stamp(), table_id, pupil_id, why, status, before, after, told))


def ask_reason(event: dict, version: int) -> str | None:
    """Why a tablet with the channel asks its table on this event (static/js/push.js), or None."""
    if "table" not in event:
        return None
    if event["version"] is None:
        return "gone"
    if event["version"] != version:
        return "version"
    return "due" if event.get("due") else None


def make_tables(db_path: str, school: dict, tables: int, seats: int = 4) -> tuple[list[dict], list[dict]]:
    """`tables` started tables of `seats` pupils of one class each; returns (tables, the
    pupils left over for drills)."""
    from trainer.games.service import new_game
    from trainer.games.settings import TableSettings
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
            row, layout, moved = class_tables.start_plan(db, table_id, group[0]["id"], False)
            class_tables.start(db, row, moved, new_game(TableSettings(layout, "full"), len(made) + 1), now)
            made.append(
                {
                    "id": table_id,
                    "pupils": group,
                    "seat": {p["id"]: class_tables.seat_of(db, table_id, p["id"]) for p in group},
                }
            )
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
        self.acked: dict[int, float] = {}  # version -> when the mover had it
        self.seen: dict[int, dict[int, float]] = {}  # version -> pupil id -> when seen
        self.mover: dict[int, int] = {}  # version -> pupil who made it
        self.plays_acked = 0  # take/lay moves whose answer said they were done
        self.plays_unanswered = 0  # take/lay moves sent whose answer was lost (the kill)
        self.moved_at: list[float] = []  # when each acknowledged move came back

    def record(self) -> dict:
        """What a client process hands its parent (plain data: it crosses the pipe)."""
        return dict(vars(self))

    @classmethod
    def from_record(cls, record: dict) -> "Table":
        table = cls({"id": record["id"]})
        vars(table).update(record)
        return table

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


async def tablet(
    browser: Browser,
    table: Table,
    pupil: dict,
    seat: int,
    db_path: str,
    args,
    rng: random.Random,
    stop: asyncio.Event,
    counts: dict,
) -> None:
    """One child's tablet at the table: the 1 s poll and, on their turn, a move."""
    _, _, text = await browser.request("table page (GET)", "GET", f"/play/tables/{table.id}", htmx=False, record=False)
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
                play = dict(form)["kind"] in ("take", "lay")
                try:
                    status, _, page = await browser.request(MOVE, "POST", f"/play/tables/{table.id}/move", form)
                except asyncio.CancelledError:
                    table.plays_unanswered += play  # the run ended before its answer came
                    raise
                except Closed:
                    # The server is gone (the kill): think again; the next try reads the table
                    # anew, so a move that did land is not sent twice.
                    table.plays_unanswered += play
                    move_at = loop.time() + args.poll
                    continue
                when = stamp()
                if status == 409:
                    counts.add("stale")
                got = VERSION.search(page)
                if status == 200 and got and int(got.group(1)) > version:
                    new = int(got.group(1))
                    table.acked[new], table.mover[new] = when, pupil["id"]
                    table.saw(pupil["id"], version, new, when)
                    version = new
                    counts.add("moves")
                    table.plays_acked += play
                    table.moved_at.append(when)
                plan_move(page)
            continue
        if next_poll <= now:
            next_poll += args.poll
            try:
                status, _, page = await browser.request(POLL, "POST", f"/play/tables/{table.id}/live?v={version}", {})
            except Closed:
                continue
            before = version
            if status == 200:
                got = VERSION.search(page)
                if got and int(got.group(1)) > version:
                    table.saw(pupil["id"], version, int(got.group(1)), stamp())
                    version = int(got.group(1))
            counts.ask(table.id, pupil["id"], "poll", status, before, version)
            if status == 200:
                if 'data-status="finished"' in page or "The game is over" in page:
                    counts.add("finished")
                    return
                plan_move(page)
            continue
        wake = min(t for t in (next_poll, move_at) if t is not None)
        await asyncio.sleep(max(0.0, wake - loop.time()))


async def sse_events(port: int, path: str):
    """The events of one server-sent event stream: (event, data) pairs, until it ends."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        if status != 200:
            return
        buffer = ""
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)  # chunked transfer
            if size == 0:
                return
            buffer += (await reader.readexactly(size + 2))[:-2].decode()
            while "\r\n\r\n" in buffer or "\n\n" in buffer:
                sep = "\r\n\r\n" if "\r\n\r\n" in buffer else "\n\n"
                block, buffer = buffer.split(sep, 1)
                fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
                if "event" in fields:
                    yield fields["event"], fields.get("data", "")
    finally:
        writer.close()


async def push_tablet(
    browser: Browser,
    table: Table,
    pupil: dict,
    seat: int,
    db_path: str,
    args,
    rng: random.Random,
    stop: asyncio.Event,
    counts: dict,
) -> None:
    """One child's tablet with the live channel, as static/js/push.js: the stream says which
    version the table is at; the tablet asks the table (one POST .../live) only when that is
    not the version it shows, or a turn fell due (the channel notes that it is here).
    While the stream is down it polls every `--poll` seconds and reconnects after a jittered,
    growing wait."""
    _, _, text = await browser.request("table page (GET)", "GET", f"/play/tables/{table.id}", htmx=False, record=False)
    found, push = VERSION.search(text), PUSH.search(text)
    version = int(found.group(1)) if found else 0
    loop = asyncio.get_running_loop()
    events: asyncio.Queue = asyncio.Queue()
    live = asyncio.Event()
    move_at = None
    last_request = loop.time()

    def plan_move(page: str) -> None:
        nonlocal move_at
        if move_at is None and ("turn-line--you" in page or ('value="next"' in page and seat == 0)):
            move_at = loop.time() + args.think * rng.uniform(0.7, 1.3)

    async def listen() -> None:
        failures = 0
        while not stop.is_set():
            try:
                async for event, data in sse_events(int(push.group(1)), html.unescape(push.group(2))):
                    if event == "hello":
                        live.set()
                        failures = 0
                        counts.add("streams")
                    elif event == "v":
                        await events.put(json.loads(data))
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                pass
            live.clear()
            await asyncio.sleep(min(30.0, 2.0**failures) * rng.uniform(0.5, 1.5))
            failures += 1

    async def ask(why: str, told: int | None = None) -> bool:
        nonlocal version, last_request
        if loop.time() - last_request > KEEPALIVE:
            # gunicorn closes a kept-alive connection idle for 5 s; a browser opens a new one
            # rather than send into it (a POST sent into a closing connection is lost).
            browser.close()
            browser.writer = None
        last_request = loop.time()
        try:
            status, _, page = await browser.request(POLL, "POST", f"/play/tables/{table.id}/live?v={version}", {})
        except Closed:
            return False
        before = version
        if status == 200:
            got = VERSION.search(page)
            if got and int(got.group(1)) > version:
                table.saw(pupil["id"], version, int(got.group(1)), stamp())
                version = int(got.group(1))
        counts.ask(table.id, pupil["id"], why, status, before, version, told)
        if status == 200:
            if 'data-status="finished"' in page or "The game is over" in page:
                counts.add("finished")
                return True
            plan_move(page)
        return False

    listener = asyncio.create_task(listen())
    plan_move(text)
    next_poll = loop.time() + args.poll
    try:
        while not stop.is_set():
            now = loop.time()
            if move_at is not None and move_at <= now:
                move_at = None
                form = chosen_move(db_path, table.id, seat)
                if form is not None and int(form[0][1]) == version:
                    play = dict(form)["kind"] in ("take", "lay")
                    if loop.time() - last_request > KEEPALIVE:
                        browser.close()
                        browser.writer = None
                    last_request = loop.time()
                    try:
                        status, _, page = await browser.request(MOVE, "POST", f"/play/tables/{table.id}/move", form)
                    except asyncio.CancelledError:
                        table.plays_unanswered += play
                        raise
                    except Closed:
                        table.plays_unanswered += play
                        move_at = loop.time() + args.poll
                        continue
                    when = stamp()
                    if status == 409:
                        counts.add("stale")
                    got = VERSION.search(page)
                    if status == 200 and got and int(got.group(1)) > version:
                        new = int(got.group(1))
                        table.acked[new], table.mover[new] = when, pupil["id"]
                        table.saw(pupil["id"], version, new, when)
                        version = new
                        counts.add("moves")
                        table.plays_acked += play
                        table.moved_at.append(when)
                    plan_move(page)
                continue
            if not live.is_set():
                if next_poll <= now:
                    next_poll = now + args.poll
                    if await ask("poll"):
                        return
                    continue
            deadlines = [t for t in (move_at, None if live.is_set() else next_poll) if t is not None]
            try:
                # Live and no move planned: wait for the stream, but look again at least each
                # poll period (the stream may have dropped meanwhile).
                wait = min(deadlines) - loop.time() if deadlines else args.poll
                event = await asyncio.wait_for(events.get(), max(0.0, wait))
            except asyncio.TimeoutError:
                continue
            why = ask_reason(event, version)
            if why is not None and await ask(why, event["version"]):
                return
    finally:
        listener.cancel()


def summary_of(times: dict, names) -> dict:
    every = [t for name in names for t in times.get(name, [])]
    if not every:
        return {"n": 0}
    return {
        "n": len(every),
        "p50_ms": round(percentile(every, 0.5) * 1e3, 1),
        "p95_ms": round(percentile(every, 0.95) * 1e3, 1),
        "p99_ms": round(percentile(every, 0.99) * 1e3, 1),
    }


def push_pid(master_pid: int) -> int | None:
    """The live channel's process of the server started as `master_pid`."""
    for pid, _fields in server_processes(master_pid):
        try:
            if b"trainer.push" in open(f"/proc/{pid}/cmdline", "rb").read():
                return int(pid)
        except OSError:
            continue
    return None


# ---------------------------------------------------------------- the load split over processes


def default_clients(tables: int, drillers: int, cores: int) -> int:
    """One client process per ~10 tables or ~60 drillers, at least 2 where there are 2 cores,
    at most one per core."""
    wanted = max(1, -(-(tables * TABLE_WEIGHT + drillers) // 120))
    return max(min(2, cores), min(wanted, cores))


def split_load(tables: list, drillers: list, clients: int) -> list[tuple[list, list]]:
    """(tables, drillers) for each client process, its load as even as whole tables allow:
    a table's four seats stay in one process, so a move and its viewers' asks are timed by
    one process. Processes that would get nothing are left out."""
    shares = [([], []) for _ in range(max(1, clients))]
    load = [0] * len(shares)
    for items, weight, slot in ((tables, TABLE_WEIGHT, 0), (drillers, 1, 1)):
        for item in items:
            lightest = load.index(min(load))
            shares[lightest][slot].append(item)
            load[lightest] += weight
    return [share for share in shares if share[0] or share[1]]


def count_in(stamps, since: float, until: float) -> int:
    return sum(since <= t <= until for t in stamps)


def times_in(samples, since: float, until: float) -> dict[str, list[float]]:
    """request -> durations of the requests that ended in the window."""
    times: dict[str, list[float]] = {}
    for name, ended, seconds in samples:
        if since <= ended <= until:
            times.setdefault(name, []).append(seconds)
    return times


def errors_in(failed, since: float, until: float) -> dict[str, int]:
    errors: dict[str, int] = {}
    for name, when in failed:
        if since <= when <= until:
            errors[name] = errors.get(name, 0) + 1
    return errors


def merge(results: list[dict]) -> dict:
    """The client processes' raw samples as one client's."""
    merged = {"samples": [], "failed": [], "events": {}, "asks": [], "tables": [], "clients": []}
    for result in results:
        for key in ("samples", "failed", "asks", "tables"):
            merged[key] += result[key]
        for key, stamps in result["events"].items():
            merged["events"].setdefault(key, []).extend(stamps)
        merged["clients"].append(
            {
                "load": result["load"],
                "cpu_s": round(result["cpu_s"], 3),
                "cores_busy": round(result["cpu_s"] / result["window_s"], 3),
            }
        )
    return merged


def asks_per_move(asks, tables: list[dict], since: float, until: float) -> dict:
    """The table asks against the moves acknowledged in the window times their viewers (the
    other seats), and what each ask brought: a move another tablet made, only versions no
    tablet made (the server's own: a child noted back, the helper bot), or nothing new (a 204,
    by why it was sent). An ask that brought a move counts with that move's window, so an ask
    at the window's start for a move made before it is not set against the moves in it."""
    acked = {(t["id"], v): (t["mover"][v], when) for t in tables for v, when in t["acked"].items()}
    viewings = sum(len(t["pupils"]) - 1 for t in tables for when in t["acked"].values() if since <= when <= until)
    kinds: dict[str, int] = {}
    for asked, table_id, pupil_id, why, _status, before, after, *_told in asks:
        others = [
            acked[table_id, v]
            for v in range(before + 1, after + 1)
            if acked.get((table_id, v), (pupil_id,))[0] != pupil_id
        ]
        if not since <= (others[0][1] if others else asked) <= until:
            continue
        if others:
            kind = "a move of another tablet"
        elif after <= before:
            kind = f"nothing new ({why})"
        else:
            kind = f"only versions no tablet made ({why})"
        kinds[kind] = kinds.get(kind, 0) + 1
    sent = sum(kinds.values())
    return {
        "asks": sent,
        "move_viewings": viewings,
        "per_viewer_per_move": round(sent / viewings, 3) if viewings else None,
        "by_what_it_brought": kinds,
    }


def client_main(pipe, share: dict) -> None:
    """A client process: its share of the tables and drillers on an event loop of its own."""
    pipe.send(asyncio.run(client(pipe, share)))


async def client(pipe, share: dict) -> dict:
    """Logs its pupils in and sets them going, says it is ready, runs until the parent's
    window has passed and hands back its raw samples."""
    args = argparse.Namespace(**share["args"])
    recorder, counts, stop = Recorder(), Tally(), asyncio.Event()
    rng = random.Random(share["seed"])
    play_tablet = push_tablet if share["mode"] == "push" else tablet
    tables = [Table(spec) for spec in share["tables"]]
    players = [
        (Browser(share["port"], recorder), table, pupil, spec["seat"][pupil["id"]])
        for table, spec in zip(tables, share["tables"])
        for pupil in spec["pupils"]
    ]
    drillers = [(Browser(share["port"], recorder), pupil) for pupil in share["drillers"]]
    browsers = [p[0] for p in players] + [d[0] for d in drillers]
    tasks = []
    try:
        everyone = [(b, p) for b, _, p, _ in players] + drillers
        for i in range(0, len(everyone), 25):  # a class arrives over a few seconds
            await asyncio.gather(*(pupil_login(b, p) for b, p in everyone[i : i + 25]))
        for browser, table, pupil, seat in players:
            tasks.append(
                asyncio.create_task(
                    play_tablet(
                        browser, table, pupil, seat, share["db_path"], args, random.Random(rng.random()), stop, counts
                    )
                )
            )
        for browser, _ in drillers:
            tasks.append(
                asyncio.create_task(pupil_loop(browser, share["db_path"], 3.0, random.Random(rng.random()), stop))
            )
        pipe.send("ready")
        since, until = await asyncio.to_thread(pipe.recv)
        await asyncio.sleep(max(0.0, since - stamp()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, until - stamp()))
        cpu = time.process_time() - cpu
        stop.set()
        await asyncio.sleep(1.5)  # the tasks stop at their next step
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for browser in browsers:
            browser.close()
    return {
        "samples": recorder.samples,
        "failed": recorder.failed,
        "events": counts.events,
        "asks": counts.asks,
        "tables": [t.record() | {"pupils": s["pupils"]} for t, s in zip(tables, share["tables"])],
        "cpu_s": cpu,
        "window_s": until - since,
        "load": f"{len(tables)} tables, {len(drillers)} drillers",
    }


def receive(proc, pipe, timeout: float):
    """The next message of a client process; fails rather than waits on one that died."""
    deadline = time.monotonic() + timeout
    while not pipe.poll(0.5):
        if not proc.is_alive() or time.monotonic() > deadline:
            raise SystemExit(f"client process {proc.pid} {'died' if not proc.is_alive() else 'did not answer'}")
    return pipe.recv()


def sleep_until(when: float) -> None:
    time.sleep(max(0.0, when - stamp()))


def start_clients(shares: list[tuple[list, list]], mode: str, port: int, db_path: str, args) -> list[tuple]:
    # spawn, not fork: each client starts clean, without the parent's open files and imports.
    context = multiprocessing.get_context("spawn")
    procs = []
    for index, (tables, drillers) in enumerate(shares):
        ours, theirs = context.Pipe()
        share = {
            "tables": tables,
            "drillers": drillers,
            "mode": mode,
            "port": port,
            "db_path": db_path,
            "args": vars(args),
            "seed": 16 + index,
        }
        proc = context.Process(target=client_main, args=(theirs, share), daemon=True)
        proc.start()
        procs.append((proc, ours))
    return procs


def run(args, mode: str = "poll") -> dict:
    work = Path(tempfile.mkdtemp(prefix="tweak-classplay-"))
    db_path = str(work / "school.db")
    pupils_needed = args.tables * 4 + args.drillers
    school = build_school(db_path, classes=-(-pupils_needed // 28) + 1, pupils_per_class=28)
    specs, spare = make_tables(db_path, school, args.tables)
    if len(spare) < args.drillers:
        raise SystemExit("not enough pupils for the drills")
    port = free_port()
    extra = ("--push-port", str(free_port()) if mode == "push" else "0")
    clients = args.clients or default_clients(args.tables, args.drillers, os.cpu_count() or 1)
    shares = split_load(specs, spare[: args.drillers], clients)
    server = start_server(db_path, port, args.workers, args.threads, str(work / "server.log"), extra)
    procs = []

    def restart():
        return start_server(db_path, port, args.workers, args.threads, str(work / "server.log"), extra)

    try:
        procs = start_clients(shares, mode, port, db_path, args)
        for proc, pipe in procs:
            receive(proc, pipe, 600)
        since = stamp() + args.warmup
        until = since + args.seconds
        for _, pipe in procs:
            pipe.send((since, until))
        sleep_until(since)
        cpu_before = server_cpu_seconds(server.pid)
        server, kill_times, cpu_before = disrupt(args, mode, server, since, cpu_before, restart)
        sleep_until(until)
        server_cpu = server_cpu_seconds(server.pid) - cpu_before
        rss = server_rss_mb(server.pid)
        results = [receive(proc, pipe, 120) for proc, pipe in procs]
    finally:
        for proc, _ in procs:
            proc.join(5)
            if proc.is_alive():
                proc.terminate()
        kill_server(server, signal.SIGTERM)
    return report_of(args, mode, merge(results), since, until, server_cpu, rss, kill_times, db_path)


def disrupt(args, mode: str, server, since: float, cpu_before: float, restart) -> tuple:
    """The kill of --kill-at or --kill-push-at, at its moment in the window: (the server now,
    when it was killed and back or None, the server's CPU counter to measure from)."""
    if args.kill_push_at is not None and mode == "push":
        sleep_until(since + args.kill_push_at)
        os.kill(push_pid(server.pid), signal.SIGKILL)
        killed_at = stamp()
        return server, {"killed_at": killed_at, "back_at": killed_at, "outage_until": None}, cpu_before
    if args.kill_at is not None:
        sleep_until(since + args.kill_at)
        cpu_of_killed = server_cpu_seconds(server.pid) - cpu_before
        kill_server(server)
        killed_at = stamp()
        time.sleep(args.down)
        server = restart()
        back_at = stamp()
        return (
            server,
            {"killed_at": killed_at, "back_at": back_at, "outage_until": back_at + 3},
            server_cpu_seconds(server.pid) - cpu_of_killed,
        )
    return server, None, cpu_before


def report_of(
    args,
    mode: str,
    merged: dict,
    since: float,
    until: float,
    server_cpu: float,
    rss: float,
    kill_times: dict | None,
    db_path: str,
) -> dict:
    window = until - since
    tables = [Table.from_record({k: v for k, v in t.items() if k != "pupils"}) for t in merged["tables"]]
    times = times_in(merged["samples"], since, until)
    errors = errors_in(merged["failed"], since, until)
    events = merged["events"]
    asks = [a for a in merged["asks"] if since <= a[0] <= until]
    cut = until - 2 * args.poll  # a move this late may not be on every board yet
    seen = [t for table in tables for t in table.latencies(since, cut)]
    requests = sum(len(v) for v in times.values())
    stale = count_in(events.get("stale", []), since, until)
    client_cpu = sum(c["cpu_s"] for c in merged["clients"])
    report = {
        "mode": mode,
        "settings": vars(args),
        "window_s": round(window, 1),
        "moves": count_in(events.get("moves", []), since, until),
        "move_seen_by_others": {
            "n": len(seen),
            "p50_ms": round(percentile(seen, 0.5) * 1e3),
            "p95_ms": round(percentile(seen, 0.95) * 1e3),
            "max_ms": round(max(seen) * 1e3) if seen else None,
        }
        if seen
        else {"n": 0},
        "poll": summary_of(times, [POLL]),
        "move": summary_of(times, [MOVE]),
        "drill": summary_of(times, DRILL_REQUESTS),
        "by_request": {name: summary_of(times, [name]) for name in sorted(times)},
        "requests": requests,
        "per_second": round(requests / window, 1),
        # 409s are refusals the client counts itself (stale); every other 4xx/5xx or a lost
        # connection is an error.
        "errors": sum(errors.values()) - stale,
        "errors_by_request": errors,
        "stale": stale,
        "polls_answered_with_a_table": sum(a[4] == 200 for a in asks),
        "polls": len(asks),
        "asks_whole_run": len(merged["asks"]),
        "asks_per_move_seen": round(count_in([a[0] for a in asks], since, cut) / max(1, len(seen)), 2),
        "asks_per_viewer_per_move": asks_per_move(merged["asks"], merged["tables"], since, cut),
        "streams_opened": len(events.get("streams", [])),
        "tables_finished": len(events.get("finished", [])),
        "server_cpu_ms_per_request": round(server_cpu / max(1, requests) * 1e3, 2),
        "server_cores_busy": round(server_cpu / window, 2),
        "client_cores_busy": round(client_cpu / window, 3),
        "client_processes": merged["clients"],
        "server_rss_mb": round(rss),
    }
    if kill_times:
        kill = kept_after_kill(db_path, tables, kill_times["back_at"])
        outage = kill_times["outage_until"]
        kill.update(
            down_s=round(kill_times["back_at"] - kill_times["killed_at"], 1),
            errors_in_outage=sum(errors_in(merged["failed"], kill_times["killed_at"], outage).values())
            if outage
            else 0,
        )
        if outage is None:
            kill["streams_reopened_after_kill"] = count_in(
                events.get("streams", []), kill_times["killed_at"], float("inf")
            )
        report["errors"] -= kill["errors_in_outage"]
        report["kill"] = kill
    return report


async def idle_cost(args, mode: str) -> dict:
    """Server CPU of connected tablets at tables where nobody moves, per tablet and minute:
    the same server measured first with none, then with `--idle-tablets` (issue 36's "a
    connected tablet ... costs at most a tenth of today's 1 s poll")."""
    work = Path(tempfile.mkdtemp(prefix="tweak-idle-"))
    db_path = str(work / "school.db")
    tables_n = args.idle_tablets // 4
    school = build_school(db_path, classes=-(-tables_n * 4 // 28) + 1, pupils_per_class=28)
    specs, _spare = make_tables(db_path, school, tables_n)
    port = free_port()
    extra = ("--push-port", str(free_port()) if mode == "push" else "0")
    server = start_server(db_path, port, args.workers, args.threads, str(work / "server.log"), extra)
    stats, stop, counts = Stats(), asyncio.Event(), Tally()
    still = argparse.Namespace(**{**vars(args), "think": 1e9})  # nobody ever moves
    browsers, tasks = [], []
    try:
        players = [
            (Browser(port, stats), Table(spec), pupil, spec["seat"][pupil["id"]])
            for spec in specs
            for pupil in spec["pupils"]
        ]
        browsers = [p[0] for p in players]
        for i in range(0, len(players), 25):
            await asyncio.gather(*(pupil_login(b, p) for b, _, p, _ in players[i : i + 25]))
        await asyncio.sleep(3)
        before = server_cpu_seconds(server.pid)
        await asyncio.sleep(args.idle_seconds)
        nobody = server_cpu_seconds(server.pid) - before
        play_tablet = push_tablet if mode == "push" else tablet
        rng = random.Random(36)
        for browser, table, pupil, seat in players:
            tasks.append(
                asyncio.create_task(
                    play_tablet(browser, table, pupil, seat, db_path, still, random.Random(rng.random()), stop, counts)
                )
            )
        await asyncio.sleep(args.warmup)
        before, requests_before = server_cpu_seconds(server.pid), len(counts.asks)
        await asyncio.sleep(args.idle_seconds)
        connected = server_cpu_seconds(server.pid) - before
        asks = len(counts.asks) - requests_before
        stop.set()
        await asyncio.sleep(1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for browser in browsers:
            browser.close()
        kill_server(server, signal.SIGTERM)
    minutes = args.idle_seconds / 60 * len(players)
    return {
        "mode": mode,
        "tablets": len(players),
        "seconds": args.idle_seconds,
        "server_cpu_s_nobody": round(nobody, 2),
        "server_cpu_s_connected": round(connected, 2),
        "requests_per_tablet_minute": round(asks / minutes, 1),
        "cpu_ms_per_tablet_minute": round(max(0.0, connected - nobody) / minutes * 1e3, 1),
    }


def kept_after_kill(db_path: str, tables: list[Table], back_at: float) -> dict:
    """What the database holds after the kill and the restart, against what the tablets were
    told: every acknowledged play kept exactly once, no acknowledged version lost, every table
    moving again once the server was back."""
    from trainer.engine.moves import Play
    from trainer.store import class_tables

    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30)
    conn.row_factory = sqlite3.Row
    problems, recovered = [], []
    for table in tables:
        row = dict(conn.execute("SELECT * FROM class_tables WHERE id = ?", [table.id]).fetchone())
        game = class_tables.load(row)
        stored = sum(len(record["moves"]) for record in game.rounds)
        if not game.state.over:
            stored += sum(isinstance(move, Play) for _, move in game.state.log)
        stored -= len(class_tables.helped_of(row))
        if not table.plays_acked <= stored <= table.plays_acked + table.plays_unanswered:
            problems.append(
                f"table {table.id}: {table.plays_acked} plays acknowledged, "
                f"{table.plays_unanswered} unanswered, {stored} stored"
            )
        if table.acked and row["version"] < max(table.acked):
            problems.append(f"table {table.id}: version {row['version']} < acknowledged {max(table.acked)}")
        after = [t - back_at for t in table.moved_at if t >= back_at]
        if row["status"] == "finished" and not after:
            continue  # its game ended before the kill: nothing left to play
        recovered.append(after[0] if after else None)
    conn.close()
    moved = [t for t in recovered if t is not None]
    return {
        "problems": problems,
        "plays_acknowledged": sum(t.plays_acked for t in tables),
        "plays_unanswered": sum(t.plays_unanswered for t in tables),
        "tables_moving_after_restart": len(moved),
        "tables_unfinished": len(recovered),
        "first_move_after_restart_s": {"p50": round(percentile(moved, 0.5), 2), "max": round(max(moved), 2)}
        if moved
        else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--drillers", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=60, help="measured window")
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument(
        "--think",
        type=float,
        default=1.25,
        help="seconds a child thinks on their turn (4 seats: a move each every ~5 s)",
    )
    parser.add_argument("--poll", type=float, default=1.0, help="the table page's poll period")
    parser.add_argument(
        "--mode",
        choices=("both", "push", "poll"),
        default="both",
        help="the live channel (issue 36.1), today's poll, or both in one run (default)",
    )
    parser.add_argument(
        "--idle-tablets",
        type=int,
        default=0,
        help="also measure this many connected tablets where nobody moves (server CPU)",
    )
    parser.add_argument("--idle-seconds", type=float, default=30)
    parser.add_argument(
        "--kill-at",
        type=float,
        default=None,
        help="SIGKILL the whole server (and the live channel) this many seconds into the window, then restart it",
    )
    parser.add_argument(
        "--kill-push-at",
        type=float,
        default=None,
        help="SIGKILL only the live channel's process this many seconds into the push run",
    )
    parser.add_argument("--down", type=float, default=2.0, help="seconds the killed server stays down")
    parser.add_argument(
        "--clients",
        type=int,
        default=0,
        help="client processes the tables and drillers are split over (default: one per "
        "~10 tables or ~60 drillers, at least 2 where there are 2 cores)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    modes = ("push", "poll") if args.mode == "both" else (args.mode,)
    reports = {mode: run(args, mode) for mode in modes}
    idle = {mode: asyncio.run(idle_cost(args, mode)) for mode in modes} if args.idle_tablets else {}
    save_result("class_play", {"runs": reports, "idle": idle})
    first = reports[modes[0]]
    print(
        f"{args.tables} tables of 4 + {args.drillers} drillers, {first['window_s']} s each, "
        f"--workers {args.workers} --threads {args.threads}; " + ", then ".join(modes)
    )
    print("| measure | " + " | ".join(modes) + " |")
    print("|---|" + "---|" * len(modes))

    def row(label, cell):
        print(f"| {label} | " + " | ".join(cell(reports[m]) for m in modes) + " |")

    row("moves in the window", lambda r: str(r["moves"]))
    row(
        "move -> seen by the other 3, p50 / p95 / max",
        lambda r: (
            f"{r['move_seen_by_others'].get('p50_ms')} / {r['move_seen_by_others'].get('p95_ms')} / "
            f"{r['move_seen_by_others'].get('max_ms')} ms (n={r['move_seen_by_others']['n']})"
        ),
    )
    for name in ("poll", "move", "drill"):
        row(
            f"{name} requests p50 / p95",
            lambda r, n=name: f"{r[n].get('p50_ms')} / {r[n].get('p95_ms')} ms (n={r[n]['n']})",
        )
    row(
        "table asks (POST .../live): answered with a new table / all",
        lambda r: f"{r['polls_answered_with_a_table']} of {r['polls']}",
    )
    row("table asks per move seen", lambda r: f"{r['asks_per_move_seen']:.2f}")
    row(
        "table asks per viewer per move (same window)",
        lambda r: (
            f"{r['asks_per_viewer_per_move']['per_viewer_per_move']} "
            f"({r['asks_per_viewer_per_move']['asks']} asks, {r['asks_per_viewer_per_move']['move_viewings']} "
            "viewings)"
        ),
    )
    row("errors / stale refusals", lambda r: f"{r['errors']} / {r['stale']}")
    row("requests/s", lambda r: str(r["per_second"]))
    row(
        "server CPU per request", lambda r: f"{r['server_cpu_ms_per_request']} ms ({r['server_cores_busy']} cores busy)"
    )
    row(
        "client CPU: cores busy, all / each process",
        lambda r: f"{r['client_cores_busy']} / " + ", ".join(str(c["cores_busy"]) for c in r["client_processes"]),
    )
    row("server memory", lambda r: f"{r['server_rss_mb']} MB")
    if idle:
        print(
            "| idle tablets: server CPU per tablet-minute | "
            + " | ".join(
                f"{idle[m]['cpu_ms_per_tablet_minute']} ms ({idle[m]['requests_per_tablet_minute']} asks, "
                f"{idle[m]['tablets']} tablets, {idle[m]['seconds']:.0f} s)"
                for m in modes
            )
            + " |"
        )
    for mode, report in reports.items():
        for client in report["client_processes"]:
            if client["cores_busy"] > CLIENT_BUSY:
                print(
                    f"WARNING: {mode}: a client process ({client['load']}) used {client['cores_busy']} of a core: "
                    "the client may be the bottleneck; run with more --clients (or on more cores)"
                )
    failed = []
    for mode, report in reports.items():
        kill = report.get("kill")
        if kill:
            what = "the live channel" if args.kill_push_at is not None and mode == "push" else "the whole server"
            print(
                f"| {mode}: SIGKILL of {what} | plays acknowledged {kill['plays_acknowledged']}, answers lost to "
                f"the kill {kill['plays_unanswered']}, kept exactly once: {'yes' if not kill['problems'] else 'NO'}; "
                f"tables moving again {kill['tables_moving_after_restart']} of {kill['tables_unfinished']}; "
                f"streams opened again {kill.get('streams_reopened_after_kill', '-')} |"
            )
            if kill["problems"] or kill["tables_moving_after_restart"] < kill["tables_unfinished"]:
                failed.append(
                    f"{mode}: after the kill: " + "; ".join(kill["problems"] or ["a table did not move again"])
                )
        if report["errors"]:
            failed.append(f"{mode}: errors {report['errors_by_request']}")
        print(json.dumps({mode: report["by_request"]}, indent=1), file=sys.stderr)
    if failed:
        sys.exit("FAIL: " + "; ".join(failed))


if __name__ == "__main__":
    main()
