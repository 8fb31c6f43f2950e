"""A pupil's games against bots (issue 6): the saved game, its replayable record, and the
analysis of every pupil play (read by the teacher's dashboard).

`state` is Game.to_json() (tweak-game/1), from which the game is rebuilt exactly; `record` is
Game.record(), the tweak-round/1 or tweak-match/1 record that `trainer replay` checks. Both
are rewritten after every decision, in one transaction with the move's analysis. Times
(`now`, epoch seconds) come from the caller: the web app's clock is trainer.web.core.school_day.
"""
from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.games.analysis import MoveAnalysis
from trainer.games.service import PUPIL, Game, game_from_json
from trainer.store import game_levels
from trainer.store.db import write_transaction


def _dump(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def _columns(game: Game) -> dict:
    return {"state": _dump(game.to_json()), "record": _dump(game.record()),
            "status": "finished" if game.over else "active",
            "pupil_points": pupil_points(game), "winner": game.winner}


def pupil_points(game: Game) -> int:
    """The pupil's points so far: the round's for a one-round game, the match total otherwise."""
    if game.settings.threshold is None:
        return game.state.scores()[PUPIL]
    total = game.match.totals[PUPIL]
    return total if game.state.over else total + game.state.scores()[PUPIL]


class TooManyOpen(Exception):
    """The pupil already has `max_open` games going."""


def create(db: Database, pupil_id: int, game: Game, now: float, max_open: int | None = None) -> int:
    """A new game; with `max_open`, refused (TooManyOpen) when the pupil already has that many
    active ones. The count and the insert are one write transaction, so parallel requests
    cannot all pass the count."""
    with write_transaction(db):
        if max_open is not None and db.execute(
                "SELECT count(*) FROM games WHERE pupil_id = ? AND status = 'active'",
                [pupil_id]).fetchone()[0] >= max_open:
            raise TooManyOpen()
        return db.execute(
            "INSERT INTO games (pupil_id, settings, state, record, status, pupil_points, winner,"
            " created_at, updated_at) VALUES (:pupil_id, :settings, :state, :record, :status,"
            " :pupil_points, :winner, :now, :now)",
            {"pupil_id": pupil_id, "settings": _dump(game.settings.to_json()), "now": now,
             **_columns(game)}).lastrowid


def get_for_pupil(db: Database, pupil_id: int, game_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM games WHERE id = ? AND pupil_id = ?", [game_id, pupil_id]))
    return rows[0] if rows else None


def load(row: dict) -> Game:
    return game_from_json(json.loads(row["state"]))


def list_for_pupil(db: Database, pupil_id: int, status: str = "active", limit: int = 3) -> list[dict]:
    return list(db.query(
        "SELECT id, settings, status, pupil_points, created_at, updated_at FROM games"
        " WHERE pupil_id = ? AND status = ? ORDER BY updated_at DESC LIMIT ?",
        [pupil_id, status, limit]))


def save(db: Database, row: dict, game: Game, analysis: MoveAnalysis | None = None,
         server_ms: int | None = None, *, now: float, token: str | None = None) -> bool:
    """Stores `game` in place of `row`'s state. False, storing nothing, when the game changed
    since `row` was read (the same game played in two windows): the later move is refused
    rather than silently undoing the earlier one. Any cards tapped for the old position are let
    go. `token` names the page the move came from (a repeat of it is a double tap). The save
    that finishes a game also counts it for the pupil's game level, in the same transaction."""
    with write_transaction(db):
        changed = db.execute(
            "UPDATE games SET state = :state, record = :record, status = :status,"
            " pupil_points = :pupil_points, winner = :winner, updated_at = :now, pick = NULL,"
            " move_token = :token WHERE id = :id AND state = :old AND status = 'active'",
            {"id": row["id"], "old": row["state"], "now": now, "token": token, **_columns(game)}).rowcount
        if not changed:
            return False
        if analysis is not None:
            _insert_move(db, row, analysis, server_ms, now)
        if game.over:
            game_levels.rate_game(db, row["pupil_id"], game, now)
    return True


def _insert_move(db: Database, row: dict, a: MoveAnalysis, server_ms: int | None, now: float) -> None:
    db.execute(
        "INSERT INTO game_moves (game_id, pupil_id, round, turn, target, captures_available,"
        " best_points, tweak_available, points, tweak, missed_capture, missed_tweak, decision_ms,"
        " hint_used, analysis, created_at, server_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
        " ?, ?, ?, ?, ?)",
        [row["id"], row["pupil_id"], a.round, a.turn, a.target, a.captures_available,
         a.best_points, a.tweak_available, a.points, a.tweak, a.missed_capture, a.missed_tweak,
         a.decision_ms, a.hint_used, _dump({**a.to_json(), "server_ms": server_ms}), now,
         server_ms])


def stamp_turn(db: Database, game_id: int, turn_key: str, now: float) -> None:
    """Starts the server's clock for a turn the first time its board is served."""
    with write_transaction(db):
        db.execute("UPDATE games SET turn_key = ?, turn_shown_at = ? WHERE id = ?"
                   " AND turn_key IS NOT ?", [turn_key, now, game_id, turn_key])


def server_ms(row: dict, turn_key: str, now: float) -> int | None:
    if row.get("turn_key") != turn_key or row.get("turn_shown_at") is None:
        return None
    return max(0, round((now - row["turn_shown_at"]) * 1000))


def update_pick(db: Database, game_id: int, update):
    """Reads the pupil's tapped cards and writes what `update(stored)` makes of them, in one
    transaction, so taps handled by different processes never overwrite each other.
    `update` returns (result, text to store or None)."""
    with write_transaction(db):
        found = list(db.query("SELECT pick FROM games WHERE id = ?", [game_id]))
        result, stored = update(found[0]["pick"] if found else None)
        db.execute("UPDATE games SET pick = ? WHERE id = ?", [stored, game_id])
    return result


def mark_hint(db: Database, game_id: int, turn_key: str) -> None:
    with write_transaction(db):
        db.execute("UPDATE games SET hint_turn = ? WHERE id = ?", [turn_key, game_id])


def abandon(db: Database, game_id: int, now: float) -> None:
    with write_transaction(db):
        db.execute("UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?"
                   " AND status = 'active'", [now, game_id])


def moves_of(db: Database, game_id: int) -> list[dict]:
    return list(db.query("SELECT * FROM game_moves WHERE game_id = ? ORDER BY round, turn", [game_id]))

