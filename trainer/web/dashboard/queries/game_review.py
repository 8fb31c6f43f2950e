"""A pupil's games as the teacher reviews them: the list, one game's record, its analysed plays."""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.store.game_kinds import FAMILY_SQL

RECENT_GAMES = 10


def games(db: Database, pupil_id: int, limit: int = RECENT_GAMES, family: bool = False) -> list[dict]:
    """The latest games against bots, or (`family`) the latest family tables, shown apart."""
    rows = list(
        db.query(
            f"""SELECT g.id, g.settings, g.status, g.pupil_points, g.winner, g.created_at, g.updated_at, g.at_home,
                  s.plays, s.capture_chances, s.missed_captures, s.tweak_chances, s.missed_tweaks,
                  s.tweaks
           FROM games g LEFT JOIN game_summaries s ON s.game_id = g.id
           WHERE g.pupil_id = ? AND g.status != 'abandoned' AND {"" if family else "NOT "}{FAMILY_SQL}
           ORDER BY g.created_at DESC, g.id DESC LIMIT ?""",
            [pupil_id, limit],
        )
    )
    for row in rows:
        settings = _json(row["settings"])
        row["settings"] = settings if isinstance(settings, dict) else {}
    return rows


def game(db: Database, pupil_id: int, game_id: int) -> dict | None:
    """The game if it is this pupil's (the caller has checked the pupil is the teacher's)."""
    rows = list(db.query("SELECT * FROM games WHERE id = ? AND pupil_id = ?", [game_id, pupil_id]))
    if not rows:
        return None
    row = rows[0]
    for column in ("settings", "record"):
        row[column] = _json(row[column])
    return row


def _json(text: str):
    # Written by the games code, so always JSON; a damaged row is shown as "cannot be
    # replayed" rather than as an error page.
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def moves(db: Database, game_id: int) -> list[dict]:
    rows = list(db.query("SELECT * FROM game_moves WHERE game_id = ? ORDER BY round, turn", [game_id]))
    for row in rows:
        analysis = _json(row["analysis"])
        row["analysis"] = analysis if isinstance(analysis, dict) and "play" in analysis else None
    return rows
