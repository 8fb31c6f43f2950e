"""A pupil's games against bots (issue 6): the saved game, its replayable record, and the
analysis of every pupil play (read by the teacher's dashboard).

`state` is Game.to_json() (tweak-game/1), from which the game is rebuilt exactly; `record` is
Game.record(), the tweak-round/1 or tweak-match/1 record that `trainer replay` checks. Both
are rewritten after every decision, in one transaction with the move's analysis (game_moves),
as a new version (trainer.store.versions). Times
(`now`, epoch seconds) come from the caller: the web app's clock is trainer.web.core.school_day.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.games.analysis import MoveAnalysis
from trainer.games.service import PUPIL, Game, game_from_saved
from trainer.store import game_levels, game_moves, versions
from trainer.store.db import write_transaction


def _dump(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def _columns(game: Game) -> dict:
    return {
        "state": _dump(game.to_json()),
        "record": _dump(game.record()),
        "status": "finished" if game.over else "active",
        "pupil_points": game.totals()[PUPIL],
        "winner": game.winner,
    }


class TooManyOpen(Exception):
    """The pupil already has `max_open` games going."""


def create(
    db: Database, pupil_id: int, game: Game, now: float, max_open: int | None = None, at_home: bool = False
) -> int:
    """A new game; with `max_open`, refused (TooManyOpen) when the pupil already has that many
    active ones. The count and the insert are one write transaction, so parallel requests
    cannot all pass the count."""
    with write_transaction(db):
        if (
            max_open is not None
            and db.execute(
                "SELECT count(*) FROM games WHERE pupil_id = ? AND status = 'active'", [pupil_id]
            ).fetchone()[0]
            >= max_open
        ):
            raise TooManyOpen()
        return db.execute(
            "INSERT INTO games (pupil_id, settings, state, record, status, pupil_points, winner,"
            " created_at, updated_at, at_home) VALUES (:pupil_id, :settings, :state, :record, :status,"
            " :pupil_points, :winner, :now, :now, :at_home)",
            {
                "pupil_id": pupil_id,
                "settings": _dump(game.settings.to_json()),
                "now": now,
                "at_home": int(at_home),
                **_columns(game),
            },
        ).lastrowid


def get_for_pupil(db: Database, pupil_id: int, game_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM games WHERE id = ? AND pupil_id = ?", [game_id, pupil_id]))
    return rows[0] if rows else None


def load(row: dict) -> Game:
    return game_from_saved(row["state"])


def list_for_pupil(db: Database, pupil_id: int, status: str = "active", limit: int = 3) -> list[dict]:
    return list(
        db.query(
            "SELECT id, settings, status, pupil_points, created_at, updated_at FROM games"
            " WHERE pupil_id = ? AND status = ? ORDER BY updated_at DESC LIMIT ?",
            [pupil_id, status, limit],
        )
    )


def save(
    db: Database,
    row: dict,
    game: Game,
    analysis: MoveAnalysis | None = None,
    server_ms: int | None = None,
    *,
    now: float,
    token: str | None = None,
    queued_ms: int | None = None,
    at_home: bool | None = None,
) -> dict | None:
    """Stores `game` over `row`, if the game is still at the version `row` was read at
    (trainer.store.versions), and returns the row as stored. None, storing nothing, when it is
    not (the same game played in two windows): the later move is refused rather than silently
    undoing the earlier one. Any
    cards tapped for the old position are let go. `token` names the page the move came from
    (a repeat of it is a double tap). The save that finishes a game also counts it for the
    pupil's game level, in the same transaction. `queued_ms`: how long the tablet held the
    move through a Wi-Fi drop, kept with its analysis. `at_home`: where this move is made
    (issue 47.1): a game is at home when its last move was made in a home session, so a game
    begun with the home QR and finished at school is a school game (None: left as it is)."""
    columns = {
        "pick": None,
        "move_token": token,
        **({} if at_home is None else {"at_home": int(at_home)}),
        **_columns(game),
    }
    with write_transaction(db):
        if not versions.bump(db, "games", row["id"], row["version"], now, " AND status = 'active'", **columns):
            return None
        if analysis is not None:
            game_moves.insert(
                db, analysis, row["pupil_id"], now, game_id=row["id"], server_ms=server_ms, queued_ms=queued_ms
            )
        if game.over:
            game_levels.rate_game(db, row["pupil_id"], game, now)
    return versions.bumped(row, now, **columns)


def stamp_turn(db: Database, game_id: int, turn_key: str, now: float) -> None:
    """Starts the server's clock for a turn the first time its board is served."""
    with write_transaction(db):
        db.execute(
            "UPDATE games SET turn_key = ?, turn_shown_at = ? WHERE id = ? AND turn_key IS NOT ?",
            [turn_key, now, game_id, turn_key],
        )


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
        db.execute(
            "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ? AND status = 'active'", [now, game_id]
        )
