"""The crawling fuzzer of tests/security/fuzzing.py, run for long (issue 23; docs/security.md).

    .venv/bin/python bench/fuzz.py --minutes 20 [--requests 100000] [--processes N]

Builds the fuzz world on a fresh database, crawls it as nobody, a pupil entering the class code,
a pupil and a teacher, then lets Hypothesis choose one hostile change at a time until the time
(or the number of requests) is up. Failures are collected, not stopped at. Prints requests sent,
targets, routes × fields covered, the status codes seen and every distinct failure; writes
bench/results/fuzz.json. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests"), str(ROOT)]

from hypothesis import HealthCheck, given, settings

from common import save_result
from tests.security.fuzz_world import build_fuzz_world
from tests.security.fuzzing import Fuzzer, mutations
from trainer.store.db import connect
from web_helpers import make_app

CHUNK = 2000  # examples per Hypothesis run; a new run (new random choices) after each


def run(minutes: float, requests: int) -> tuple[dict, dict[str, str]]:
    """One fuzzer on a world of its own: its report and its distinct failures."""
    app = make_app(Path(tempfile.mkdtemp()) / "fuzz.db")
    db = connect(app.config["DATABASE"])
    started = time.monotonic()
    fuzzer = Fuzzer(app, build_fuzz_world(app, db))
    crawl_s = time.monotonic() - started
    deadline = started + minutes * 60
    statuses = collections.Counter()
    failures: dict[str, str] = {}
    failures.update({f.splitlines()[0]: f for f in fuzzer.failures})

    @settings(max_examples=CHUNK, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=mutations(fuzzer))
    def chunk(case):
        if time.monotonic() > deadline or (requests and fuzzer.sent >= requests):
            return
        result = fuzzer.send(*case)
        statuses[result.status or "exception"] += 1
        failure = fuzzer.check(result)
        if failure:
            failures.setdefault(failure.splitlines()[0][:300], failure)
        if fuzzer.sent % 10_000 == 0:
            print(
                f"{fuzzer.sent} requests, {len(failures)} failures, {(time.monotonic() - started) / 60:.1f} min",
                flush=True,
            )

    while time.monotonic() < deadline and not (requests and fuzzer.sent >= requests):
        chunk()
    elapsed = time.monotonic() - started
    fuzzer.close()
    db.close()

    endpoints = {(t.method, t.endpoint) for t in fuzzer.targets}
    fields = {(t.method, t.endpoint, f.name) for t in fuzzer.targets for f in t.fields}
    report = {
        "minutes": round(elapsed / 60, 1),
        "crawl_seconds": round(crawl_s, 1),
        "pages_read": {role: len(p) for role, p in fuzzer.pages.items()},
        "targets": len(fuzzer.targets),
        "routes": len(endpoints),
        "route_fields": len(fields),
        "route_fields_fuzzed": fuzzer.fields_covered(),
        "requests": fuzzer.sent,
        "requests_per_second": round(fuzzer.sent / elapsed),
        "statuses": {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))},
    }
    return report, failures


def _shard(args: tuple[float, int]) -> tuple[dict, dict[str, str]]:
    return run(*args)


def combined(reports: list[dict]) -> dict:
    """Several fuzzers' reports as one: requests and statuses added up, coverage at its widest."""
    statuses = collections.Counter()
    for one in reports:
        statuses.update(one["statuses"])
    return {
        "processes": len(reports),
        "minutes": max(r["minutes"] for r in reports),
        "crawl_seconds": max(r["crawl_seconds"] for r in reports),
        "pages_read": reports[0]["pages_read"],
        "targets": max(r["targets"] for r in reports),
        "routes": max(r["routes"] for r in reports),
        "route_fields": max(r["route_fields"] for r in reports),
        "route_fields_fuzzed": max(r["route_fields_fuzzed"] for r in reports),
        "requests": sum(r["requests"] for r in reports),
        "requests_per_second": sum(r["requests_per_second"] for r in reports),
        "statuses": dict(sorted(statuses.items())),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--requests", type=int, default=0, help="stop after this many (0: time only)")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="fuzzers side by side, each on a world of its own with its own random "
        "choices; --requests is shared out between them",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be at least 1")

    share = -(-args.requests // args.processes) if args.requests else 0
    if args.processes == 1:
        results = [run(args.minutes, share)]
    else:
        with ProcessPoolExecutor(args.processes, mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(pool.map(_shard, [(args.minutes, share)] * args.processes))
    failures: dict[str, str] = {}
    for _report, found in results:
        failures.update(found)
    report = {
        "command": "bench/fuzz.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        **(combined([r for r, _ in results]) if args.processes > 1 else results[0][0]),
        "failures": len(failures),
    }
    for key, value in report.items():
        print(f"{key:>20}: {value}")
    for text in failures.values():
        print("\nFAILURE", text[:3000])
    save_result("fuzz", {**report, "failure_texts": list(failures.values())})
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
