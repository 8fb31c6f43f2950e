"""The analysis of every play a person chose (trainer.games.analysis.MoveAnalysis), one table
for both kinds of game (issue 35): a bot game's rows have `game_id` (the pupil in seat 0), a
class table's `table_id` and the child's `seat`. Written in the transaction that saves the
move; read by the teacher's dashboard, the pupil's export and retention.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.games.analysis import MoveAnalysis


def insert(
    db: Database,
    a: MoveAnalysis,
    pupil_id: int,
    now: float,
    *,
    game_id: int | None = None,
    table_id: int | None = None,
    seat: int = 0,
    server_ms: int | None = None,
    queued_ms: int | None = None,
) -> None:
    """`queued_ms`: the move waited that long on the tablet through a Wi-Fi drop (the outbox);
    kept in the analysis, as a drill answer's outcome keeps it, for whoever audits the times."""
    held = {"queued_ms": queued_ms} if queued_ms else {}
    db.execute(
        "INSERT INTO game_moves (game_id, table_id, pupil_id, seat, round, turn, target,"
        " captures_available, best_points, tweak_available, points, tweak, missed_capture,"
        " missed_tweak, decision_ms, hint_used, analysis, created_at, server_ms)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            table_id,
            pupil_id,
            seat,
            a.round,
            a.turn,
            a.target,
            a.captures_available,
            a.best_points,
            a.tweak_available,
            a.points,
            a.tweak,
            a.missed_capture,
            a.missed_tweak,
            a.decision_ms,
            a.hint_used,
            json.dumps({**a.to_json(), "server_ms": server_ms, **held}, separators=(",", ":")),
            now,
            server_ms,
        ],
    )


def of_game(db: Database, game_id: int) -> list[dict]:
    return list(db.query("SELECT * FROM game_moves WHERE game_id = ? ORDER BY round, turn", [game_id]))


def of_table(db: Database, table_id: int, pupil_id: int) -> list[dict]:
    """The pupil's analysed plays at a class table, in the order they were played."""
    return list(
        db.query(
            "SELECT * FROM game_moves WHERE table_id = ? AND pupil_id = ? ORDER BY round, turn", [table_id, pupil_id]
        )
    )
