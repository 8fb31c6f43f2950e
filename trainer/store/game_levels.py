"""A pupil's game level (issue 17): their Glicko rating on the bots' Elo scale, one row each.

A pupil without a row has not finished a rated game: they are taken to play like the class
default (trainer.games.game_level.starting_rating). `rate_game` runs inside the transaction
that stores a finished game (trainer.store.games.save), so a game counts exactly once.
"""

from __future__ import annotations

from sqlite_utils import Database

from trainer.games.game_level import BotElo, Rating, game_results, load_bot_elo, starting_rating, update
from trainer.games.service import Game
from trainer.store import pupil_export
from trainer.store.db import write_transaction


def get(db: Database, pupil_id: int) -> Rating | None:
    row = db.execute("SELECT elo, rd, games FROM pupil_game_levels WHERE pupil_id = ?", [pupil_id]).fetchone()
    return Rating(*row) if row else None


def current(db: Database, pupil_id: int, bots: BotElo | None = None) -> Rating:
    """The pupil's rating, or where a pupil with no rated game starts."""
    return get(db, pupil_id) or starting_rating(bots or load_bot_elo())


def for_pupils(db: Database, pupil_ids: list[int]) -> dict[int, Rating]:
    if not pupil_ids:
        return {}
    marks = ", ".join("?" * len(pupil_ids))
    return {
        pid: Rating(elo, rd, games)
        for pid, elo, rd, games in db.execute(
            f"SELECT pupil_id, elo, rd, games FROM pupil_game_levels WHERE pupil_id IN ({marks})", pupil_ids
        )
    }


def rate_game(db: Database, pupil_id: int, game: Game, now: float, bots: BotElo | None = None) -> Rating | None:
    """Counts a finished game against bots: every round against every bot (the pupil in seat 0).
    A game with a bot the Elo table does not know (a level retired since) is not counted."""
    bots = bots or load_bot_elo()
    try:
        results = game_results(bots, game.settings.bots, game.match.round_scores)
    except ValueError:
        return None
    with write_transaction(db):
        after = update(current(db, pupil_id, bots), results)
        db.execute(
            "INSERT INTO pupil_game_levels (pupil_id, elo, rd, games, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (pupil_id) DO UPDATE SET elo = excluded.elo, rd = excluded.rd,"
            " games = excluded.games, updated_at = excluded.updated_at",
            [pupil_id, after.elo, after.rd, after.games, now],
        )
    return after


@pupil_export.section("game_level", tables=("pupil_game_levels",))
def _export(db: Database, pupil_id: int) -> list[dict]:
    return list(db.query("SELECT elo, rd, games, updated_at FROM pupil_game_levels WHERE pupil_id = ?", [pupil_id]))
