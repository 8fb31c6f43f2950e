"""What a teacher lets a class choose for games (class_game_settings <-> ClassLimits).

A class without a row has the defaults: everything allowed, the fitted bot aiming at 50%. Lists
are stored comma-separated and read back keeping only names the code still knows, so a bot
level retired later cannot break a class's page; an aim outside 30-70% reads as the default.
"""

from __future__ import annotations

from sqlite_utils import Database

from trainer.games.game_level import DEFAULT_AIM, check_aim
from trainer.games.settings import GAME_LEVELS, LENGTHS, TURN_CLOCKS, ClassLimits
from trainer.store.db import write_transaction


def get(db: Database, class_id: int) -> ClassLimits:
    rows = list(db.query("SELECT * FROM class_game_settings WHERE class_id = ?", [class_id]))
    if not rows:
        return ClassLimits()
    row = rows[0]
    levels = tuple(level for level in GAME_LEVELS if level in row["levels"].split(","))
    lengths = tuple(length for length in LENGTHS if length in row["lengths"].split(","))
    return ClassLimits(
        levels=levels or ClassLimits().levels,
        max_bots=min(5, max(1, row["max_bots"])),
        lengths=lengths or ClassLimits().lengths,
        allow_colors=bool(row["allow_colors"]),
        hints=bool(row["hints"]),
        aim=_aim(row["aim"]),
        turn_clock=row["turn_clock"] if row.get("turn_clock") in TURN_CLOCKS else 0,
    )


def _aim(stored) -> float:
    try:
        return check_aim(stored)
    except ValueError:
        return DEFAULT_AIM


def put(db: Database, class_id: int, limits: ClassLimits) -> None:
    with write_transaction(db):
        db["class_game_settings"].upsert(
            {
                "class_id": class_id,
                "levels": ",".join(limits.levels),
                "max_bots": limits.max_bots,
                "lengths": ",".join(limits.lengths),
                "allow_colors": int(limits.allow_colors),
                "hints": int(limits.hints),
                "aim": check_aim(limits.aim),
                "turn_clock": limits.turn_clock if limits.turn_clock in TURN_CLOCKS else 0,
            },
            pk="class_id",
        )
