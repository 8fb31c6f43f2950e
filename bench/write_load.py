"""What serialises a school's writers (issue 36.4): many threads in several processes committing
small transactions through the app's own write path, and where their time goes.

    .venv/bin/python bench/write_load.py [--processes 4] [--threads 8] [--seconds 4] [--rounds 3]

Each process is a server worker, each thread a server thread with its own connection
(synchronous=NORMAL, as requests commit); a thread writes what a pupil's switch writes
(`trainer.store.drills.set_pupil_flag`: one upsert in `write_transaction`, BEGIN IMMEDIATE …
COMMIT) and then waits for group commit (`trainer.store.group_commit`), as a request does
before its answer leaves, then works for `--work-ms` of CPU (the rest of a request) and
writes again. Two variants, alternated round by round in the same run, so the machine's
other load falls on both alike: writers going straight to SQLite's lock (its busy handler
sleeps 1, 2, 5, 10 … ms between tries), and writers of a process queued on a Python lock
first (`trainer.store.db.QUEUE_WRITERS`, the default). Every write is timed in parts, from
SQLite's trace callback: waiting for the process's other writers (the Python queue), waiting
for SQLite's write lock (BEGIN IMMEDIATE to the next statement: the busy handler), the
transaction, the COMMIT, and the wait for the shared fsync.
Writes a Markdown table to stdout and bench/results/write_load.json.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import median, percentile, save_result

VARIANTS = {
    "straight to SQLite's lock": (False, False),
    "queued per process": (True, False),
    "queued per process, then across processes": (True, True),
}
PARTS = ("queues", "sqlite_lock", "transaction", "commit", "durable")


def build(path: str, pupils: int) -> list[int]:
    from trainer import create_app
    from trainer.store import classes, pupils as pupil_store, teachers
    from trainer.store.db import connect

    create_app({"DATABASE": path, "SECRET_KEY": "bench"})  # migrations
    db = connect(path)
    teacher = teachers.create(db, "writer@school.example", "Teacher", "x")
    class_id = classes.create(db, teacher, "Class")
    ids = pupil_store.create_many(db, class_id, [f"Pupil {i}" for i in range(pupils)], ["sun,tree,boat"] * pupils)
    db.close()
    return ids


def _writer(path: str, pupil_ids: list[int], until: float, work_s: float, out: list, seed: int) -> None:
    from trainer.store import drills, group_commit
    from trainer.store.db import connect

    db = connect(path, "NORMAL")
    marks: list[tuple[str, float]] = []
    db.conn.set_trace_callback(lambda sql: marks.append((sql, time.perf_counter())))
    syncer = group_commit.syncer(path)
    rng = random.Random(seed)
    while time.perf_counter() < until:
        marks.clear()
        start = time.perf_counter()
        drills.set_pupil_flag(db, rng.choice(pupil_ids), "sounds", rng.random() < 0.5)
        committed = time.perf_counter()
        syncer.wait_durable()
        durable = time.perf_counter()
        begin = next(t for sql, t in marks if sql == "BEGIN IMMEDIATE")
        first = next(t for sql, t in marks if sql != "BEGIN IMMEDIATE")
        commit = next(t for sql, t in marks if sql == "COMMIT")
        out.append(
            (begin - start, first - begin, commit - first, committed - commit, durable - committed, durable - start)
        )
        # The rest of a request: CPU, holding the GIL as rendering a page does.
        spin = time.thread_time() + work_s
        while time.thread_time() < spin:
            pass
    db.close()


def _process(
    path: str,
    pupil_ids: list[int],
    threads: int,
    queued: tuple,
    seconds: float,
    work_s: float,
    start_at: float,
    results,
) -> None:
    import trainer.store.db as store_db

    store_db.QUEUE_WRITERS, store_db.QUEUE_ACROSS_PROCESSES = queued
    while time.time() < start_at:  # every process starts together
        time.sleep(0.001)
    until = time.perf_counter() + seconds
    outs = [[] for _ in range(threads)]
    cpu = time.process_time()
    workers = [
        threading.Thread(target=_writer, args=(path, pupil_ids, until, work_s, outs[i], os.getpid() * 100 + i))
        for i in range(threads)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    results.put({"writes": [w for out in outs for w in out], "cpu": time.process_time() - cpu})


def one_round(
    path: str, pupil_ids: list[int], processes: int, threads: int, queued: tuple, seconds: float, work_s: float
) -> dict:
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    start_at = time.time() + 0.5
    procs = [
        ctx.Process(target=_process, args=(path, pupil_ids, threads, queued, seconds, work_s, start_at, results))
        for _ in range(processes)
    ]
    for p in procs:
        p.start()
    got = [results.get() for _ in procs]
    for p in procs:
        p.join()
    writes = [w for g in got for w in g["writes"]]
    return {"writes": writes, "per_second": len(writes) / seconds, "cpu_s": sum(g["cpu"] for g in got)}


def summarise(rounds: list[dict]) -> dict:
    writes = [w for r in rounds for w in r["writes"]]
    total = [w[-1] for w in writes]
    return {
        "writes_per_second": median([r["per_second"] for r in rounds]),
        "per_round": [round(r["per_second"]) for r in rounds],
        "p50_ms": percentile(total, 0.5) * 1e3,
        "p95_ms": percentile(total, 0.95) * 1e3,
        "p99_ms": percentile(total, 0.99) * 1e3,
        "cpu_ms_per_write": median([r["cpu_s"] / max(1, len(r["writes"])) * 1e3 for r in rounds]),
        # Where a write's time goes: each part's mean, in ms.
        "mean_ms": {part: sum(w[i] for w in writes) / len(writes) * 1e3 for i, part in enumerate(PARTS)},
        "sqlite_lock_p99_ms": percentile([w[1] for w in writes], 0.99) * 1e3,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--threads", type=int, default=8, help="writer threads a process")
    parser.add_argument("--seconds", type=float, default=4.0, help="each round's length")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each variant, alternated")
    parser.add_argument("--work-ms", type=float, default=2.0, help="CPU a thread spends between writes")
    parser.add_argument("--pupils", type=int, default=40, help="at most a class (40)")
    args = parser.parse_args()
    path = str(Path(tempfile.mkdtemp(prefix="tweak-writes-")) / "school.db")
    pupil_ids = build(path, args.pupils)
    by_variant: dict[str, list] = {name: [] for name in VARIANTS}
    for _ in range(args.rounds):
        for name, queued in VARIANTS.items():
            by_variant[name].append(
                one_round(path, pupil_ids, args.processes, args.threads, queued, args.seconds, args.work_ms / 1e3)
            )
    report = {
        "settings": vars(args),
        "cores": os.cpu_count(),
        "load_average": os.getloadavg(),
        "variants": {name: summarise(rounds) for name, rounds in by_variant.items()},
    }
    save_result("write_load", report)
    print(
        f"{args.processes} processes × {args.threads} threads, {args.work_ms:g} ms of CPU between writes, "
        f"{args.rounds} rounds of {args.seconds:g} s each, alternated; load average {report['load_average'][0]:.1f}"
    )
    print(
        "| writers | writes/s (median of rounds) | p50 ms | p95 ms | p99 ms | mean ms: the queues / SQLite lock "
        "/ transaction / COMMIT / fsync wait | SQLite lock p99 ms | CPU ms a write |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, row in report["variants"].items():
        parts = " / ".join(f"{row['mean_ms'][p]:.2f}" for p in PARTS)
        print(
            f"| {name} | {row['writes_per_second']:.0f} ({', '.join(map(str, row['per_round']))}) | "
            f"{row['p50_ms']:.1f} | {row['p95_ms']:.1f} | {row['p99_ms']:.1f} | {parts} | "
            f"{row['sqlite_lock_p99_ms']:.1f} | {row['cpu_ms_per_write']:.2f} |"
        )


if __name__ == "__main__":
    main()
