"""`trainer export-games --db PATH`: every round of every stored game, one tweak-round/1 record
per line (FORMATS.md), oldest game first, then every finished round of class play (issue 16),
so `trainer replay --lines` can check them all.

Only the records go out: no pupil names or ids. The database is opened read-only, so a
mistyped path is reported rather than created.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from trainer.cli.errors import UsageError
from trainer.cli.jsonio import emit
from trainer.engine.records import MATCH_FORMAT, ROUND_FORMAT


def register(sub) -> None:
    p = sub.add_parser(
        "export-games",
        help="print every stored game round as JSON lines",
        description="Print every round of every game stored by the web app, one tweak-round/1 record per line.",
    )
    p.add_argument("--db", metavar="PATH", required=True, help="the web app's SQLite file")
    p.set_defaults(run=run)


def rounds_of(record) -> list[dict]:
    """The round records inside a stored record: itself, or a match's rounds."""
    if isinstance(record, dict) and record.get("format") == ROUND_FORMAT:
        return [record]
    if isinstance(record, dict) and record.get("format") == MATCH_FORMAT and isinstance(record.get("rounds"), list):
        return record["rounds"]
    raise ValueError("not a tweak-round/1 or tweak-match/1 record")


def _open(path: str) -> sqlite3.Connection:
    if not os.path.isfile(path):
        raise UsageError(f"--db: no such file: {path}")
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as err:
        raise UsageError(f"--db: {path} is not an SQLite database ({err})") from None
    if "games" not in tables:
        conn.close()
        raise UsageError(f"--db: {path} is not a TWEAK Trainer database (it has no games table)")
    return conn


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def run(args) -> int:
    conn = _open(args.db)
    try:
        for game_id, text in conn.execute("SELECT id, record FROM games ORDER BY id"):
            try:
                rounds = rounds_of(json.loads(text))
            except (TypeError, ValueError) as err:
                raise UsageError(f"game {game_id}: the stored record is unreadable ({err})") from None
            for record in rounds:
                emit(record)
        if "class_table_rounds" in _tables(conn):
            # Class play (issue 16): every finished round of every class table.
            for (text,) in conn.execute("SELECT record FROM class_table_rounds ORDER BY table_id, round"):
                emit(json.loads(text))
    except sqlite3.DatabaseError as err:
        raise UsageError(f"--db: cannot read {args.db} ({err})") from None
    finally:
        conn.close()
    return 0
