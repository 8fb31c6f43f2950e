"""What each hot request costs, as a ratio to the floor app, and how many SQL statements it runs
(issue 36.3).

    .venv/bin/python bench/request_cost.py [--rounds 300] [--json bench/results/request_cost.json]

In one process, through Flask's test client (no sockets, no server: what is measured is the
app's own work plus the test client's, and the floor pays the same test client), on a school
made as bench/load_test.py makes it, with the app configured as `trainer serve` runs it (a
connection kept per thread, group commit). Each request's CPU is the thread's CPU time around
it (`time.thread_time`: an fsync's wait is not CPU, and other programs on the machine do not
inflate it). The routes are measured in turn, round after round, so that a busy moment of the
machine falls on all of them alike; each figure is the median over the rounds after a warm-up.

Routes: next puzzle (htmx POST /practice/next, the puzzle screen with the puzzles handed ahead),
answer (htmx POST /practice/answer, the feedback), a game move at a class table (htmx POST
/play/tables/T/move), the table view (GET /play/tables/T), the projector page (GET
/classes/C/play) and the class overview (GET /classes/C/dashboard); the floor is
bench/floor_app.py with a page as large as the puzzle screen. SQL statements are counted with
sqlite3's trace callback on the request's connection (BEGIN and COMMIT included, a trigger's
run counted as a statement), and from the same callback the time the request holds the
school's one write lock (BEGIN IMMEDIATE to COMMIT, uncontended: what caps the school's writes,
docs/deploy.md).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from werkzeug.datastructures import MultiDict

from common import median, save_result
from floor_app import create_floor_app
from school_load import PASSWORD, TEACHER_PASSWORD, build_school, right_answer

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
ATTEMPT = re.compile(r'name="attempt" value="([^"]+)"')
VERSION = re.compile(r'<section id="table"[^>]*data-version="(\d+)"')
ROUTES = ("next puzzle", "answer", "game move", "table view", "projector page", "class overview")


class StatementCounter:
    """Counts the SQL statements of every SQLite connection opened from now on (the app's and
    the floor's; the bench's own reads of the answers happen between requests)."""

    def __init__(self):
        self.count = 0
        self.held = 0.0         # seconds from BEGIN IMMEDIATE to COMMIT: the school's write lock held
        self._began = None
        opened = sqlite3.connect

        def counting(*args, **kwargs):
            conn = opened(*args, **kwargs)
            conn.set_trace_callback(self._seen)
            return conn
        sqlite3.connect = counting

    def _seen(self, statement):
        self.count += 1
        if statement == "BEGIN IMMEDIATE":
            self._began = time.perf_counter()
        elif statement == "COMMIT" and self._began is not None:
            self.held += time.perf_counter() - self._began
            self._began = None


class Tablet:
    """A test client that sends what a browser's page sends: the CSRF token of its last page,
    the Origin, and htmx's header when the page would use htmx."""

    def __init__(self, app):
        self.client = app.test_client()
        self.csrf = ""

    def call(self, method: str, path: str, form=None, htmx=False):
        headers = {"Origin": "http://localhost"}
        if htmx:
            headers["HX-Request"] = "true"
        if self.csrf:
            headers["X-CSRFToken"] = self.csrf
        if isinstance(form, list):
            form = MultiDict(form)      # a move's form repeats "take"
        response = self.client.open(path, method=method, data=form, headers=headers)
        found = CSRF.search(response.get_data(as_text=True))
        if found:
            self.csrf = found.group(1)
        return response


def pupil_tablet(app, pupil: dict) -> Tablet:
    tablet = Tablet(app)
    tablet.call("GET", "/join")
    tablet.call("POST", "/join", {"code": pupil["code"]})
    for picture in PASSWORD:
        tablet.call("POST", f"/join/pupil/{pupil['id']}", {"pick": picture})
    tablet.call("GET", "/me")
    return tablet


def teacher_tablet(app, email: str) -> Tablet:
    tablet = Tablet(app)
    tablet.call("GET", "/login")
    assert tablet.call("POST", "/login", {"email": email, "password": TEACHER_PASSWORD}).status_code == 303
    tablet.call("GET", "/")
    return tablet


class Measured:
    """CPU, statements and bytes of each request, by route."""

    def __init__(self, counter: StatementCounter):
        self.counter = counter
        self.cpu: dict[str, list[float]] = {}
        self.statements: dict[str, list[int]] = {}
        self.held: dict[str, list[float]] = {}
        self.size: dict[str, int] = {}
        self.recording = False

    def __call__(self, route: str, tablet: Tablet, method: str, path: str, form=None, htmx=False,
                 expect=(200,)):
        before_statements, held_before = self.counter.count, self.counter.held
        start = time.thread_time()
        response = tablet.call(method, path, form, htmx)
        cpu = time.thread_time() - start
        if response.status_code not in expect:
            raise SystemExit(f"{route}: {method} {path} answered {response.status_code}")
        if self.recording:
            self.cpu.setdefault(route, []).append(cpu)
            self.statements.setdefault(route, []).append(self.counter.count - before_statements)
            self.held.setdefault(route, []).append(self.counter.held - held_before)
            self.size[route] = len(response.get_data())
        return response


