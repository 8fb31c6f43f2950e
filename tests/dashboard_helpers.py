"""Rows for dashboard tests, written the way the drills and games code writes them: a
practice_sessions row per sitting, an attempts row per answer (issued, then answered), games
with their MoveAnalysis rows. Values are given explicitly so tests can compute by hand."""

from __future__ import annotations

import itertools
import json
from datetime import date, datetime, time, timedelta

from trainer.store import puzzles

_ids = itertools.count(1)


def seed_puzzles(db) -> list[str]:
    """The curated puzzles (42) in the bank; returns their ids, sorted."""
    puzzles.ensure_bank(db, generated=0)
    return [r[0] for r in db.execute("SELECT id FROM puzzles ORDER BY id")]


def at(day: date, hour: int = 10, second: int = 0) -> float:
    return datetime.combine(day, time(hour)).timestamp() + second


def session(db, pupil_id: int, day: date, finished: bool = True, mode: str = "drill") -> int:
    return db.execute(
        "INSERT INTO practice_sessions (pupil_id, mode, day, planned, started_at, finished_at)"
        " VALUES (?, ?, ?, 10, ?, ?)",
        [pupil_id, mode, day.isoformat(), at(day, 9), at(day, 9, 600) if finished else None],
    ).lastrowid


def attempt(
    db,
    pupil_id: int,
    day: date,
    *,
    correct: bool,
    ms: int | None = 4000,
    puzzle_id: str,
    session_id: int | None = None,
    target: int = 9,
    combo_size: int = 3,
    credit: float | None = None,
    flags: list[str] | None = None,
    rating_after: float | None = None,
    second: int = 0,
    answered: bool = True,
    submitted=None,
    outcome=None,
    kind: str = "quick",
) -> str:
    """One answer. `answered=False` leaves it as issued (answered_at NULL), as the drills code
    does before the answer arrives."""
    attempt_id = f"a{next(_ids):06d}"
    issued = at(day, 10, second)
    db.execute(
        """INSERT INTO attempts (id, pupil_id, session_id, puzzle_id, kind, day, issued_at, answered_at,
               time_limit_s, client_ms, server_ms, believed_ms, input_kind, taps, submitted, outcome,
               correct, credit, score, flags, pupil_rating_before, pupil_rating_after, target, combo_size)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 20, ?, ?, ?, 'tap', '[]', ?, ?, ?, ?, 0, ?, 0, ?, ?, ?)""",
        [
            attempt_id,
            pupil_id,
            session_id,
            puzzle_id,
            kind,
            day.isoformat(),
            issued,
            issued + (ms or 1000) / 1000 if answered else None,
            ms,
            ms,
            ms if answered else None,
            json.dumps(submitted if submitted is not None else []),
            json.dumps(outcome) if outcome else None,
            int(correct) if answered else None,
            (1.0 if correct else 0.0) if credit is None else credit,
            json.dumps(flags or []),
            rating_after,
            target,
            combo_size,
        ],
    )
    return attempt_id


def days_ago(today: date, n: int) -> date:
    return today - timedelta(days=n)


def backdate_class(db, class_id: int, day: date) -> None:
    """The class and its pupils made on `day`: a class made today has not had a drill day yet,
    and nobody in it is flagged for not practising (metrics.attention)."""
    stamp = datetime.combine(day, time(8)).astimezone().isoformat(timespec="seconds")
    db.execute("UPDATE classes SET created_at = ? WHERE id = ?", [stamp, class_id])
    db.execute("UPDATE pupils SET created_at = ? WHERE class_id = ?", [stamp, class_id])
