"""`trainer export-games --db PATH` (issue 6.5): every stored round as a tweak-round/1 line that
`trainer replay --lines` reproduces; bad input is exit 2 and one line."""

import json
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from trainer.cli.main import main
from trainer.engine.rules import legal_moves
from trainer.games.service import decide, new_game, next_round
from trainer.games.settings import GameSettings
from trainer.play import tables as play_tables
from trainer.store import games
from trainer.store.db import connect
from trainer.store.migrations import apply

TRAINER = str(Path(sys.executable).with_name("trainer"))


def played(settings, seed, decisions):
    rng = random.Random(seed)
    game = new_game(settings, seed)
    for _ in range(decisions):
        if game.over:
            break
        if game.round_over:
            game = next_round(game)
        else:
            game, _ = decide(game, rng.choice(legal_moves(game.state)))
    return game


def database(tmp_path, *stored):
    path = tmp_path / "trainer.db"
    db = connect(str(path))
    apply(db)
    db.execute("INSERT INTO teachers (email, display_name, password_hash, created_at) VALUES ('t@x', 'T', 'x', 'now')")
    db.execute(
        "INSERT INTO classes (teacher_id, name, join_code, qr_token, created_at) VALUES (1, 'C', 'AAAAAA', 'tok', 'now')"
    )
    db.execute(
        "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at) VALUES (1, 'P', 'p', 'sun,tree,boat', 'now')"
    )
    db.conn.commit()
    for game in stored:
        games.create(db, 1, game, time.time())
    db.close()
    return path


def test_every_round_of_every_game_is_one_line_that_replays(tmp_path):
    one_round = played(GameSettings(("random",)), 1, 500)  # finished
    match = played(GameSettings(("random", "random"), length="short"), 2, 500)
    unfinished = played(GameSettings(("random",)), 3, 4)
    path = database(tmp_path, one_round, match, unfinished)
    export = subprocess.run([TRAINER, "export-games", "--db", str(path)], capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in export.stdout.splitlines()]
    assert all(line["format"] == "tweak-round/1" for line in lines)
    assert len(lines) == 1 + len(match.record()["rounds"]) + 1
    assert lines[0] == one_round.record() and lines[-1] == unfinished.record()
    replay = subprocess.run([TRAINER, "replay", "--lines"], input=export.stdout, capture_output=True, text=True)
    results = [json.loads(line) for line in replay.stdout.splitlines()]
    assert replay.returncode == 0
    assert results[0]["scores"] == one_round.state.scores() and results[0]["finished"]
    assert [r["finished"] for r in results] == [True] * (len(lines) - 1) + [False]


def test_no_pupil_data_goes_out(tmp_path, capsys):
    path = database(tmp_path, played(GameSettings(("random",)), 1, 3))
    assert main(["export-games", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert set(json.loads(out)) == {"format", "players", "colors", "dealer", "deck", "tweak_deck", "moves"}


def test_an_empty_database_prints_nothing(tmp_path, capsys):
    assert main(["export-games", "--db", str(database(tmp_path))]) == 0
    assert capsys.readouterr().out == ""


def test_bad_databases_are_exit_2_with_one_line(tmp_path, capsys):
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all " * 50)
    broken = database(tmp_path, played(GameSettings(("random",)), 1, 3))
    conn = sqlite3.connect(broken)
    conn.execute("UPDATE games SET record = '{oops'")
    conn.commit()
    conn.close()
    for path, message in [
        (tmp_path / "missing.db", "no such file"),
        (other, "not a TWEAK Trainer database"),
        (junk, "not an SQLite database"),
        (broken, "game 1: the stored record is unreadable"),
    ]:
        assert main(["export-games", "--db", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("trainer export-games: --db") or err.startswith("trainer export-games: game 1")
        assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "missing.db").exists()


def test_a_class_match_played_through_the_tables_exports_every_round_and_replays(tmp_path):
    # Issue 16.6: rounds played at a class table (trainer.store.class_tables) are tweak-round/1
    # records like a bot game's; `trainer replay --lines` (the engine's referee) accepts each.
    from trainer.engine.records import replay_round
    from trainer.store import class_tables

    path = database(tmp_path)
    db = connect(str(path))
    db.execute(
        "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at) VALUES (1, 'Q', 'q', 'sun,tree,boat', 'now')"
    )
    db.conn.commit()
    table_id = class_tables.open_table(db, 1, 1, 3, "full", "random", now=1.0)
    class_tables.join(db, table_id, 2, now=2.0)
    play_tables.start(db, table_id, 1, with_bots=True, seed=7, now=3.0)
    rng, now = random.Random(7), 4.0
    while class_tables.get(db, table_id)["status"] == "playing":
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        seat = game.to_act if not game.state.over else 0
        pupil = next(s["pupil_id"] for n, s in class_tables.seats_of(db, table_id).items() if n == seat)
        key = "next-round" if game.state.over else f"m{row['version']}"
        play_tables.play(
            db, table_id, pupil, row["version"], key, lambda g, s: rng.choice(legal_moves(g.state)), now=now
        )
        now += 1.0
    stored = class_tables.rounds_of(db, table_id)
    db.close()
    assert len(stored) > 1
    export = subprocess.run([TRAINER, "export-games", "--db", str(path)], capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in export.stdout.splitlines()]
    assert lines == stored
    replay = subprocess.run([TRAINER, "replay", "--lines"], input=export.stdout, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    results = [json.loads(line) for line in replay.stdout.splitlines()]
    assert [r["finished"] for r in results] == [True] * len(stored)
    assert [r["scores"] for r in results] == [replay_round(record).scores() for record in stored]
