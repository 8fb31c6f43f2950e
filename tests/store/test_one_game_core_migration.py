"""Issue 35.1: a database made by the code before the one game core (tests/data/before_one_core:
bot games and class tables played through the old store, with their game_moves and
class_table_moves rows) is migrated by m3501 without losing a row, every stored round
replays legally through `trainer export-games` and `trainer replay --lines` before and after,
and the games go on under the new code, saved by version."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.engine.rules import legal_moves
from trainer.games.service import PUPIL, decide, game_from_json
from trainer.play import tables as play_tables
from trainer.store import class_tables, game_moves, games
from trainer.store.db import connect
from trainer.store.migrations import apply

OLD = Path(__file__).resolve().parents[1] / "data" / "before_one_core" / "games.db"
TRAINER = str(Path(sys.executable).with_name("trainer"))
FIELDS = (
    "pupil_id",
    "round",
    "turn",
    "target",
    "captures_available",
    "best_points",
    "tweak_available",
    "points",
    "tweak",
    "missed_capture",
    "missed_tweak",
    "decision_ms",
    "hint_used",
    "analysis",
    "created_at",
)


def rows(path, sql):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def replayed(path) -> list[dict]:
    """Every stored round, as `trainer export-games` prints it, checked by `trainer replay`."""
    export = subprocess.run([TRAINER, "export-games", "--db", str(path)], capture_output=True, text=True, check=True)
    replay = subprocess.run([TRAINER, "replay", "--lines"], input=export.stdout, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    results = [json.loads(line) for line in replay.stdout.splitlines()]
    assert results and all("error" not in r for r in results)
    return [json.loads(line) for line in export.stdout.splitlines()]


@pytest.fixture
def old(tmp_path):
    path = tmp_path / "old.db"
    shutil.copyfile(OLD, path)
    return path


def test_the_old_database_is_the_old_schema_with_both_kinds_of_game(old):
    names = {r["name"] for r in rows(old, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "class_table_moves" in names
    assert "version" not in {r["name"] for r in rows(old, "PRAGMA table_info(games)")}
    assert len(rows(old, "SELECT * FROM class_table_rounds")) > 1
    assert {r["status"] for r in rows(old, "SELECT status FROM games")} == {"active", "finished"}


def test_the_migration_keeps_every_analysed_play_and_every_round_replays(old):
    before_rounds = replayed(old)
    bot_moves = rows(old, "SELECT * FROM game_moves ORDER BY id")
    class_moves = rows(old, "SELECT * FROM class_table_moves ORDER BY id")
    summaries = rows(old, "SELECT * FROM game_summaries ORDER BY game_id")
    states = rows(old, "SELECT id, state FROM games UNION ALL SELECT id, state FROM class_tables")
    assert bot_moves and class_moves

    db = connect(str(old))
    apply(db)
    db.close()

    assert replayed(old) == before_rounds
    names = {r["name"] for r in rows(old, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "class_table_moves" not in names
    after = rows(old, "SELECT * FROM game_moves ORDER BY id")
    assert len(after) == len(bot_moves) + len(class_moves)
    by_id = {r["id"]: r for r in after}
    for row in bot_moves:  # bot games' rows keep their ids, values and server times
        kept = by_id[row["id"]]
        assert {k: kept[k] for k in (*FIELDS, "game_id", "server_ms")} == {
            k: row[k] for k in (*FIELDS, "game_id", "server_ms")
        }
        assert kept["table_id"] is None and kept["seat"] == 0
    by_place = {(r["table_id"], r["round"], r["turn"]): r for r in after if r["table_id"] is not None}
    assert len(by_place) == len(class_moves)
    for row in class_moves:
        kept = by_place[(row["table_id"], row["round"], row["turn"])]
        assert {k: kept[k] for k in (*FIELDS, "seat")} == {k: row[k] for k in (*FIELDS, "seat")}
        assert kept["game_id"] is None
    assert rows(old, "SELECT * FROM game_summaries ORDER BY game_id") == summaries
    for row in states:  # every stored game is rebuilt by the new core as it was
        data = json.loads(row["state"])
        assert game_from_json(data).to_json() == {"seen": 0, **data}


def test_the_old_games_go_on_under_the_new_code_saved_by_version(old):
    db = connect(str(old))
    apply(db)
    # The bot game under way: the pupil's next play is saved as version 1, with its analysis.
    row = next(r for r in db.query("SELECT * FROM games WHERE status = 'active' ORDER BY id"))
    assert row["version"] == 0
    game = games.load(row)
    assert game.pupil_to_act and not game.state.over
    after, analysis = decide(game, legal_moves(game.state)[0])
    plays_before = len(game_moves.of_game(db, row["id"]))
    assert games.save(db, row, after, analysis, now=9_000.0)
    assert not games.save(db, row, after, analysis, now=9_001.0)  # the same version again: refused
    saved = games.get_for_pupil(db, row["pupil_id"], row["id"])
    assert saved["version"] == 1 and games.load(saved).to_json() == after.to_json()
    assert len(game_moves.of_game(db, row["id"])) == plays_before + (analysis is not None)
    assert saved["pupil_points"] == after.totals()[PUPIL]
    # The class table under way: the child to act plays on; the play's row has table and seat.
    table = next(r for r in class_tables.for_class(db, 1, ("playing",)))
    game = class_tables.load(table)
    seat = game.to_act
    pupil = class_tables.seats_of(db, table["id"])[seat]["pupil_id"]
    lay = next(m for m in legal_moves(game.state) if getattr(m, "capture", None) == ())
    assert play_tables.play(db, table["id"], pupil, table["version"], "go-on", lambda g, s: lay, now=9_002.0) == "done"
    assert class_tables.get(db, table["id"])["version"] == table["version"] + 1
    [play] = [m for m in game_moves.of_table(db, table["id"], pupil) if m["created_at"] == 9_002.0]
    assert play["seat"] == seat and play["game_id"] is None
    db.close()
    replayed(old)
