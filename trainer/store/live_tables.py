"""What the live channel (trainer.push, issue 36.1) reads: the versions of every class table
that can still change, for a whole school in one indexed query, and whether a stream's
subscriber may still watch what its token names. Reads only."""

from __future__ import annotations

import json
import sqlite3
from sqlite3 import Connection

from trainer.store.drills import UNTIMED_SQL

# One statement per school and tick, whatever the number of subscribers: the partial index
# class_tables_live (migration m3601) holds only the tables still open or playing, so the
# school's finished tables of the whole year are never read. A table being played brings its
# seats' seen_at along, so the channel can say, by the one rule (trainer.play.presence, asked
# by trainer.play.live), when a turn falls due (the helper bot's clock, an away child, one who
# never came) and who is here, and whether a seat is untimed (drills.UNTIMED_SQL: "no timer" or
# one switch, issue 49), which has no turn clock.
LIVE_SQL = (
    "SELECT t.id, t.class_id, t.version, t.status, t.updated_at, t.turn_clock, t.created_at, t.to_act,"
    f" json_group_array(json_array(s.seat, s.seen_at, {UNTIMED_SQL})) FILTER (WHERE s.seat IS NOT NULL)"
    " FROM class_tables t INDEXED BY class_tables_live"
    " LEFT JOIN class_table_seats s ON s.table_id = t.id AND t.status = 'playing'"
    " LEFT JOIN pupil_settings n ON n.pupil_id = s.pupil_id"
    " WHERE t.status IN ('open', 'playing') GROUP BY t.id"
)


def open_reader(path: str) -> Connection:
    """A connection that can only read (the channel never writes the school's file)."""
    conn = sqlite3.connect(path, timeout=5, check_same_thread=False)
    conn.execute("PRAGMA query_only = ON")
    return conn


def live(db: Connection) -> list[tuple[int, int, int, dict, dict[int, dict]]]:
    """(table id, class id, version, the row's status, updated_at, turn_clock, created_at and
    to_act, seat -> {"seen_at", "untimed"} while it is being played) of every table that can still change."""
    found = []
    for table_id, class_id, version, status, updated_at, clock, started, to_act, seats in db.execute(LIVE_SQL):
        table = {
            "status": status,
            "updated_at": updated_at,
            "turn_clock": clock,
            "created_at": started,
            "to_act": to_act,
        }
        found.append(
            (
                table_id,
                class_id,
                version,
                table,
                {seat: {"seen_at": at, "untimed": bool(untimed)} for seat, at, untimed in json.loads(seats or "[]")},
            )
        )
    return found


def may_watch(db: Connection, kind: str, thing: int, who: str, person: int, session: int | None = None) -> bool:
    """Still true when the stream is opened, and while it is open (`still_watching`): a pupil
    seated at the table ("table"), a pupil of the class or the class's teacher ("class"), in
    the login the ticket was signed in (`session`, when it names one) while it lives."""
    if kind == "table" and who == "pupil":
        sql = "SELECT 1 FROM class_table_seats WHERE table_id = ? AND pupil_id = ?"
    elif kind == "class" and who == "pupil":
        sql = "SELECT 1 FROM pupils WHERE class_id = ? AND id = ? AND archived_at IS NULL"
    elif kind == "class" and who == "teacher":
        sql = "SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?"
    else:
        return False
    if db.execute(sql, [thing, person]).fetchone() is None:
        return False
    return session is None or bool(live_sessions(db, [(session, who, person)]))


# A stream's login still lives: its row is there, for the same person (a logout, an archive,
# a removal and "log out everywhere" all delete it: trainer.store.sessions, pupils).
SESSIONS_SQL = (
    "SELECT w.at, w.who, w.person FROM auth_sessions s JOIN (SELECT json_extract(value, '$[0]') AS at,"
    " json_extract(value, '$[1]') AS who, json_extract(value, '$[2]') AS person FROM json_each(?)) w"
    " ON s.created_at = w.at AND ((w.who = 'pupil' AND s.pupil_id = w.person)"
    "  OR (w.who = 'teacher' AND s.teacher_id = w.person))"
)
SEATS_SQL = (
    "SELECT s.table_id, s.pupil_id FROM class_table_seats s JOIN (SELECT json_extract(value, '$[0]') AS t,"
    " json_extract(value, '$[1]') AS p FROM json_each(?)) w ON s.table_id = w.t AND s.pupil_id = w.p"
)


def live_sessions(db: Connection, wanted) -> set[tuple[float, str, int]]:
    """Of (session began, who, person), those whose session still lives: one statement for any number."""
    return {tuple(row) for row in db.execute(SESSIONS_SQL, [json.dumps(sorted(set(wanted)))])}


def seated(db: Connection, seats) -> set[tuple[int, int]]:
    """Of (table, pupil), those still seated there: one statement for any number."""
    return {tuple(row) for row in db.execute(SEATS_SQL, [json.dumps(sorted(set(seats)))])}


# Who of a class is logged in (the projector's "who is here", trainer.store.presence): changes
# when a child of the class logs in or out, or a session ends; one statement for any classes.
ROLL_SQL = (
    "SELECT p.class_id, count(s.id), coalesce(sum(s.created_at), 0) FROM pupils p"
    " LEFT JOIN auth_sessions s ON s.pupil_id = p.id"
    " WHERE p.class_id IN (SELECT value FROM json_each(?)) GROUP BY p.class_id"
)


def rolls(db: Connection, class_ids) -> dict[int, tuple[int, float]]:
    """class id -> a value that changes whenever one of its children logs in or out."""
    return {row[0]: (row[1], row[2]) for row in db.execute(ROLL_SQL, [json.dumps(sorted(set(class_ids)))])}
