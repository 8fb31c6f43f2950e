"""What a teacher lets a class choose for games (class_game_settings <-> ClassLimits).

A class without a row has the defaults: everything allowed. Lists are stored comma-separated
and read back keeping only names the code still knows, so a bot level retired later cannot
break a class's page.
"""
from __future__ import annotations

from sqlite_utils import Database

from trainer.games.settings import GAME_LEVELS, LENGTHS, ClassLimits
from trainer.store.db import write_transaction


def get(db: Database, class_id: int) -> ClassLimits:
    rows = list(db.query("SELECT * FROM class_game_settings WHERE class_id = ?", [class_id]))
    if not rows:
        return ClassLimits()
    row = rows[0]
    levels = tuple(level for level in GAME_LEVELS if level in row["levels"].split(","))
    lengths = tuple(length for length in LENGTHS if length in row["lengths"].split(","))
    return ClassLimits(levels=levels or ClassLimits().levels, max_bots=min(5, max(1, row["max_bots"])),
                       lengths=lengths or ClassLimits().lengths, allow_colors=bool(row["allow_colors"]),
                       hints=bool(row["hints"]))


def put(db: Database, class_id: int, limits: ClassLimits) -> None:
    with write_transaction(db):
        db["class_game_settings"].upsert(
            {"class_id": class_id, "levels": ",".join(limits.levels), "max_bots": limits.max_bots,
             "lengths": ",".join(limits.lengths), "allow_colors": int(limits.allow_colors),
             "hints": int(limits.hints)}, pk="class_id")
