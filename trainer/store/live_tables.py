"""What the live channel (trainer.push, issue 36.1) reads: the versions of every class table
that can still change, for a whole school in one indexed query, and whether a stream's
subscriber may still watch what its token names. Reads only."""
from __future__ import annotations

import sqlite3
from sqlite3 import Connection

from trainer.store.class_tables import AWAY_AFTER

# One statement per school and tick, whatever the number of subscribers: the partial index
# class_tables_live (migration m3601) holds only the tables still open or playing, so the
# school's finished tables of the whole year are never read. The seat to act's seen_at comes
# along so the channel can say when a turn falls due (the helper bot's clock or an away child).
LIVE_SQL = (
    "SELECT t.id, t.class_id, t.version, t.status, t.updated_at, t.turn_clock, s.seen_at"
    " FROM class_tables t INDEXED BY class_tables_live"
    " LEFT JOIN class_table_seats s ON s.table_id = t.id AND s.seat = t.to_act"
    " WHERE t.status IN ('open', 'playing')")


def open_reader(path: str) -> Connection:
    """A connection that can only read (the channel never writes the school's file)."""
    conn = sqlite3.connect(path, timeout=5, check_same_thread=False)
    conn.execute("PRAGMA query_only = ON")
    return conn


def live(db: Connection) -> dict[int, tuple[int, int, float | None]]:
    """table id -> (class id, version, when a helper turn falls due or None)."""
    found = {}
    for table_id, class_id, version, status, updated_at, clock, seen_at in db.execute(LIVE_SQL):
        due = None
        if status == "playing":
            times = [updated_at + clock] if clock else []
            times.append((seen_at or 0.0) + AWAY_AFTER)
            due = min(times)
        found[table_id] = (class_id, version, due)
    return found


def may_watch(db: Connection, kind: str, thing: int, who: str, person: int) -> bool:
    """Still true when the stream is opened: a pupil seated at the table ("table"), a pupil of
    the class or the class's teacher ("class")."""
    if kind == "table" and who == "pupil":
        sql = "SELECT 1 FROM class_table_seats WHERE table_id = ? AND pupil_id = ?"
    elif kind == "class" and who == "pupil":
        sql = "SELECT 1 FROM pupils WHERE class_id = ? AND id = ?"
    elif kind == "class" and who == "teacher":
        sql = "SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?"
    else:
        return False
    return db.execute(sql, [thing, person]).fetchone() is not None
