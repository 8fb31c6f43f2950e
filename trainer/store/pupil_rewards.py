"""The SQL of issue 15's pupil side: avatars, fluency levels reached, and the facts stars and
badges are counted from (trainer.pupils.rewards decides; this module only reads and writes)."""

from __future__ import annotations

import time

from sqlite_utils import Database

from trainer.pupils import avatars
from trainer.store.game_kinds import FAMILY_SQL

# A right answer whose time is believed (as the dashboard's pupil_days count them).
_TIMED = "correct = 1 AND believed_ms IS NOT NULL AND instr(coalesce(flags, ''), 'faster_than_tapping') = 0"


# Avatars -------------------------------------------------------------------------------------


def avatar(db: Database, pupil_id: int) -> str | None:
    row = db.execute("SELECT avatar FROM pupil_avatars WHERE pupil_id = ?", [pupil_id]).fetchone()
    return row[0] if row else None


def set_avatar(db: Database, pupil_id: int, key: str, now: float | None = None) -> None:
    db.execute(
        "INSERT INTO pupil_avatars (pupil_id, avatar, chosen_at) VALUES (?, ?, ?)"
        " ON CONFLICT (pupil_id) DO UPDATE SET avatar = excluded.avatar, chosen_at = excluded.chosen_at",
        [pupil_id, key, time.time() if now is None else now],
    )


def class_avatars(db: Database, class_id: int) -> dict[int, str]:
    return dict(
        db.execute(
            "SELECT a.pupil_id, a.avatar FROM pupil_avatars a JOIN pupils p ON p.id = a.pupil_id WHERE p.class_id = ?",
            [class_id],
        ).fetchall()
    )


def class_faces(db: Database, class_id: int) -> dict[int, str]:
    """Every pupil of the class with a face: the chosen character, else a distinct default
    (trainer.pupils.avatars.class_faces)."""
    ids = [r[0] for r in db.execute("SELECT id FROM pupils WHERE class_id = ?", [class_id])]
    return avatars.class_faces(ids, class_avatars(db, class_id))


# Fluency levels ------------------------------------------------------------------------------


def fluency_inputs(db: Database, pupil_id: int, recent: int) -> tuple[float | None, int, list[float]]:
    """(rating or None, rated answers, believed ms of the latest `recent` timed right answers)."""
    row = db.execute("SELECT rating, count FROM pupil_ratings WHERE pupil_id = ?", [pupil_id]).fetchone()
    times = [
        ms
        for (ms,) in db.execute(
            f"SELECT believed_ms FROM attempts WHERE pupil_id = ? AND answered_at IS NOT NULL AND {_TIMED}"
            " ORDER BY answered_at DESC LIMIT ?",
            [pupil_id, recent],
        )
    ]
    return (row[0], row[1], times) if row else (None, 0, times)


def recent_day_ratings(db: Database, pupil_id: int, days: int) -> list[tuple[str, float]]:
    """(day, rating after the day) of the pupil's latest `days` days with a rating, oldest first."""
    rows = db.execute(
        "SELECT day, rating FROM pupil_days WHERE pupil_id = ? AND rating IS NOT NULL ORDER BY day DESC LIMIT ?",
        [pupil_id, days],
    ).fetchall()
    return [(d, r) for d, r in reversed(rows)]


def class_fluency_inputs(db: Database, class_id: int, recent: int) -> dict[int, tuple[float | None, int, list[float]]]:
    """`fluency_inputs` of every pupil of the class in two reads (the class overview's levels),
    for pupils with a rating or a timed answer."""
    out: dict[int, tuple[float | None, int, list[float]]] = {
        pid: (rating, count, [])
        for pid, rating, count in db.execute(
            "SELECT r.pupil_id, r.rating, r.count FROM pupil_ratings r JOIN pupils p ON p.id = r.pupil_id"
            " WHERE p.class_id = ?",
            [class_id],
        )
    }
    for pid, ms in db.execute(
        "SELECT pupil_id, believed_ms FROM (SELECT a.pupil_id, a.believed_ms, row_number() OVER"
        " (PARTITION BY a.pupil_id ORDER BY a.answered_at DESC) AS n FROM attempts a"
        f" JOIN pupils p ON p.id = a.pupil_id WHERE p.class_id = ? AND a.answered_at IS NOT NULL AND {_TIMED})"
        " WHERE n <= ? ORDER BY pupil_id, n",
        [class_id, recent],
    ):
        out.setdefault(pid, (None, 0, []))[2].append(ms)
    return out


