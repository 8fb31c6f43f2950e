"""What the live channel (trainer.push) writes: that the children whose tablets hold a table's
stream open are here (issue 36.1). With a stream open the page no longer says "I am here"
every 10 s; the channel notes all of a school's connected seats at once, in one short
transaction every few seconds (trainer.push.hub.PRESENCE_EVERY), well inside the away limit.

Presence is soft state: when the channel dies nothing is lost, the pages fall back to the
poll, whose every ask notes presence as before (trainer.play.tables.here).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from sqlite3 import Connection

# A short wait for the write lock: the channel's loop must never stall behind a long write,
# and a write it skips is made at its next period, long before a seat counts as away.
BUSY_TIMEOUT_S = 0.25

# The seats are one JSON parameter, so the statements are the same for 1 seat or 240. The
# join on pupil_id is the database's own check, as at the stream's opening: a child who left
# the table (or whose seat went to another child) is not marked, whatever its old ticket says.
SEATS = "SELECT json_extract(value, '$[0]') AS table_id, json_extract(value, '$[1]') AS pupil_id FROM json_each(:seats)"
# Being here is not a move: a child who comes back leaves the table's version alone (a tap
# made on it stays good, issue 46.3); the boards learn it from trainer.play.presence.look,
# which the channel compares every tick. Who comes back is said by that one rule, in Python,
# from the seats as they are (SEATS_NOW); their tables' turn clocks start again (CAME_BACK_SQL),
# as trainer.play.tables.here does when a poll brings a child back.
SEATS_NOW_SQL = (
    "SELECT s.table_id, s.seen_at, t.created_at FROM class_table_seats s JOIN (" + SEATS + ") c"
    " ON s.table_id = c.table_id AND s.pupil_id = c.pupil_id"
    " JOIN class_tables t ON t.id = s.table_id WHERE t.status = 'playing'"
)
CAME_BACK_SQL = "UPDATE class_tables SET updated_at = :now WHERE id IN (SELECT value FROM json_each(:back))"
SEEN_SQL = "UPDATE class_table_seats SET seen_at = :now WHERE (table_id, pupil_id) IN (" + SEATS + ")"


def open_writer(path: str) -> Connection:
    """The channel's one writing connection to a school (autocommit: it opens its own
    transactions, BEGIN IMMEDIATE, so it waits for the lock up front or not at all)."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    # Soft state: a power cut may lose the last few seconds of presence, never a move.
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def mark_here(
    conn: Connection,
    seats: Iterable[tuple[int, int]],
    now: float,
    comes_back: Callable[[float | None, float | None, float], bool],
) -> None:
    """Notes (table id, pupil id) seats as seen at `now`, in one transaction; the tables where
    `comes_back(seen_at, started_at, now)` (trainer.play.presence's rule, read and written in
    that same transaction) start their turn's clock again. Raises sqlite3.OperationalError
    when the lock stays busy past BUSY_TIMEOUT_S (nothing written)."""
    params = {"seats": json.dumps(sorted(seats)), "now": now}
    conn.execute("BEGIN IMMEDIATE")
    try:
        back = sorted(
            {
                table_id
                for table_id, seen_at, started in conn.execute(SEATS_NOW_SQL, params)
                if comes_back(seen_at, started, now)
            }
        )
        conn.execute(CAME_BACK_SQL, {"now": now, "back": json.dumps(back)})
        conn.execute(SEEN_SQL, params)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
