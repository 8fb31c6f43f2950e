"""What each hot request costs, as a ratio to the floor app, and how many SQL statements it runs
(issue 36.3; the floor made honest and the family routes added in issue 44.3).

    .venv/bin/python bench/request_cost.py [--rounds 300] [--json bench/results/request_cost.json]

In one process, through Flask's test client (no sockets, no server: what is measured is the
app's own work plus the test client's, and the floor pays the same test client), on a school
made as bench/load_test.py makes it, with the app configured as `trainer serve` runs it (a
connection kept per thread, group commit). Each request's CPU is the whole process's CPU time
around it (`time.process_time`, every thread: until issue 44 it was `thread_time`, which would
leave out any work another thread does for the request; the report says how much that was,
as "other threads"). An fsync's wait is not CPU, and other programs on the machine do not
count. The floors and the routes are measured in turn, round after round, so that a busy
moment of the machine falls on all of them alike; each figure is the median over the rounds
after a warm-up.

Three floors, measured in every round (bench/floor_app.py), each with a page as large as the
puzzle screen: the floor itself, the plain app (the same work written the ordinary way) and the
bare page (the page alone). The floor must cost within 20 % of the plain app, in the same run:
the benchmark says so and exits with status 1 when it does not, since every ratio below would
then be measured against a floor a real app does not pay.

Routes: next puzzle (htmx POST /practice/next, the puzzle screen with the puzzles handed ahead),
answer (htmx POST /practice/answer, the feedback), a game move at a class table (htmx POST
/play/tables/T/move), the table view (GET /play/tables/T), the projector page (GET
/classes/C/play), the class overview (GET /classes/C/dashboard), the parent page (GET
/family/LINK, by the link the class's letters hand out), a move at the family table (htmx POST
/games/family/G/move, as the outbox sends it after the taps: the child, a family member and a
`beginner` bot, the tablet handed over between the two people) and "Check our table" (htmx
POST /games/check-table: eight table cards, a hand of three, magic number 10). SQL statements
are counted with sqlite3's trace callback on the request's connection (BEGIN and COMMIT
included, a trigger's run counted as a statement), and from the same callback the time the
request holds the school's one write lock (BEGIN IMMEDIATE to COMMIT, uncontended: what caps
the school's writes, docs/deploy.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from werkzeug.datastructures import MultiDict

from common import median, save_result
from floor_app import create_bare_app, create_floor_app, create_plain_app
from school_load import PASSWORD, TEACHER_PASSWORD, build_school, right_answer

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
ATTEMPT = re.compile(r'name="attempt" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
FLOORS = ("floor", "plain", "bare")
ROUTES = (
    "next puzzle",
    "answer",
    "game move",
    "table view",
    "projector page",
    "class overview",
    "parent page",
    "family move",
    "check our table",
)
HONEST = 0.20  # how far the floor may be from the plain app (issue 44.3)

# An ordinary table of printed cards (about 40 captures); the worst cases are bounded elsewhere.
CHECK_FORM = (
    [("target", "10")]
    + [("table", c) for c in ("R1a", "O2a", "Y3a", "G4", "B5", "P1b", "R3b", "O4")]
    + [("hand", c) for c in ("G2a", "B3b", "P5")]
    + [("place", "hand")]
)


def floor_is_honest(floor_ms: float, plain_ms: float, tolerance: float = HONEST) -> bool:
    """Whether the floor costs within `tolerance` of the plain app, either way: dearer, it
    flatters every route; cheaper, it leaves out work every real page does."""
    return plain_ms > 0 and abs(floor_ms / plain_ms - 1) <= tolerance


class StatementCounter:
    """Counts the SQL statements of every SQLite connection opened from now on (the app's and
    the floors'; the bench's own reads happen between requests)."""

    def __init__(self):
        self.count = 0
        self.held = 0.0  # seconds from BEGIN IMMEDIATE to COMMIT: the school's write lock held
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
            form = MultiDict(form)  # a move's form repeats "take", a table check's "table"
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
        self.elsewhere: dict[str, list[float]] = {}  # CPU of the process's other threads
        self.statements: dict[str, list[int]] = {}
        self.held: dict[str, list[float]] = {}
        self.size: dict[str, int] = {}
        self.recording = False

    def __call__(self, route: str, tablet: Tablet, method: str, path: str, form=None, htmx=False, expect=(200,)):
        before_statements, held_before = self.counter.count, self.counter.held
        start, own_start = time.process_time(), time.thread_time()
        response = tablet.call(method, path, form, htmx)
        cpu, own = time.process_time() - start, time.thread_time() - own_start
        if response.status_code not in expect:
            raise SystemExit(f"{route}: {method} {path} answered {response.status_code}")
        if self.recording:
            self.cpu.setdefault(route, []).append(cpu)
            self.elsewhere.setdefault(route, []).append(max(0.0, cpu - own))
            self.statements.setdefault(route, []).append(self.counter.count - before_statements)
            self.held.setdefault(route, []).append(self.counter.held - held_before)
            self.size[route] = len(response.get_data())
        return response


class Floors:
    """The floor, the plain app and the bare page, each on its own tablet (and database)."""

    def __init__(self, work: Path, page_bytes: int):
        templates = work / "plain-templates"
        templates.mkdir()
        self.tablets = {
            "floor": Tablet(create_floor_app(str(work / "floor.db"), page_bytes)),
            "plain": Tablet(create_plain_app(str(work / "plain.db"), page_bytes, str(templates))),
            "bare": Tablet(create_bare_app(page_bytes)),
        }
        for tablet in self.tablets.values():
            tablet.call("GET", "/")
        self.turn = 0

    def step(self, measure: Measured) -> None:
        # Each round starts with a different one, so none always follows the same request.
        names = FLOORS[self.turn % 3 :] + FLOORS[: self.turn % 3]
        self.turn += 1
        for name in names:
            measure(name, self.tablets[name], "POST", "/", {})


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
        form = {
            "attempt": found.group(1),
            "answer": json.dumps(answer),
            "final": "done" if answer else "pass",
            "client_ms": "2970",
            "taps": "[]",
            "answer_ms": json.dumps([2960] * len(answer)),
        }
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
            self.at += 1  # the game is over: the next table
        raise SystemExit("every table's game is over: make more tables")


class Parents:
    """Families opening the parent page by the link their child's letter carries, a different
    child each time (a link's views are limited per hour, PARENT_PAGE_VIEWS): the children
    doing their drill in this run, so that the page has a week of practice to show."""

    def __init__(self, app, db_path: str, teacher: Tablet, pupils: list[dict]):
        from trainer.store import parent_links

        for class_id in sorted({p["class_id"] for p in pupils}):  # printing the letters hands the links out
            assert teacher.call("GET", f"/classes/{class_id}/letters").status_code == 200
        with _read_only(db_path) as conn:
            nonces = dict(conn.execute("SELECT pupil_id, nonce FROM parent_links WHERE nonce IS NOT NULL"))
        self.links = [
            parent_links.token_for(app.config["SECRET_KEY"], nonces[p["id"]]) for p in pupils if p["id"] in nonces
        ]
        if not self.links:
            raise SystemExit("the letters made no parent links")
        self.browser = Tablet(app)
        self.turn = 0

    def step(self, measure: Measured) -> None:
        link = self.links[self.turn % len(self.links)]
        self.turn += 1
        measure("parent page", self.browser, "GET", f"/family/{link}")


class FamilyTable:
    """A pupil's family table at home: the child, a family member (Anna) and a `beginner` bot
    on one tablet, handed over between the two people. Each step, whoever's turn it is taps
    "It's me" when asked, taps their cards and sends the move as the outbox does; only the move
    is measured."""

    def __init__(self, app, db_path: str, pupil: dict):
        self.db_path = db_path
        self.tablet = pupil_tablet(app, pupil)
        self.game_id: int | None = None

    def step(self, measure: Measured) -> None:
        form = self._ready_move()
        measure("family move", self.tablet, "POST", f"/games/family/{self.game_id}/move", form, htmx=True)

    def _ready_move(self) -> list[tuple[str, str]]:
        for _ in range(3):
            if self.game_id is None or self._row()["status"] != "active":
                self._start()
            html = self._holding()
            form = self._tapped(html)
            if form is not None:
                return form
            self.game_id = None  # the round is over: a new game
        raise SystemExit("the family table has no move to make")

    def _start(self) -> None:
        response = self.tablet.call(
            "POST", "/games/family/new", {"name2": "Anna", "bot3": "beginner", "length": "round"}
        )
        if response.status_code != 303:
            raise SystemExit(f"family table: POST /games/family/new answered {response.status_code}")
        self.game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])

    def _holding(self) -> str:
        """The board of the person to move, after the hand-over if the tablet must change hands."""
        path = f"/games/family/{self.game_id}"
        html = self.tablet.call("GET", path).get_data(as_text=True)
        if "data-hand-over" in html:
            self.tablet.call("POST", f"{path}/ready", {"version": VERSION.search(html).group(1)}, htmx=True)
            html = self.tablet.call("GET", path).get_data(as_text=True)
        return html

    def _tapped(self, html: str) -> list[tuple[str, str]] | None:
        from trainer.engine.solver import best_capture, solve
        from trainer.engine.state import Phase
        from trainer.engine.view import view_of
        from trainer.store import games

        game = games.load(self._row())
        state = game.state
        if state.over or game.to_act is None:
            return None
        view = view_of(state, game.to_act)
        form = [("version", VERSION.search(html).group(1)), ("token", TOKEN.search(html).group(1)), ("queued_ms", "0")]
        if state.phase is Phase.DISCARD:
            return form + [("kind", "discard"), ("card", view.hand[0])]
        best = best_capture(solve(view.hand, view.table, view.target))
        cards = [best.play, *best.capture] if best else [view.hand[0]]
        for card in cards:
            self.tablet.call(
                "POST", f"/games/family/{self.game_id}/tap", {"tap": card, "version": form[0][1]}, htmx=True
            )
        return form + [("kind", "take" if best else "lay"), ("decision_ms", "4100")]

    def _row(self) -> dict:
        with _read_only(self.db_path) as conn:
            conn.row_factory = sqlite3.Row
            return dict(conn.execute("SELECT * FROM games WHERE id = ?", [self.game_id]).fetchone())


class TableCheck:
    """A pupil checking a table of printed cards: each change of the picker asks again."""

    def __init__(self, app, pupil: dict):
        self.tablet = pupil_tablet(app, pupil)
        self.tablet.call("GET", "/games/check-table")

    def step(self, measure: Measured) -> None:
        measure("check our table", self.tablet, "POST", "/games/check-table", CHECK_FORM, htmx=True)


class _read_only:
    """The bench's own look at the school between requests, never inside a measured one."""

    def __init__(self, db_path: str):
        self.db_path = db_path

    def __enter__(self) -> sqlite3.Connection:
        self.conn = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=30)
        return self.conn

    def __exit__(self, *exc) -> None:
        self.conn.close()


