"""Where one hot route's CPU goes: a cProfile of its requests (issue 50).

    .venv/bin/python bench/profile_route.py "next puzzle" [--requests 300] [--limit 30] [--out FILE]

Builds the school of bench/request_cost.py (its set-up, its test client, the app configured as
`trainer serve` runs it) and drives the same steps, but measures nothing but the one ROUTE (one
of request_cost.ROUTES): the profiler is on only around that route's requests, after a warm-up,
so the set-up, the other routes a step sends (the answer after a next puzzle, the table view
after a move) and the bench's own reads between requests are not in the figures. Prints the
requests' mean CPU and SQL statements with the profiler off, then the top functions by
cumulative and by own time; `--out` also writes the pstats file (for snakeviz, or
`python -m pstats`). `--split` names functions (`trainer.store.practice.attempt`,
`flask.app.Flask.preprocess_request`) whose CPU per request of the route is measured without
the profiler, which inflates code of many small calls (templates, translations) several times.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import request_cost as rc


class Split:
    """The CPU each named function takes in the route's timed requests (inclusive, outermost
    call only), by wrapping it where it is defined."""

    def __init__(self, names: list[str]):
        self.on = False
        self.cpu = dict.fromkeys(names, 0.0)
        self.calls = dict.fromkeys(names, 0)
        for name in names:
            self._wrap(name)

    def _wrap(self, name: str) -> None:
        parts = name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            try:
                owner = importlib.import_module(".".join(parts[:cut]))
                break
            except ImportError:
                continue
        else:
            raise SystemExit(f"--split: no module in {name}")
        for attr in parts[cut:-1]:
            owner = getattr(owner, attr)
        original = getattr(owner, parts[-1])
        depth = [0]

        def wrapped(*args, **kwargs):
            if not self.on or depth[0]:
                return original(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                depth[0] -= 1
                self.cpu[name] += time.process_time() - start
                self.calls[name] += 1

        setattr(owner, parts[-1], wrapped)


class Profiled:
    """request_cost.Measured's signature; times every request of `route` and, while `profiling`,
    profiles it."""

    def __init__(self, route: str, counter: rc.StatementCounter):
        self.route = route
        self.counter = counter
        # The process's CPU, as request_cost measures it: an fsync's wait is not in the figures.
        self.profile = cProfile.Profile(time.process_time)
        self.sampler = None  # a pyinstrument Profiler, with --pyinstrument
        self.split: Split | None = None
        self.profiling = False
        self.cpu: list[float] = []
        self.statements: list[int] = []

    def __call__(self, route, tablet, method, path, form=None, htmx=False, expect=(200,)):
        if route != self.route:
            return self._checked(route, method, path, tablet.call(method, path, form, htmx), expect)
        before = self.counter.count
        if self.profiling:
            profile = self.sampler or self.profile
            profile.start() if self.sampler else profile.enable()
            response = tablet.call(method, path, form, htmx)
            profile.stop() if self.sampler else profile.disable()
        else:
            if self.split:
                self.split.on = True
            start = time.process_time()
            response = tablet.call(method, path, form, htmx)
            self.cpu.append(time.process_time() - start)
            if self.split:
                self.split.on = False
            self.statements.append(self.counter.count - before)
        return self._checked(route, method, path, response, expect)

    @staticmethod
    def _checked(route, method, path, response, expect):
        if response.status_code not in expect:
            raise SystemExit(f"{route}: {method} {path} answered {response.status_code}")
        return response


def stepper(route: str, app, db_path: str, school: dict, tables: list[dict], spare: list[dict], drillers: int):
    """The one step of request_cost.run that sends `route`, built alone."""
    if route in ("next puzzle", "answer"):
        return rc.Drills(app, db_path, spare[:drillers]).step
    if route in ("game move", "table view"):
        return rc.Tables(app, db_path, tables).step
    if route == "family move":
        return rc.FamilyTable(app, db_path, spare[drillers]).step
    if route == "check our table":
        return rc.TableCheck(app, spare[drillers + 1]).step
    teacher = rc.teacher_tablet(app, school["teachers"][0]["email"])
    if route == "parent page":
        return rc.Parents(app, db_path, teacher, spare[:drillers]).step
    class_id = tables[0]["pupils"][0]["class_id"]
    path = {"projector page": f"/classes/{class_id}/play", "class overview": f"/classes/{class_id}/dashboard"}[route]
    # As in request_cost's rounds, the class changes between two looks: a drill's puzzle and
    # answer, and a move at one of its tables (not measured here).
    drills, games = rc.Drills(app, db_path, spare[:drillers]), rc.Tables(app, db_path, tables)

    def step(measure):
        drills.step(measure)
        games.step(measure)
        measure(route, teacher, "GET", path)

    return step


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("route", choices=rc.ROUTES)
    parser.add_argument("--requests", type=int, default=300, help="profiled requests of the route")
    parser.add_argument("--timed", type=int, default=100, help="requests timed with the profiler off")
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--limit", type=int, default=30, help="functions shown in each list")
    parser.add_argument("--pupils", type=int, default=60)
    parser.add_argument("--drillers", type=int, default=20)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--out", default=None, help="also write the pstats file here")
    parser.add_argument("--split", default="", help="comma-separated functions to time apart (dotted names)")
    parser.add_argument(
        "--pyinstrument",
        action="store_true",
        help="sample with pyinstrument instead (if installed: wall time, less distorted by many small calls)",
    )
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="tweak-profile-"))
    db_path, school, tables, spare = rc.build(work, args.pupils, args.tables)
    os.environ.pop("TRAINER_DATABASE", None)
    from trainer import create_app

    counter = rc.StatementCounter()
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench", "KEEP_CONNECTIONS": True})
    step = stepper(args.route, app, db_path, school, tables, spare, args.drillers)
    measure = Profiled(args.route, counter)
    for _ in range(args.warmup):
        step(measure)
    measure.cpu.clear()
    measure.statements.clear()
    if args.split:
        measure.split = Split([name for name in args.split.split(",") if name])
    for _ in range(args.timed):
        step(measure)
    measure.profiling = True
    if args.pyinstrument:
        from pyinstrument import Profiler

        measure.sampler = Profiler(interval=0.0002)
    for _ in range(args.requests):
        step(measure)

    print(
        f"{args.route}: {statistics.median(measure.cpu) * 1e3:.2f} ms CPU a request (median of {len(measure.cpu)}, "
        f"profiler off), {statistics.median(measure.statements):.0f} SQL statements; "
        f"{args.requests} requests profiled"
    )
    if measure.split:
        timed = len(measure.cpu)
        print(f"of it (CPU ms a request, mean over {timed}; calls a request):")
        for name, cpu in measure.split.cpu.items():
            print(f"  {cpu / timed * 1e3:7.3f}  {measure.split.calls[name] / timed:5.1f}  {name}")
        print(f"  {sum(measure.cpu) / timed * 1e3:7.3f}  the whole request (mean)")
    if not args.requests:
        return
    if measure.sampler is not None:
        print(measure.sampler.output_text(unicode=True, show_all=False))
        return
    stats = pstats.Stats(measure.profile)
    if args.out:
        stats.dump_stats(args.out)
    for order in ("cumulative", "tottime"):
        print(f"\n--- by {order} time ---")
        stats.sort_stats(order).print_stats(args.limit)


if __name__ == "__main__":
    main()
