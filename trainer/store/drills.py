"""A class's drill settings and a pupil's own settings (extra time, hidden countdown, no timer)."""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.puzzles.drill_settings import DEFAULT, DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import utcnow
from trainer.store.db import write_transaction


def settings_for_class(db: Database, class_id: int) -> DrillSettings:
    """The class's drill, or the default one when the teacher has not set it."""
    row = db.execute(
        "SELECT puzzles, minutes, kinds, time_limit_s FROM drill_settings WHERE class_id = ?", [class_id]
    ).fetchone()
    if row is None:
        return DEFAULT
    puzzles, minutes, kinds, limit = row
    # Kinds in KINDS order, and only known ones: the column is text anyone could have edited.
    stored = set(json.loads(kinds))
    return DrillSettings(puzzles, minutes, tuple(k for k in KINDS if k in stored) or DEFAULT.kinds, limit)


def save(db: Database, class_id: int, settings: DrillSettings) -> None:
    with write_transaction(db):
        db.execute(
            "INSERT INTO drill_settings (class_id, puzzles, minutes, kinds, time_limit_s, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (class_id) DO UPDATE SET puzzles = excluded.puzzles,"
            " minutes = excluded.minutes, kinds = excluded.kinds, time_limit_s = excluded.time_limit_s,"
            " updated_at = excluded.updated_at",
            [
                class_id,
                settings.puzzles,
                settings.minutes,
                json.dumps(list(settings.kinds)),
                settings.time_limit,
                utcnow(),
            ],
        )


# What a pupil switches for themself, by name (each a column of pupil_settings).
PUPIL_FLAGS = ("hide_countdown", "read_aloud", "sounds")


def pupil_settings(db: Database, pupil_id: int) -> dict:
    row = db.execute(
        "SELECT extra_time_s, hide_countdown, read_aloud, sounds, no_timer FROM pupil_settings WHERE pupil_id = ?",
        [pupil_id],
    ).fetchone()
    extra, hide, read_aloud, sounds, no_timer = row if row else (0.0, 0, 0, 0, 0)
    return {
        "extra_time_s": extra,
        "hide_countdown": bool(hide),
        "read_aloud": bool(read_aloud),
        "sounds": bool(sounds),
        "no_timer": bool(no_timer),
    }


def set_needs(db: Database, pupil_id: int, *, extra_time_s: float, read_aloud: bool, no_timer: bool) -> None:
    """What the teacher sets on "What <name> needs" (issue 49.6), in one write: the child's own
    switches (sounds, the hidden bar) stay as they are."""
    with write_transaction(db):
        db.execute(
            "INSERT INTO pupil_settings (pupil_id, extra_time_s, read_aloud, no_timer) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (pupil_id) DO UPDATE SET extra_time_s = excluded.extra_time_s,"
            " read_aloud = excluded.read_aloud, no_timer = excluded.no_timer",
            [pupil_id, extra_time_s, int(read_aloud), int(no_timer)],
        )


def extra_times(db: Database, class_id: int) -> dict[int, float]:
    """pupil id -> extra seconds, for every pupil of the class that has some."""
    return dict(
        db.execute(
            "SELECT s.pupil_id, s.extra_time_s FROM pupil_settings s JOIN pupils p ON p.id = s.pupil_id"
            " WHERE p.class_id = ? AND s.extra_time_s > 0",
            [class_id],
        ).fetchall()
    )


def set_extra_times(db: Database, extra: dict[int, float]) -> None:
    """All pupils at once, so a form with one bad entry changes nobody."""
    with write_transaction(db):
        for pupil_id, seconds in extra.items():
            db.execute(
                "INSERT INTO pupil_settings (pupil_id, extra_time_s) VALUES (?, ?)"
                " ON CONFLICT (pupil_id) DO UPDATE SET extra_time_s = excluded.extra_time_s",
                [pupil_id, seconds],
            )


def set_pupil_flag(db: Database, pupil_id: int, name: str, on: bool) -> None:
    if name not in PUPIL_FLAGS:
        raise ValueError(f"no pupil setting {name!r}")
    with write_transaction(db):
        # The column name comes from PUPIL_FLAGS above, never from the request.
        db.execute(
            f"INSERT INTO pupil_settings (pupil_id, {name}) VALUES (?, ?)"
            f" ON CONFLICT (pupil_id) DO UPDATE SET {name} = excluded.{name}",
            [pupil_id, int(on)],
        )
