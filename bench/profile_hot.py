"""Where one hot route's CPU goes: cProfile over its requests, on request_cost.py's school
(issue 50). Generic: any route request_cost.py measures, by its name there.

    .venv/bin/python bench/profile_hot.py "projector page" [--requests 200] [--sort tottime] [--top 40]

The school, the tables and the tablets are made as bench/request_cost.py makes them; the route
is asked `--requests` times after a warm-up, only its requests inside the profiler (the other
routes run between them unprofiled, so that the tables move on and the parent links change as
in the benchmark). Prints pstats' top functions, by own time and by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from request_cost import (
    ROUTES,
    Drills,
    FamilyTable,
    Measured,
    Parents,
    StatementCounter,
    TableCheck,
    Tables,
    build,
    teacher_tablet,
)


class Profiled(Measured):
    """Measured, but only the chosen route's requests run inside the profiler."""

    def __init__(self, counter: StatementCounter, route: str, profiler: cProfile.Profile):
        super().__init__(counter)
        self.route = route
        self.profiler = profiler
        self.on = False

    def __call__(self, route, *args, **kwargs):
        if route != self.route or not self.on:
            return super().__call__(route, *args, **kwargs)
        self.profiler.enable()
        try:
            return super().__call__(route, *args, **kwargs)
        finally:
            self.profiler.disable()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("route", choices=ROUTES)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", default=None, help="also write the raw profile here")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="tweak-profile-"))
    db_path, school, tables, spare = build(work, 60, 6)
    os.environ.pop("TRAINER_DATABASE", None)
    from trainer import create_app

    counter = StatementCounter()
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench", "KEEP_CONNECTIONS": True})
    profiler = cProfile.Profile()
    measure = Profiled(counter, args.route, profiler)
    teacher = teacher_tablet(app, school["teachers"][0]["email"])
    class_id = tables[0]["pupils"][0]["class_id"]
    steps = {
        "next puzzle": Drills(app, db_path, spare[:20]).step,
        "game move": Tables(app, db_path, tables).step,
        "parent page": Parents(app, db_path, teacher, spare[:20]).step,
        "family move": FamilyTable(app, db_path, spare[20]).step,
        "check our table": TableCheck(app, spare[21]).step,
        "projector page": lambda m: m("projector page", teacher, "GET", f"/classes/{class_id}/play"),
        "class overview": lambda m: m("class overview", teacher, "GET", f"/classes/{class_id}/dashboard"),
    }
    steps["answer"] = steps["next puzzle"]
    steps["table view"] = steps["game move"]
    step = steps[args.route]
    drill = steps["next puzzle"]
    for number in range(args.warmup + args.requests):
        measure.on = number >= args.warmup
        step(measure)
        if args.route in ("class overview", "parent page", "projector page"):
            drill(measure)  # the class's data changes between views, as in the benchmark
    if args.dump:
        profiler.dump_stats(args.dump)
    stats = pstats.Stats(profiler)
    print(f"{args.route}: {args.requests} requests profiled")
    stats.sort_stats(args.sort).print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
