"""Dashboard at scale (issue 7): a class of 30 pupils in a database of 1,000,000 attempts.

    nice .venv/bin/python bench/bench_dashboard.py [--attempts N] [--db PATH] [--repeats R]

Builds the data (or reuses --db if it already holds it), then requests the class overview and
a pupil page through the Flask test client, logged in as the class's teacher, and prints a
Markdown report for docs/performance.md (also bench/results/dashboard.json).

The data: one measured class of 30 pupils with nine months of daily drills (about 20 answers a
school day, 9 days in 10), 20 games each; the rest of the attempts spread over other classes of
30 pupils with four weeks each (about 85 classes). Answers are real puzzles from the bank with the outcome JSON that score_attempt
writes (one right and one wrong template per puzzle), inserted in one transaction with the
summary triggers of migration m301 running, as they would in production.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from datetime import date, datetime, time as clock_time, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from common import median, percentile, save_result
from trainer import create_app
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.rating import Rating
from trainer.store import passwords, puzzles as bank
from trainer.store.db import connect, write_transaction

PASSWORD = "bench password"
CLASS_SIZE = 30
MEASURED_DAYS = 270  # nine months of school
PER_DAY = 20
GAMES = 20
MOVES_PER_GAME = 12
SEED = 7


def templates(db) -> list[tuple]:
    """(puzzle id, kind, target, combo size, [(correct, credit, submitted, outcome JSON)])."""
    out = []
    for row in db.query("SELECT id, kind, target, combo_size FROM puzzles ORDER BY id"):
        puzzle = bank.get(db, row["id"])
        answers = []
        right = puzzle.answer[0] if puzzle.answer else None
        for submitted in (
            [{"play": right.play, "capture": list(right.capture)}] if right else [{"none": True}],
            [{"play": puzzle.position.hand[0], "capture": list(puzzle.position.table[:1])}],
        ):
            o = score_attempt(
                puzzle,
                submitted,
                pupil=Rating(1.0, 50),
                puzzle_rating=Rating(puzzle.difficulty, 20),
                client_seconds=5.0,
                server_seconds=5.3,
            )
            answers.append((int(o.grade.correct), o.grade.credit, json.dumps(submitted), json.dumps(o.to_json())))
        out.append((row["id"], row["kind"], row["target"], row["combo_size"], answers))
    return out


def school_days(last: date, count: int) -> list[date]:
    days, day = [], last
    while len(days) < count:
        if day.weekday() < 5:
            days.append(day)
        day -= timedelta(days=1)
    return days[::-1]


def add_class(
    db,
    teacher_id: int,
    name: str,
    pupils: int,
    days: list[date],
    per_day: int,
    bank_rows,
    rng: random.Random,
    counter: list[int],
) -> list[int]:
    class_id = db.execute(
        "INSERT INTO classes (teacher_id, name, join_code, qr_token, created_at) VALUES (?, ?, ?, ?, '')",
        [teacher_id, name, f"B{counter[1]:07d}", f"t{counter[1]}"],
    ).lastrowid
    counter[1] += 1
    ids = []
    for n in range(pupils):
        pupil_id = db.execute(
            "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at)"
            " VALUES (?, ?, ?, 'sun,tree,boat', '')",
            [class_id, f"Pupil {n + 1}", f"pupil {n + 1}"],
        ).lastrowid
        ids.append(pupil_id)
        ability = rng.gauss(0.75, 0.1)
        rating = 0.0
        sessions, attempts = [], []
        for day in days:
            if rng.random() > 0.9:
                continue
            start = datetime.combine(day, clock_time(9)).timestamp() + rng.uniform(0, 6 * 3600)
            sessions.append((pupil_id, day.isoformat(), start, start + per_day * 8))
            for k in range(per_day):
                pid, kind, target, size, answers = rng.choice(bank_rows)
                right = rng.random() < ability
                correct, credit, submitted, outcome = answers[0 if right else 1]
                ms = int(rng.lognormvariate(8.5, 0.4))
                issued = start + k * 8
                rating += 0.02 if right else -0.06
                counter[0] += 1
                attempts.append(
                    (
                        f"{counter[0]:012x}",
                        pupil_id,
                        pid,
                        kind,
                        day.isoformat(),
                        issued,
                        issued + ms / 1000,
                        ms,
                        ms + 250,
                        ms,
                        submitted,
                        outcome,
                        correct,
                        credit,
                        rating,
                        target,
                        size,
                    )
                )
        db.conn.executemany(
            "INSERT INTO practice_sessions (pupil_id, mode, day, planned, started_at, finished_at)"
            " VALUES (?, 'drill', ?, 20, ?, ?)",
            sessions,
        )
        db.conn.executemany(
            "INSERT INTO attempts (id, pupil_id, puzzle_id, kind, day, issued_at, answered_at, time_limit_s,"
            " client_ms, server_ms, believed_ms, input_kind, taps, submitted, outcome, correct, credit, score,"
            " flags, pupil_rating_before, pupil_rating_after, target, combo_size)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 20, ?, ?, ?, 'tap', '[]', ?, ?, ?, ?, 0, '[]', 0, ?, ?, ?)",
            attempts,
        )
        db.execute(
            "INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, ?, ?, '')",
            [pupil_id, rating, len(attempts)],
        )
    return ids


def add_games(db, pupil_id: int, days: list[date], rng: random.Random) -> None:
    for _ in range(GAMES):
        at = datetime.combine(rng.choice(days), clock_time(13)).timestamp()
        game_id = db.execute(
            "INSERT INTO games (pupil_id, settings, state, record, status, pupil_points, winner, created_at,"
            " updated_at) VALUES (?, ?, '{}', '{}', 'finished', ?, ?, ?, ?)",
            [
                pupil_id,
                json.dumps({"bots": ["beginner"], "length": "round"}),
                rng.randint(10, 40),
                rng.randint(0, 1),
                at,
                at + 600,
            ],
        ).lastrowid
        rows = []
        for turn in range(MOVES_PER_GAME):
            available = rng.choice((0, 1, 1, 2, 3))
            missed = int(available > 0 and rng.random() < 0.3)
            rows.append((game_id, pupil_id, turn * 2, available, int(available > 1), int(missed), 1500, at + turn))
        db.conn.executemany(
            "INSERT INTO game_moves (game_id, pupil_id, round, turn, target, captures_available, best_points,"
            " tweak_available, points, tweak, missed_capture, missed_tweak, decision_ms, hint_used, analysis,"
            " created_at) VALUES (?, ?, 0, ?, 9, ?, 4, ?, 0, 0, ?, 0, ?, 0, '{}', ?)",
            rows,
        )


def build(path: str, total: int, today: date) -> dict:
    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": True})
    db = connect(path)
    db.execute("PRAGMA cache_size = -200000")
    bank.ensure_bank(db)
    bank_rows = templates(db)
    rng = random.Random(SEED)
    counter = [0, 0]
    started = time.perf_counter()
    with write_transaction(db):
        teacher = db.execute(
            "INSERT INTO teachers (email, display_name, password_hash, created_at)"
            " VALUES ('bench@example.org', 'Bench', ?, '')",
            [passwords.hash_password(PASSWORD)],
        ).lastrowid
        days = school_days(today, MEASURED_DAYS * 5 // 7)
        measured = add_class(db, teacher, "Measured class", CLASS_SIZE, days, PER_DAY, bank_rows, rng, counter)
        for pupil_id in measured:
            add_games(db, pupil_id, days, rng)
        other_teacher = db.execute(
            "INSERT INTO teachers (email, display_name, password_hash, created_at)"
            " VALUES ('others@example.org', 'Others', 'x', '')"
        ).lastrowid
        short = school_days(today, 20)  # other classes: four weeks each, so there are many
        n = 0
        while counter[0] < total:
            n += 1
            left = total - counter[0]
            per_day = max(1, min(PER_DAY, left // (CLASS_SIZE * len(short) * 9 // 10) or 1))
            add_class(db, other_teacher, f"Class {n}", CLASS_SIZE, short, per_day, bank_rows, rng, counter)
    seconds = time.perf_counter() - started
    # No ANALYZE: the app never runs it, so the pages are measured with the plans it really gets.
    db.close()
    del app
    return {"build_seconds": seconds, "attempts": counter[0], "classes": n + 1}


def write_cost(answers: int = 5000) -> dict:
    """Microseconds per answer inserted for one pupil (20 a day), with the summary triggers and
    without them: what the triggers add to every answer the drills code stores."""
    out = {}
    for triggers in (True, False):
        path = os.path.join(tempfile.mkdtemp(prefix="bench-write-"), "w.db")
        create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": True})
        db = connect(path)
        if not triggers:
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
                db.execute(f"DROP TRIGGER {name}")
        db.execute(
            "INSERT INTO teachers (id, email, display_name, password_hash, created_at) VALUES (1, 'w', 'w', 'x', '')"
        )
        db.execute(
            "INSERT INTO classes (id, teacher_id, name, join_code, qr_token, created_at) VALUES (1, 1, 'c', 'j', 'q', '')"
        )
        db.execute(
            "INSERT INTO pupils (id, class_id, name, name_key, picture_password, created_at)"
            " VALUES (1, 1, 'p', 'p', 'x', '')"
        )
        db.execute(
            "INSERT INTO puzzles (id, kind, data, source, rating, target, table_size, combo_size, created_at)"
            " VALUES ('p', 'quick', '{}', 'curated', 0, 9, 3, 2, '')"
        )
        start = date(2026, 1, 5)
        started = time.perf_counter()
        for i in range(answers):  # one transaction per answer, as the drills code commits them
            with write_transaction(db):
                db.execute(
                    "INSERT INTO attempts (id, pupil_id, puzzle_id, kind, day, issued_at, answered_at, time_limit_s,"
                    " believed_ms, outcome, correct, credit, flags, pupil_rating_after, target, combo_size)"
                    " VALUES (?, 1, 'p', 'quick', ?, ?, ?, 20, 4000, ?, ?, 1, '[]', 0.5, 9, 2)",
                    [f"{i:012x}", (start + timedelta(days=i // 20)).isoformat(), i, i + 4, "x" * 800, i % 4 != 0],
                )
        out["with_triggers" if triggers else "without_triggers"] = (time.perf_counter() - started) / answers * 1e6
        db.close()
    return out


def measure(path: str, repeats: int) -> dict:
    sys.path.insert(0, str(ROOT / "tests"))
    from web_helpers import CSRFClient

    # KEEP_CONNECTIONS as `trainer serve` runs: the thread reuses its connection.
    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": True, "KEEP_CONNECTIONS": True})
    app.test_client_class = CSRFClient
    db = connect(path)
    class_id = db.execute("SELECT id FROM classes WHERE name = 'Measured class'").fetchone()[0]
    pupil_id = db.execute("SELECT min(id) FROM pupils WHERE class_id = ?", [class_id]).fetchone()[0]
    counts = {
        "attempts": db.execute("SELECT count(*) FROM attempts").fetchone()[0],
        "class_attempts": db.execute(
            "SELECT count(*) FROM attempts a JOIN pupils p ON p.id = a.pupil_id WHERE p.class_id = ?", [class_id]
        ).fetchone()[0],
        "pupil_attempts": db.execute("SELECT count(*) FROM attempts WHERE pupil_id = ?", [pupil_id]).fetchone()[0],
        "classes": db.execute("SELECT count(*) FROM classes").fetchone()[0],
        "pupils": db.execute("SELECT count(*) FROM pupils").fetchone()[0],
        "size_mb": round(os.path.getsize(path) / 1e6),
    }
    db.close()
    client = app.test_client()
    assert client.post("/login", data={"email": "bench@example.org", "password": PASSWORD}).status_code == 303
    pages = {
        "class overview": f"/classes/{class_id}/dashboard",
        "pupil page": f"/pupils/{pupil_id}/progress",
        "class overview sorted by accuracy": f"/classes/{class_id}/dashboard?sort=accuracy&dir=desc",
        "pupil page, 365 days (weekly)": f"/pupils/{pupil_id}/progress?days=365",
        "what the class finds hard, 91 days": f"/classes/{class_id}/dashboard/hard?days=91",
        "class report": f"/classes/{class_id}/report",
    }
    results = {}
    for name, url in pages.items():
        first = time.perf_counter()
        response = client.get(url)
        first = time.perf_counter() - first
        assert response.status_code == 200, (url, response.status_code)
        times, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            client.get(url)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        results[name] = {
            "url": url,
            "first_ms": first * 1000,
            "median_ms": median(times) * 1000,
            "p95_ms": percentile(times, 0.95) * 1000,
            "max_ms": max(times) * 1000,
            "cpu_median_ms": median(cpu) * 1000,
        }
    # The machine is shared: the load average says how much of the wall-clock time was waiting.
    return {"counts": counts, "pages": results, "repeats": repeats, "load_average": os.getloadavg()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--db", help="database file; built if it does not exist, reused if it does")
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    path = args.db or os.path.join(tempfile.mkdtemp(prefix="bench-dashboard-"), "bench.db")
    built = None
    if not os.path.exists(path):
        built = build(path, args.attempts, date.today())
    result = measure(path, args.repeats)
    result["built"] = built
    result["write_us"] = write_cost()
    save_result("dashboard", result)
    c = result["counts"]
    print(
        f"{c['attempts']:,} attempts, {c['classes']} classes, {c['pupils']:,} pupils, {c['size_mb']:,} MB;"
        f" measured class: {c['class_attempts']:,} attempts, its first pupil {c['pupil_attempts']:,}."
    )
    if built:
        print(f"Built in {built['build_seconds']:.0f} s (one transaction, summary triggers on).")
    print()
    w = result["write_us"]
    print(
        f"Storing one answer (its own transaction, 5,000 for one pupil): {w['with_triggers']:.0f} µs with the"
        f" summary triggers, {w['without_triggers']:.0f} µs without."
    )
    load = ", ".join(f"{x:.1f}" for x in result["load_average"])
    print(f"Load average after measuring (1, 5, 15 min): {load} on {os.cpu_count()} cores.")
    print()
    print(f"| page ({result['repeats']} requests each) | first request | median | p95 | max | CPU, median |")
    print("|---|---|---|---|---|---|")
    for name, r in result["pages"].items():
        print(
            f"| {name} | {r['first_ms']:.0f} ms | {r['median_ms']:.0f} ms | {r['p95_ms']:.0f} ms"
            f" | {r['max_ms']:.0f} ms | {r['cpu_median_ms']:.0f} ms |"
        )


if __name__ == "__main__":
    main()
