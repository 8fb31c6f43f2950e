"""Sittings (a day's drill, free practice), issued puzzles and their answers, pupils' ratings.

An attempt row is made when a puzzle is issued, so its id exists before any answer: the page
sends it back with the answer, and the answer is written only while `answered_at IS NULL`
(trainer.practice.flow). Callers hold a write transaction around anything that reads and
then writes."""

from __future__ import annotations

import json
import secrets
import sqlite3

from sqlite_utils import Database

from trainer.puzzles.rating import Rating, starting_rating
from trainer.puzzles.timing import HELD_TOO_LONG
from trainer.store import utcnow

# Columns filled in when an answer arrives (the rest are set at issue time).
ANSWER_COLUMNS = (
    "answered_at",
    "client_ms",
    "server_ms",
    "believed_ms",
    "first_correct_ms",
    "input_kind",
    "taps",
    "submitted",
    "outcome",
    "correct",
    "credit",
    "score",
    "flags",
    "pupil_rating_before",
    "pupil_rating_after",
    "puzzle_rating_before",
    "puzzle_rating_after",
)
JSON_COLUMNS = ("taps", "submitted", "outcome", "flags")


def _one(db: Database, sql: str, params) -> dict | None:
    rows = list(db.query(sql, params))
    return rows[0] if rows else None


# Ratings -------------------------------------------------------------------------------------


def pupil_rating(db: Database, pupil_id: int, class_id: int) -> Rating:
    """The pupil's rating; a new pupil starts where the settled pupils of the class are."""
    row = db.execute("SELECT rating, count FROM pupil_ratings WHERE pupil_id = ?", [pupil_id]).fetchone()
    if row:
        return Rating(row[0], row[1])
    others = [
        Rating(v, n)
        for v, n in db.execute(
            "SELECT r.rating, r.count FROM pupil_ratings r JOIN pupils p ON p.id = r.pupil_id WHERE p.class_id = ?",
            [class_id],
        )
    ]
    start = starting_rating(others)
    set_pupil_rating(db, pupil_id, start)
    return start


def class_ratings(db: Database, class_id: int) -> list[float]:
    """The ratings of the class's pupils who have one (a worksheet "as the class")."""
    return [
        v
        for (v,) in db.execute(
            "SELECT r.rating FROM pupil_ratings r JOIN pupils p ON p.id = r.pupil_id"
            " WHERE p.class_id = ? AND p.archived_at IS NULL",
            [class_id],
        )
    ]


def set_pupil_rating(db: Database, pupil_id: int, rating: Rating) -> None:
    db.execute(
        "INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (pupil_id) DO UPDATE SET rating = excluded.rating, count = excluded.count,"
        " updated_at = excluded.updated_at",
        [pupil_id, rating.value, rating.count, utcnow()],
    )


# Sittings ------------------------------------------------------------------------------------


def session(db: Database, session_id: int) -> dict | None:
    return _one(db, "SELECT * FROM practice_sessions WHERE id = ?", [session_id])


def day_session(db: Database, pupil_id: int, day: str, mode: str) -> dict | None:
    """The pupil's sitting of this mode on this day (one drill and one practice a day)."""
    return _one(
        db,
        "SELECT * FROM practice_sessions WHERE pupil_id = ? AND day = ? AND mode = ? ORDER BY id DESC LIMIT 1",
        [pupil_id, day, mode],
    )


def latest_session(db: Database, pupil_id: int, day: str) -> dict | None:
    return _one(
        db, "SELECT * FROM practice_sessions WHERE pupil_id = ? AND day = ? ORDER BY id DESC LIMIT 1", [pupil_id, day]
    )


def create_session(
    db: Database,
    pupil_id: int,
    mode: str,
    day: str,
    now: float,
    planned: int | None = None,
    planned_minutes: int | None = None,
    puzzle_set_id: int | None = None,
    at_home: bool = False,
) -> int:
    return db.execute(
        "INSERT INTO practice_sessions (pupil_id, mode, day, planned, planned_minutes, puzzle_set_id, started_at,"
        " at_home) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [pupil_id, mode, day, planned, planned_minutes, puzzle_set_id, now, int(at_home)],
    ).lastrowid


def finish_session(db: Database, session_id: int, now: float) -> None:
    db.execute("UPDATE practice_sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL", [now, session_id])


def session_totals(db: Database, session_id: int) -> tuple[int, float]:
    """(answers, seconds spent answering). A puzzle counts at most its time limit, so a pupil who
    walked away from a puzzle has not "practised" for the time they were gone; an answer held on
    the tablet for longer than a Wi-Fi drop (HELD_TOO_LONG) does not count at all."""
    answered, spent_ms = db.execute(
        "SELECT count(*), coalesce(sum(min(server_ms, time_limit_s * 1000)), 0) FROM attempts"
        " WHERE session_id = ? AND answered_at IS NOT NULL AND instr(coalesce(flags, ''), ?) = 0",
        [session_id, HELD_TOO_LONG],
    ).fetchone()
    return answered, spent_ms / 1000