def class_recent_day_ratings(db: Database, class_id: int, days: int) -> dict[int, list[tuple[str, float]]]:
    """`recent_day_ratings` of every pupil of the class, in one read."""
    out: dict[int, list[tuple[str, float]]] = {}
    for pid, day, rating in db.execute(
        "SELECT pupil_id, day, rating FROM (SELECT d.pupil_id, d.day, d.rating, row_number() OVER"
        " (PARTITION BY d.pupil_id ORDER BY d.day DESC) AS n FROM pupil_days d JOIN pupils p ON p.id = d.pupil_id"
        " WHERE p.class_id = ? AND d.rating IS NOT NULL) WHERE n <= ? ORDER BY pupil_id, day",
        [class_id, days],
    ):
        out.setdefault(pid, []).append((day, rating))
    return out


def levels_reached(db: Database, pupil_id: int) -> dict[int, str]:
    """{level number: school day first reached}."""
    return dict(
        db.execute("SELECT level, day FROM pupil_levels WHERE pupil_id = ? ORDER BY level", [pupil_id]).fetchall()
    )


def class_kept_levels(db: Database, class_id: int) -> dict[int, int]:
    return dict(
        db.execute(
            "SELECT l.pupil_id, max(l.level) FROM pupil_levels l JOIN pupils p ON p.id = l.pupil_id"
            " WHERE p.class_id = ? GROUP BY l.pupil_id",
            [class_id],
        ).fetchall()
    )


def record_levels(db: Database, pupil_id: int, up_to: int, day: str) -> list[int]:
    """Marks every level from 2 to `up_to` as reached (on `day` when new); the new ones."""
    have = set(levels_reached(db, pupil_id))
    new = [n for n in range(2, up_to + 1) if n not in have]
    for number in new:
        db.execute(
            "INSERT OR IGNORE INTO pupil_levels (pupil_id, level, day) VALUES (?, ?, ?)", [pupil_id, number, day]
        )
    return new


# What stars and badges are counted from -------------------------------------------------------


def finished_drill_days(db: Database, pupil_id: int) -> list[str]:
    """School days with the daily drill finished, oldest first."""
    return [
        d
        for (d,) in db.execute(
            "SELECT DISTINCT day FROM practice_sessions WHERE pupil_id = ? AND mode = 'drill'"
            " AND finished_at IS NOT NULL ORDER BY day",
            [pupil_id],
        )
    ]


def first_game_tweak(db: Database, pupil_id: int) -> float | None:
    """When the pupil first took the whole table in a game (epoch seconds)."""
    # A family table's TWEAK may be the family's steering: not the child's badge (issue 47.4).
    return db.execute(
        "SELECT min(m.created_at) FROM game_moves m JOIN games g ON g.id = m.game_id"
        f" WHERE m.pupil_id = ? AND m.tweak = 1 AND NOT {FAMILY_SQL}",
        [pupil_id],
    ).fetchone()[0]


def first_complete_find_all(db: Database, pupil_id: int) -> str | None:
    """The day the pupil first found every combination of a "find them all" puzzle."""
    return db.execute(
        "SELECT min(day) FROM attempts WHERE pupil_id = ? AND kind = 'all' AND correct = 1 AND answered_at IS NOT NULL",
        [pupil_id],
    ).fetchone()[0]
