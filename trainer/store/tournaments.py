"""The class tournament (issue 16.5): the teacher seats the present children at tables of 3-4
(trainer.games.tournament) and every table starts at once (class_tables.seat_and_start).

Starting is one write transaction (BEGIN IMMEDIATE): of two teachers starting at the same
moment the second finds the first's tournament running and is refused, so no child is seated
twice. The standings are read from the tables' finished rounds (tweak-round/1 records), so
ending a tournament early keeps them.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.games.fair import own_results
from trainer.games.service import Game
from trainer.store import class_tables
from trainer.store.db import write_transaction


class TournamentRefused(Exception):
    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def get(db: Database, tournament_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM class_tournaments WHERE id = ?", [tournament_id]))
    return rows[0] if rows else None


def latest(db: Database, class_id: int) -> dict | None:
    """The class's newest tournament (running or ended), if any."""
    rows = list(db.query("SELECT * FROM class_tournaments WHERE class_id = ? ORDER BY id DESC LIMIT 1", [class_id]))
    return rows[0] if rows else None


def table_ids(db: Database, tournament_id: int) -> list[int]:
    return [
        r[0] for r in db.execute("SELECT id FROM class_tables WHERE tournament_id = ? ORDER BY id", [tournament_id])
    ]


def all_finished(db: Database, tournament_id: int) -> bool:
    return not db.execute(
        "SELECT count(*) FROM class_tables WHERE tournament_id = ? AND status != 'finished'", [tournament_id]
    ).fetchone()[0]


def start(
    db: Database, class_id: int, tables: list[list[int]], games: list[Game], now: float, turn_clock: int = 0
) -> int:
    """Seats `tables` (pupil ids, one list per table) and starts every table with its game
    (trainer.play.tables.tournament_games). Refused:
    "running" (the class has a tournament playing), "not_in_class" (a pupil of another class or
    archived), "seated_twice", or class_tables' "already_seated" (a child is playing a game)."""
    seated = [p for table in tables for p in table]
    if not tables or len(seated) != len(set(seated)):
        raise TournamentRefused("seated_twice")
    with write_transaction(db):
        running = latest(db, class_id)
        if running and running["status"] == "playing" and not all_finished(db, running["id"]):
            raise TournamentRefused("running")
        if running and running["status"] == "playing":
            _close(db, running["id"], now)
        marks = ",".join("?" * len(seated))
        ours = db.execute(
            f"SELECT count(*) FROM pupils WHERE class_id = ? AND archived_at IS NULL AND id IN ({marks})",
            [class_id, *seated],
        ).fetchone()[0]
        if ours != len(seated):
            raise TournamentRefused("not_in_class")
        tournament_id = db.execute(
            "INSERT INTO class_tournaments (class_id, started_at, settings) VALUES (?, ?, ?)",
            [class_id, now, json.dumps({"length": games[0].settings.length, "tables": len(tables)})],
        ).lastrowid
        try:
            for table, game in zip(tables, games, strict=True):
                class_tables.seat_and_start(db, class_id, table, game, now, turn_clock, tournament_id)
        except class_tables.TableRefused as err:
            raise TournamentRefused(err.code) from err
    return tournament_id


def _close(db: Database, tournament_id: int, now: float) -> None:
    db.execute("UPDATE class_tournaments SET status = 'ended', ended_at = ? WHERE id = ?", [now, tournament_id])


def end(db: Database, tournament_id: int, now: float) -> None:
    """Ends the tournament (early, or once every table finished): unfinished tables stop where
    they stand, the finished rounds, and so the standings, stay."""
    with write_transaction(db):
        for table_id in table_ids(db, tournament_id):
            class_tables.stop(db, table_id, now)
        _close(db, tournament_id, now)


def table_of(db: Database, pupil_id: int) -> int | None:
    """The tournament table the pupil sits at now (the latest, should there be two)."""
    row = db.execute(
        "SELECT t.id FROM class_table_seats s JOIN class_tables t ON t.id = s.table_id"
        " WHERE s.pupil_id = ? AND t.tournament_id IS NOT NULL AND t.status = 'playing'"
        " ORDER BY t.id DESC LIMIT 1",
        [pupil_id],
    ).fetchone()
    return row[0] if row else None


def running(db: Database, class_id: int) -> dict | None:
    """The tournament the class is playing now (some table unfinished)."""
    row = latest(db, class_id)
    return row if row and row["status"] == "playing" and not all_finished(db, row["id"]) else None


def standings(db: Database, tournament_id: int) -> list[dict]:
    """Per child: table (1, 2, ...), name, rounds won (a shared top counts), points and TWEAKs
    (R5.3) over the finished rounds, ordered by table and then points: no class-wide ranking.
    What the helper bot earned in a child's turns is not the child's (issue 39.1): it counts
    neither in their points and TWEAKs nor in who won the round."""
    result = []
    for number, table_id in enumerate(table_ids(db, tournament_id), start=1):
        seats = class_tables.seats_of(db, table_id)
        helped = class_tables.helped_of(class_tables.get(db, table_id))
        people = {
            seat: {
                "table": number,
                "table_id": table_id,
                "pupil_id": s["pupil_id"],
                "name": s["name"],
                "rounds_won": 0,
                "points": 0,
                "tweaks": 0,
            }
            for seat, s in seats.items()
        }
        for round_no, record in enumerate(class_tables.rounds_of(db, table_id)):
            scores, tweaks = own_results(record, round_no, helped)
            for seat, person in people.items():
                if seat >= len(scores):
                    continue
                person["points"] += scores[seat]
                person["tweaks"] += tweaks[seat]
                person["rounds_won"] += scores[seat] == max(scores)
        result += sorted(people.values(), key=lambda p: (-p["points"], p["name"].lower()))
    return result


def certificates(db: Database, tournament_id: int) -> list[dict]:
    """Who gets a certificate: each table's winner (most points; all tied get one) and whoever
    found the most TWEAKs (all tied; nobody when no TWEAK was found)."""
    rows = standings(db, tournament_id)
    awards = []
    for number in sorted({r["table"] for r in rows}):
        table = [r for r in rows if r["table"] == number]
        top = max(r["points"] for r in table)
        awards += [{"kind": "table", **r} for r in table if r["points"] == top]
    most = max((r["tweaks"] for r in rows), default=0)
    if most:
        awards += [{"kind": "tweaks", **r} for r in rows if r["tweaks"] == most]
    return awards


def present_today(db: Database, class_id: int, since: float) -> set[int]:
    """The children seen since `since` (the school day's start): a pupil session used today
    (auth_sessions.last_seen moves with every request a logged-in child makes)."""
    return {
        r[0]
        for r in db.execute(
            "SELECT DISTINCT s.pupil_id FROM auth_sessions s JOIN pupils p ON p.id = s.pupil_id"
            " WHERE p.class_id = ? AND s.last_seen >= ?",
            [class_id, since],
        )
    }