def build(work: Path, pupils: int, tables: int) -> tuple[str, dict, list[dict], list[dict]]:
    from class_play import make_tables

    db_path = str(work / "school.db")
    school = build_school(db_path, classes=-(-pupils // 30), pupils_per_class=30, teachers=1)
    made, spare = make_tables(db_path, school, tables)
    return db_path, school, made, spare


def run(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="tweak-cost-"))
    db_path, school, tables, spare = build(work, args.pupils, args.tables)
    if len(spare) < args.drillers + 2:
        raise SystemExit(f"{len(spare)} pupils besides the tables: fewer --drillers or more --pupils")
    os.environ.pop("TRAINER_DATABASE", None)
    from trainer import create_app

    counter = StatementCounter()
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench", "KEEP_CONNECTIONS": True})
    measure = Measured(counter)
    drills = Drills(app, db_path, spare[: args.drillers])
    games = Tables(app, db_path, tables)
    teacher = teacher_tablet(app, school["teachers"][0]["email"])
    class_id = tables[0]["pupils"][0]["class_id"]
    parents = Parents(app, db_path, teacher, spare[: args.drillers])
    family = FamilyTable(app, db_path, spare[args.drillers])
    check = TableCheck(app, spare[args.drillers + 1])

    # The floors' page is as large as the puzzle screen.
    measure.recording = True
    drills.step(measure)
    page_bytes = measure.size["next puzzle"]
    for kept in (measure.cpu, measure.elsewhere, measure.statements, measure.held):
        kept.clear()
    floors = Floors(work, page_bytes)

    for round_number in range(args.warmup + args.rounds):
        measure.recording = round_number >= args.warmup
        floors.step(measure)
        drills.step(measure)
        games.step(measure)
        measure("projector page", teacher, "GET", f"/classes/{class_id}/play")
        measure("class overview", teacher, "GET", f"/classes/{class_id}/dashboard")
        parents.step(measure)
        family.step(measure)
        check.step(measure)
    return report_of(measure, args)


def report_of(measure: Measured, args) -> dict:
    floors = {
        name: {
            "cpu_ms": median(measure.cpu[name]) * 1e3,
            "bytes": measure.size[name],
            "statements": median(measure.statements[name]),
        }
        for name in FLOORS
    }
    floor_ms = floors["floor"]["cpu_ms"]
    report = {
        "floor": floors["floor"],
        "floors": floors,
        "floor_to_plain": floor_ms / floors["plain"]["cpu_ms"],
        "floor_is_honest": floor_is_honest(floor_ms, floors["plain"]["cpu_ms"]),
        "routes": {},
        "settings": vars(args),
    }
    for route in ROUTES:
        cpu_ms = median(measure.cpu[route]) * 1e3
        report["routes"][route] = {
            "cpu_ms": cpu_ms,
            "ratio": cpu_ms / floor_ms,
            "other_threads_ms": statistics.fmean(measure.elsewhere[route]) * 1e3,
            "statements_median": median(measure.statements[route]),
            "statements_max": max(measure.statements[route]),
            "write_lock_ms": median(measure.held[route]) * 1e3,
            "bytes": measure.size[route],
            "n": len(measure.cpu[route]),
        }
    drill = (report["routes"]["next puzzle"]["cpu_ms"] + report["routes"]["answer"]["cpu_ms"]) / 2
    report["drill_request"] = {"cpu_ms": drill, "ratio": drill / floor_ms}
    return report


def print_report(report: dict) -> None:
    for name, row in report["floors"].items():
        print(
            f"{name}: {row['cpu_ms']:.2f} ms CPU a request, {row['statements']:.0f} SQL statements, "
            f"a {row['bytes']:,}-byte page"
        )
    print(
        f"floor / plain app: {report['floor_to_plain']:.2f} (honest within {HONEST:.0%}: "
        f"{'yes' if report['floor_is_honest'] else 'NO'})"
    )
    print(
        "| route | CPU ms (median) | × floor | of it, other threads ms (mean) | SQL statements (median / max) "
        "| write lock held ms (median) | response bytes |"
    )
    print("|---|---|---|---|---|---|---|")
    for route, row in report["routes"].items():
        print(
            f"| {route} | {row['cpu_ms']:.2f} | {row['ratio']:.2f} | {row['other_threads_ms']:.3f} | "
            f"{row['statements_median']:.0f} / {row['statements_max']} | {row['write_lock_ms']:.2f} | "
            f"{row['bytes']:,} |"
        )
    print(
        f"| drill request (next + answer, mean) | {report['drill_request']['cpu_ms']:.2f} | "
        f"{report['drill_request']['ratio']:.2f} | | | | |"
    )


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
    print_report(report)
    print(f"\n{path}")
    if not report["floor_is_honest"]:
        print(
            f"FAILED: the floor costs {report['floor_to_plain']:.2f}× the plain app, more than {HONEST:.0%} "
            "away: the ratios above are not against an honest floor",
            file=sys.stderr,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
