"""What the live channel (trainer.push, issue 36.1) asks of a school's class tables, by the
rules the web app follows too (trainer.play.presence): which tables changed or fell due, and
who is here. The store reads and writes; the rules are asked here."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.play import presence
from trainer.store import live_presence, live_tables
from trainer.store.handles import Connection


def tables(db: Connection, now: float) -> dict[int, tuple[int, int, float | None, str]]:
    """table id -> (class id, version, the moment its due helper turn fell due or None while
    none is due at `now`, presence.look at `now`), for every table that can still change: one
    statement per school (trainer.store.live_tables.LIVE_SQL)."""
    found = {}
    for table_id, class_id, version, table, seats in live_tables.live(db):
        playing = table["status"] == "playing"
        # Asked with the very functions the web app's tick asks a moment later.
        found[table_id] = (
            class_id,
            version,
            presence.table_due_since(table, seats, now),
            presence.look(seats, now, table["created_at"]) if playing else "",
        )
    return found


def mark_here(conn: Connection, seats: Iterable[tuple[int, int]], now: float) -> None:
    """Notes the connected seats as here at `now` (one write for the school); a child who
    comes back starts their turn's clock again (presence.comes_back)."""
    live_presence.mark_here(conn, seats, now, presence.comes_back)
