"""Everything stored about one pupil, as JSON (the GDPR right of access).

Later features register a section with `@section("name")`: a function (db, pupil_id) that
returns JSON-ready data. tests/store/test_pupil_data_cascades.py checks that every table with a pupil_id
column is covered by some section, so new data cannot be forgotten here.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlite_utils import Database

SECTIONS: dict[str, Callable[[Database, int], object]] = {}
# Tables whose pupil rows each section exports; checked against the schema by the tests.
COVERED_TABLES: set[str] = set()


def section(name: str, tables: tuple[str, ...] = ()):
    def register(fn):
        SECTIONS[name] = fn
        COVERED_TABLES.update(tables)
        return fn

    return register


@section("pupil", tables=("pupils", "auth_sessions"))
def _pupil(db: Database, pupil_id: int) -> dict:
    row = next(
        db.query(
            "SELECT p.id, p.name, p.language, p.picture_password, p.archived_at, p.created_at, p.source_id,"
            " c.name AS class_name FROM pupils p JOIN classes c ON c.id = p.class_id"
            " WHERE p.id = ?",
            [pupil_id],
        )
    )
    row["picture_password"] = row["picture_password"].split(",")
    row["active_sessions"] = db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id = ?", [pupil_id]).fetchone()[
        0
    ]
    return row


def _rows(db: Database, sql: str, pupil_id: int, json_columns: tuple[str, ...] = ()) -> list[dict]:
    rows = list(db.query(sql, [pupil_id]))
    for row in rows:
        for column in json_columns:
            if row.get(column) is not None:
                row[column] = json.loads(row[column])
    return rows


@section("practice", tables=("pupil_ratings", "pupil_settings", "practice_sessions", "attempts"))
def _practice(db: Database, pupil_id: int) -> dict:
    return {
        "rating": _rows(db, "SELECT rating, count, updated_at FROM pupil_ratings WHERE pupil_id = ?", pupil_id),
        "settings": _rows(
            db,
            "SELECT extra_time_s, hide_countdown, read_aloud, sounds, no_timer, switch_step_s, card_faces, number_line"
            " FROM pupil_settings WHERE pupil_id = ?",
            pupil_id,
        ),
        "sessions": _rows(db, "SELECT * FROM practice_sessions WHERE pupil_id = ? ORDER BY id", pupil_id),
        "attempts": _rows(
            db,
            "SELECT * FROM attempts WHERE pupil_id = ? ORDER BY issued_at, rowid",
            pupil_id,
            ("taps", "submitted", "outcome", "flags"),
        ),
    }


@section("games", tables=("games", "game_moves"))
def _games(db: Database, pupil_id: int) -> dict:
    return {
        "games": _rows(
            db, "SELECT * FROM games WHERE pupil_id = ? ORDER BY id", pupil_id, ("settings", "state", "record")
        ),
        "moves": _rows(
            db,
            "SELECT * FROM game_moves WHERE pupil_id = ? AND game_id IS NOT NULL ORDER BY id",
            pupil_id,
            ("analysis",),
        ),
    }


@section("class_play", tables=("class_table_seats",))
def _class_play(db: Database, pupil_id: int) -> dict:
    # Which seat of which class-play table (issue 16); the games there are the class's, the
    # analysis of the pupil's own plays there (issue 16.6) is theirs.
    return {
        "seats": _rows(
            db, "SELECT table_id, seat FROM class_table_seats WHERE pupil_id = ? ORDER BY table_id", pupil_id
        ),
        "moves": _rows(
            db,
            "SELECT * FROM game_moves WHERE pupil_id = ? AND table_id IS NOT NULL ORDER BY id",
            pupil_id,
            ("analysis",),
        ),
    }


@section("school_logins", tables=("oidc_links",))
def _school_logins(db: Database, pupil_id: int) -> list[dict]:
    # The school login the pupil linked (issue 25): only the provider's pseudonym is kept.
    return _rows(db, "SELECT issuer, subject, created_at FROM oidc_links WHERE pupil_id = ? ORDER BY id", pupil_id)


@section("devices", tables=("known_devices",))
def _devices(db: Database, pupil_id: int) -> list[dict]:
    # When the pupil first and last logged in from each device (the device key is not theirs
    # to read: it is what lets that tablet in).
    return _rows(
        db, "SELECT first_login, last_login FROM known_devices WHERE pupil_id = ? ORDER BY first_login", pupil_id
    )


@section("rewards", tables=("pupil_avatars", "pupil_levels"))
def _rewards(db: Database, pupil_id: int) -> dict:
    # Issue 15: the avatar picked and the fluency levels reached (stars and badges are counted
    # from the practice and games sections above).
    return {
        "avatar": _rows(db, "SELECT avatar, chosen_at FROM pupil_avatars WHERE pupil_id = ?", pupil_id),
        "levels": _rows(db, "SELECT level, day FROM pupil_levels WHERE pupil_id = ? ORDER BY level", pupil_id),
    }


def export(db: Database, pupil_id: int) -> dict:
    return {"format": "tweak-pupil-export/1", **{name: fn(db, pupil_id) for name, fn in SECTIONS.items()}}
