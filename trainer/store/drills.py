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


# How a card can show its value beside the digit (issue 49.4), and the one switch's steps in
# seconds (issue 49.2): what the teacher may choose on "What <name> needs".
CARD_FACES = ("digits", "dots", "ten-frame")
SWITCH_STEPS = (1.0, 1.5, 2.0, 3.0, 4.0, 5.0)

# Who plays without a clock, decided here only: a child with the teacher's "no timer" (issue
# 49.3), and a child who scans with one switch (issue 49.2), who cannot hurry a scan. Every
# reader of the timer asks this expression over pupil_settings as `n` (a LEFT JOIN's missing
# row is timed): the settings below, a class table's seats and the live channel's turn clock.
UNTIMED_SQL = "coalesce(n.no_timer OR n.switch_step_s IS NOT NULL, 0)"

_SETTINGS = (
    "SELECT extra_time_s, hide_countdown, read_aloud, sounds, no_timer, switch_step_s, card_faces, number_line,"
    f" {UNTIMED_SQL} FROM pupil_settings n WHERE pupil_id = ?"
)
_NO_SETTINGS = (0.0, 0, 0, 0, 0, None, "digits", 0, 0)


def pupil_settings(db: Database, pupil_id: int) -> dict:
    """The pupil's settings; `no_timer` is the teacher's box as ticked, `untimed` whether the
    child's drills and turns run with no clock (UNTIMED_SQL)."""
    row = db.execute(_SETTINGS, [pupil_id]).fetchone()
    extra, hide, read_aloud, sounds, no_timer, switch_step, faces, number_line, untimed = row if row else _NO_SETTINGS
    return {
        "extra_time_s": extra,
        "hide_countdown": bool(hide),
        "read_aloud": bool(read_aloud),
        "sounds": bool(sounds),
        "no_timer": bool(no_timer),
        "switch_step_s": switch_step,
        "card_faces": faces,
        "number_line": bool(number_line),
        "untimed": bool(untimed),
    }


def set_needs(
    db: Database,
    pupil_id: int,
    *,
    extra_time_s: float,
    read_aloud: bool,
    no_timer: bool,
    switch_step_s: float | None = None,
    card_faces: str = "digits",
    number_line: bool = False,
) -> None:
    """What the teacher sets on "What <name> needs" (issue 49.6), in one write: the child's own
    switches (sounds, the hidden bar) stay as they are."""
    if card_faces not in CARD_FACES or (switch_step_s is not None and switch_step_s not in SWITCH_STEPS):
        raise ValueError(f"not a choice of the needs page: {card_faces!r}, {switch_step_s!r}")
    with write_transaction(db):
        db.execute(
            "INSERT INTO pupil_settings (pupil_id, extra_time_s, read_aloud, no_timer, switch_step_s, card_faces,"
            " number_line) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (pupil_id) DO UPDATE SET extra_time_s = excluded.extra_time_s,"
            " read_aloud = excluded.read_aloud, no_timer = excluded.no_timer,"
            " switch_step_s = excluded.switch_step_s, card_faces = excluded.card_faces,"
            " number_line = excluded.number_line",
            [pupil_id, extra_time_s, int(read_aloud), int(no_timer), switch_step_s, card_faces, int(number_line)],
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