class Drills:
    """Pupils each doing their drill: next puzzle, then the answer (right three times in four)."""

    def __init__(self, app, db_path: str, pupils: list[dict]):
        self.db_path = db_path
        self.tablets = [pupil_tablet(app, p) for p in pupils]
        self.turn = 0

    def step(self, measure: Measured) -> None:
        tablet = self.tablets[self.turn % len(self.tablets)]
        self.turn += 1
        page = measure("next puzzle", tablet, "POST", "/practice/next", {"mode": "drill"}, htmx=True)
        found = ATTEMPT.search(page.get_data(as_text=True))
        if found is None:
            raise SystemExit("no puzzle: the drill ran out")
        answer = right_answer(self.db_path, found.group(1)) if self.turn % 4 else []
        form = {"attempt": found.group(1), "answer": json.dumps(answer), "final": "done" if answer else "pass",
                "client_ms": "2970", "taps": "[]", "answer_ms": json.dumps([2960] * len(answer))}
        measure("answer", tablet, "POST", "/practice/answer", form, htmx=True)


class Tables:
    """Started class tables of 4; each step, the pupil whose turn it is moves (as bench/class_play.py)."""

    def __init__(self, app, db_path: str, tables: list[dict]):
        self.db_path = db_path
        self.tables = tables
        self.tablets = {p["id"]: pupil_tablet(app, p) for t in tables for p in t["pupils"]}
        self.at = 0

    def step(self, measure: Measured) -> None:
        from class_play import chosen_move
        for _ in range(len(self.tables)):
            table = self.tables[self.at % len(self.tables)]
            for pupil in table["pupils"]:
                form = chosen_move(self.db_path, table["id"], table["seat"][pupil["id"]])
                if form is None:
                    continue
                tablet = self.tablets[pupil["id"]]
                measure("game move", tablet, "POST", f"/play/tables/{table['id']}/move", form, htmx=True)
                measure("table view", tablet, "GET", f"/play/tables/{table['id']}")
                return
            self.at += 1        # the game is over: the next table
        raise SystemExit("every table's game is over: make more tables")


def build(work: Path, pupils: int, tables: int) -> tuple[str, dict, list[dict], list[dict]]:
    from class_play import make_tables
    db_path = str(work / "school.db")
    school = build_school(db_path, classes=-(-pupils // 30), pupils_per_class=30, teachers=1)
    made, spare = make_tables(db_path, school, tables)
    return db_path, school, made, spare


def run(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="tweak-cost-"))
    db_path, school, tables, spare = build(work, args.pupils, args.tables)
    os.environ.pop("TRAINER_DATABASE", None)
    from trainer import create_app
    counter = StatementCounter()
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench", "KEEP_CONNECTIONS": True})
    measure = Measured(counter)
    drills = Drills(app, db_path, spare[:args.drillers])
    games = Tables(app, db_path, tables)
    teacher = teacher_tablet(app, school["teachers"][0]["email"])
    class_id = tables[0]["pupils"][0]["class_id"]

    # The floor's page is as large as the puzzle screen.
    measure.recording = True
    drills.step(measure)
    page_bytes = measure.size["next puzzle"]
    measure.cpu.clear(), measure.statements.clear()
    floor_app = create_floor_app(str(work / "floor.db"), page_bytes)
    floor = Tablet(floor_app)
    floor.call("GET", "/")
    floor_counter = Measured(counter)

    for round_number in range(args.warmup + args.rounds):
        measure.recording = floor_counter.recording = round_number >= args.warmup
        floor_counter("floor", floor, "POST", "/", {})
        drills.step(measure)
        games.step(measure)
        measure("projector page", teacher, "GET", f"/classes/{class_id}/play")
        measure("class overview", teacher, "GET", f"/classes/{class_id}/dashboard")

    floor_ms = median(floor_counter.cpu["floor"]) * 1e3
    report = {"floor": {"cpu_ms": floor_ms, "bytes": floor_counter.size["floor"],
                        "statements": median(floor_counter.statements["floor"])}, "routes": {},
              "settings": vars(args)}
    for route in ROUTES:
        cpu_ms = median(measure.cpu[route]) * 1e3
        report["routes"][route] = {"cpu_ms": cpu_ms, "ratio": cpu_ms / floor_ms,
                                   "statements_median": median(measure.statements[route]),
                                   "statements_max": max(measure.statements[route]),
                                   "write_lock_ms": median(measure.held[route]) * 1e3,
                                   "bytes": measure.size[route], "n": len(measure.cpu[route])}
    drill = (report["routes"]["next puzzle"]["cpu_ms"] + report["routes"]["answer"]["cpu_ms"]) / 2
    report["drill_request"] = {"cpu_ms": drill, "ratio": drill / floor_ms}
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300, help="measured requests per route")
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--pupils", type=int, default=60, help="pupils of the school (30 a class)")
    parser.add_argument("--drillers", type=int, default=20)
    parser.add_argument("--tables", type=int, default=6, help="started tables of 4; a game lasts ~90 moves")
    parser.add_argument("--json", default=None, help="also write the report here")
    args = parser.parse_args()
    report = run(args)
    path = save_result("request_cost", report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
    print(f"floor: {report['floor']['cpu_ms']:.2f} ms CPU a request, {report['floor']['statements']:.0f} SQL "
          f"statements, a {report['floor']['bytes']:,}-byte page")
    print("| route | CPU ms (median) | × floor | SQL statements (median / max) | write lock held ms (median) "
          "| response bytes |")
    print("|---|---|---|---|---|---|")
    for route, row in report["routes"].items():
        print(f"| {route} | {row['cpu_ms']:.2f} | {row['ratio']:.2f} | {row['statements_median']:.0f} / "
              f"{row['statements_max']} | {row['write_lock_ms']:.2f} | {row['bytes']:,} |")
    print(f"| drill request (next + answer, mean) | {report['drill_request']['cpu_ms']:.2f} | "
          f"{report['drill_request']['ratio']:.2f} | | | |")
    print(f"\n{path}")


if __name__ == "__main__":
    main()
