"""A pupil's class games (issue 16.6) as the teacher reviews them, beside the games against
bots (game_review): the rounds they sat in at a class table, their analysed plays there
(the game_moves rows of class tables, written with the move by trainer.store.class_tables.save), and totals for the overview."""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.engine.records import MATCH_FORMAT, RecordError, ReplayError, replay_round
from trainer.games.settings import PERSON
from trainer.store import game_moves
from trainer.web.dashboard.queries.summaries import marks

RECENT_ROUNDS = 10


def totals(db: Database, pupil_ids: list[int]) -> dict[int, dict]:
    """pupil -> rounds played at class tables, plays, capture and TWEAK chances, misses, TWEAKs."""
    if not pupil_ids:
        return {}
    out = {
        pid: {"rounds": count}
        for pid, count in db.execute(
            "SELECT s.pupil_id, count(*) FROM class_table_seats s"
            " JOIN class_table_rounds r ON r.table_id = s.table_id"
            f" WHERE s.pupil_id IN ({marks(pupil_ids)}) GROUP BY s.pupil_id",
            pupil_ids,
        )
    }
    for row in db.query(
        "SELECT pupil_id, count(*) AS plays, sum(captures_available > 0) AS capture_chances,"
        " sum(missed_capture) AS missed_captures, sum(tweak_available) AS tweak_chances,"
        " sum(missed_tweak) AS missed_tweaks, sum(tweak) AS tweaks FROM game_moves"
        f" WHERE table_id IS NOT NULL AND pupil_id IN ({marks(pupil_ids)}) GROUP BY pupil_id",
        pupil_ids,
    ):
        out.setdefault(row.pop("pupil_id"), {"rounds": 0}).update(row)
    return out


def rounds(db: Database, pupil_id: int, limit: int = RECENT_ROUNDS) -> list[dict]:
    """The pupil's latest finished class rounds, newest first, each with who sat where, the
    pupil's points and their plays' misses."""
    rows = list(
        db.query(
            """SELECT r.table_id, r.round, r.record, r.created_at, s.seat,
                  count(m.id) AS plays, sum(m.captures_available > 0) AS capture_chances,
                  sum(m.missed_capture) AS missed_captures, sum(m.tweak_available) AS tweak_chances,
                  sum(m.missed_tweak) AS missed_tweaks, sum(m.tweak) AS tweaks
           FROM class_table_seats s JOIN class_table_rounds r ON r.table_id = s.table_id
           LEFT JOIN game_moves m ON m.table_id = r.table_id AND m.round = r.round
                                         AND m.pupil_id = s.pupil_id
           WHERE s.pupil_id = ?
           GROUP BY r.table_id, r.round ORDER BY r.created_at DESC, r.table_id DESC, r.round DESC
           LIMIT ?""",
            [pupil_id, limit],
        )
    )
    names = _names(db, {row["table_id"] for row in rows})
    for row in rows:
        record = _json(row.pop("record"))
        row["others"] = [name for seat, name in sorted(names.get(row["table_id"], {}).items()) if seat != row["seat"]]
        row["points"], row["won"] = _result(record, row["seat"])
    return rows


def table(db: Database, pupil_id: int, table_id: int) -> dict | None:
    """The class table's finished rounds as one record, if the pupil sat there (the caller
    has checked that the pupil is the teacher's), with the pupil's seat and every seat's name."""
    seat = db.execute(
        "SELECT seat FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [table_id, pupil_id]
    ).fetchone()
    if seat is None:
        return None
    found = db.execute("SELECT created_at, state FROM class_tables WHERE id = ?", [table_id]).fetchone()
    state = _json(found[1]) or {}
    layout = (state.get("settings") or {}).get("seats") or [] if isinstance(state, dict) else []
    records = [
        _json(text)
        for (text,) in db.execute("SELECT record FROM class_table_rounds WHERE table_id = ? ORDER BY round", [table_id])
    ]
    # One round is replayed as it is; several as a match, as the replay of a bot game does.
    record = records[0] if len(records) == 1 else {"format": MATCH_FORMAT, "rounds": records}
    return {
        "id": table_id,
        "record": record,
        "seat": seat[0],
        "created_at": found[0],
        "names": _names(db, {table_id}).get(table_id, {}),
        "bots": {seat: level for seat, level in enumerate(layout) if level != PERSON},
    }


def moves(db: Database, table_id: int, pupil_id: int) -> list[dict]:
    rows = game_moves.of_table(db, table_id, pupil_id)
    for row in rows:
        analysis = _json(row["analysis"])
        row["analysis"] = analysis if isinstance(analysis, dict) and "play" in analysis else None
    return rows


def _names(db: Database, table_ids: set[int]) -> dict[int, dict[int, str]]:
    out: dict[int, dict[int, str]] = {}
    ids = sorted(table_ids)
    if not ids:
        return out
    for table_id, seat, name in db.execute(
        "SELECT s.table_id, s.seat, p.name FROM class_table_seats s JOIN pupils p ON p.id = s.pupil_id"
        f" WHERE s.table_id IN ({marks(ids)})",
        ids,
    ):
        out.setdefault(table_id, {})[seat] = name
    return out


def _result(record, seat: int) -> tuple[int | None, bool]:
    """The pupil's points in the round and whether they had the most (the engine's replay)."""
    try:
        scores = replay_round(record).scores()
    except (RecordError, ReplayError, KeyError, TypeError, ValueError):
        return None, False
    return scores[seat], scores.count(max(scores)) == 1 and scores[seat] == max(scores)


def _json(text: str):
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None