def drill_days(db: Database, pupil_id: int) -> list[str]:
    """Days on which the pupil finished the daily drill, newest first."""
    return [
        d
        for (d,) in db.execute(
            "SELECT DISTINCT day FROM practice_sessions WHERE pupil_id = ? AND mode = 'drill'"
            " AND finished_at IS NOT NULL ORDER BY day DESC",
            [pupil_id],
        )
    ]


# Attempts ------------------------------------------------------------------------------------


class AlreadyIssued(Exception):
    """The sitting holds this puzzle already (or this attempt id): the unique index
    attempts_once_in_a_sitting (m3805) refused the row."""


def new_attempt(
    db: Database,
    *,
    pupil_id: int,
    session_id: int,
    puzzle_id: str,
    kind: str,
    day: str,
    issued_at: float,
    time_limit: float,
    target: int,
    combo_size: int,
    attempt_id: str | None = None,
    issued_by: str = "server",
    at_home: bool = False,
    timed: bool = True,
) -> str:
    """A puzzle issued: by the server, or through an offline ticket (`issued_by="ticket"`);
    `at_home` for a home session's (issue 37.1); `timed` False for a pupil with "no timer"
    (issue 49.3). AlreadyIssued: the sitting has had this puzzle."""
    attempt_id = attempt_id or secrets.token_urlsafe(16)
    try:
        db.execute(
            "INSERT INTO attempts (id, pupil_id, session_id, puzzle_id, kind, day, issued_at, time_limit_s,"
            " target, combo_size, issued_by, at_home, timed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                attempt_id,
                pupil_id,
                session_id,
                puzzle_id,
                kind,
                day,
                issued_at,
                time_limit,
                target,
                combo_size,
                issued_by,
                int(at_home),
                int(timed),
            ],
        )
    except sqlite3.IntegrityError as err:
        if "UNIQUE" not in str(err):
            raise
        raise AlreadyIssued(puzzle_id) from None
    return attempt_id


def attempt(db: Database, attempt_id: str, pupil_id: int) -> dict | None:
    """One of this pupil's attempts (another pupil's id finds nothing), JSON columns decoded."""
    return _decoded(_one(db, "SELECT * FROM attempts WHERE id = ? AND pupil_id = ?", [attempt_id, pupil_id]))


def _decoded(row: dict | None) -> dict | None:
    if row:
        for column in JSON_COLUMNS:
            if row[column] is not None:
                row[column] = json.loads(row[column])
    return row


def issued_puzzles(db: Database, session_id: int) -> set[str]:
    return {pid for (pid,) in db.execute("SELECT puzzle_id FROM attempts WHERE session_id = ?", [session_id])}


# One order for a sitting's attempts everywhere: two offline tickets share their issued_at, and
# a pending attempt chosen by one order while the last one was chosen by another built the
# feedback screen from an unanswered attempt (issue 45). Later rows win a tie.
LATEST_FIRST = "issued_at DESC, rowid DESC"


def pending_attempt(db: Database, session_id: int) -> dict | None:
    return _one(
        db,
        f"SELECT * FROM attempts WHERE session_id = ? AND answered_at IS NULL ORDER BY {LATEST_FIRST} LIMIT 1",
        [session_id],
    )


def current_attempt(db: Database, session_id: int, pupil_id: int) -> dict | None:
    """What a sitting shows: its latest unanswered attempt (pending_attempt, the puzzle to
    answer), else its latest one (last_attempt_id, the feedback), read as `attempt` reads it:
    one statement where those and `attempt` took two, on every drill screen."""
    return _decoded(
        _one(
            db,
            "SELECT * FROM attempts WHERE session_id = ? AND pupil_id = ?"
            f" ORDER BY answered_at IS NULL DESC, {LATEST_FIRST} LIMIT 1",
            [session_id, pupil_id],
        )
    )


def last_attempt_id(db: Database, session_id: int) -> str | None:
    row = db.execute(
        f"SELECT id FROM attempts WHERE session_id = ? ORDER BY {LATEST_FIRST} LIMIT 1", [session_id]
    ).fetchone()
    return row[0] if row else None


def store_answer(db: Database, attempt_id: str, values: dict, at_home: bool | None = None) -> bool:
    """Write the answer unless one is already there; True when this call wrote it. `at_home`:
    where the answer was given (issue 47.1), decided per answer, not by the sitting it is in;
    None leaves the place of the puzzle's issue."""
    row = {
        k: (json.dumps(values[k]) if k in JSON_COLUMNS and values[k] is not None else values[k]) for k in ANSWER_COLUMNS
    }
    if at_home is not None:
        row["at_home"] = int(at_home)
    sets = ", ".join(f"{k} = ?" for k in row)
    cursor = db.execute(f"UPDATE attempts SET {sets} WHERE id = ? AND answered_at IS NULL", [*row.values(), attempt_id])
    return cursor.rowcount == 1
