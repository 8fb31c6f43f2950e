"""The one way a game is saved (issue 35), for bot games (`games`) and class tables
(`class_tables`) alike: every row has a `version` that goes up by one with each change, and a
change names the version it was worked out from. `UPDATE ... WHERE id = ? AND version = ?`
changes nothing when another request (a double tap, a second tab, another server process)
saved first, so of two moves made on the same version only one is ever applied, and the game
logic itself runs outside the write lock.
"""

from __future__ import annotations

from sqlite_utils import Database

TABLES = ("games", "class_tables")


def bump(db: Database, table: str, row_id: int, version: int, now: float, also: str = "", **columns) -> bool:
    """Writes `columns` and the next version if the row is still at `version` (and `also`,
    one more SQL condition, holds); False, writing nothing, when it is not."""
    if table not in TABLES:
        raise ValueError(f"not a versioned table: {table}")
    sets = "".join(f", {name} = :{name}" for name in columns)
    return (
        db.execute(
            f"UPDATE {table} SET version = version + 1, updated_at = :now{sets}"
            f" WHERE id = :id AND version = :version{also}",
            {"id": row_id, "version": version, "now": now, **columns},
        ).rowcount
        == 1
    )


def bumped(row: dict, now: float, **columns) -> dict:
    """The row as a successful `bump` of it left it, without reading it again: the answer to a
    move is drawn from what was saved (trainer.play.moves reads a game once)."""
    return {**row, **columns, "version": row["version"] + 1, "updated_at": now}
