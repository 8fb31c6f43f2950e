"""What the projector shows (issue 39.3): a class's tables made for a wall, the tournament's
standings and who is here, read in one place for the page and for its live refresh
(classplay/watch.py routes; templates/classplay/projector.html)."""

from __future__ import annotations

import hashlib
import math
from datetime import datetime, time

from flask import current_app
from sqlite_utils import Database

from trainer.play import tables as play_tables
from trainer.store import presence, pupil_rewards, pupils, tournaments
from trainer.web.core import school_day

# The tables a wall shows at once: eight tables of four are a class of 32.
MOST_TABLES = 8


def _day_start() -> float:
    return datetime.combine(school_day.today(), time.min).astimezone().timestamp()


def grid(count: int) -> tuple[int, int]:
    """(columns, rows) that fill a wide screen with `count` tables, each as large as it can be:
    1 → 1×1, 2 → 2×1, 3–4 → 2×2, 5–6 → 3×2, 7–8 → 4×2."""
    count = max(count, 1)
    columns = 1 if count == 1 else 2 if count <= 4 else math.ceil(count / 2)
    return columns, math.ceil(count / columns)


def who_is_here(db: Database, klass: dict) -> list[dict]:
    """Every child of the class with their character and "here", "gone" (logged out) or
    None (not come yet), the ones here first."""
    idle = current_app.config["IDLE_TIMEOUT_SECONDS"]
    states = presence.of_class(db, klass["id"], _day_start(), school_day.now() - idle)
    avatars = pupil_rewards.class_avatars(db, klass["id"])
    order = {presence.HERE: 0, presence.GONE: 1, None: 2}
    children = [
        {"id": p["id"], "name": p["name"], "avatar": avatars.get(p["id"]), "state": states.get(p["id"])}
        for p in pupils.list_for_class(db, klass["id"])
    ]
    return sorted(children, key=lambda c: order[c["state"]])


def match_wins(tables: list[dict]) -> list[dict]:
    """The finished games on the wall and who won each, for the class to cheer (a draw has
    no winner and is not cheered)."""
    wins = []
    for number, t in enumerate(tables, start=1):
        scores = t["scores"]
        if scores and scores["over"] and scores["winner"] is not None:
            winner = scores["players"][scores["winner"]]
            wins.append(
                {
                    "table": number,
                    "table_id": t["row"]["id"],
                    "name": winner["name"],
                    "face": winner["face"],
                    "match": scores["threshold"] is not None,
                }
            )
    return wins


def signature(db: Database, klass: dict, here: list[dict]) -> str:
    """Changes when a table, the tournament or anyone's presence changes: the live refresh's
    version (204 while it is the same)."""
    latest = tournaments.latest(db, klass["id"])
    parts = [
        play_tables.class_signature(db, klass["id"], school_day.now()),
        f"{latest['id']}:{latest['status']}" if latest else "-",
        ",".join(f"{c['id']}{(c['state'] or '-')[0]}" for c in here),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def projector(db: Database, klass: dict, tables: list[dict]) -> dict:
    """Everything the projector page shows; `tables` as classplay.watch.watched_tables reads them."""
    latest = tournaments.latest(db, klass["id"])
    running = latest is not None and tournaments.running(db, klass["id"]) is not None
    if latest is not None and not running and latest["started_at"] < _day_start():
        latest = None  # another day's tournament: today's tables, no old standings
    if latest is not None:
        ours = set(tournaments.table_ids(db, latest["id"]))
        mine = [t for t in tables if t["row"]["id"] in ours]
        tables = mine or tables
    tables = tables[:MOST_TABLES]
    here = who_is_here(db, klass)
    columns, rows = grid(len(tables))
    return {
        "tables": tables,
        "columns": columns,
        "rows": rows,
        "standings": tournaments.standings(db, latest["id"]) if latest else [],
        "running": running,
        "here": here,
        "wins": match_wins(tables),
        "signature": signature(db, klass, here),
    }
