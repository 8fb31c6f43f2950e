"""Made `games.db` with the code of main at 839d69c (before issue 35's one game core), run
from that checkout: `PYTHONPATH=/work/main python tests/data/before_one_core/make.py OUT.sql` and `sqlite3 games.db < OUT.sql`.
It does not run against later code (class_tables.play took a callback then); it is kept to
say how the rows were made: bot games and class tables played through the old store, as the
web app of then stored them (states, records, game_moves and class_table_moves rows)."""

import random
import sys

from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.games.service import decide, new_game, next_round
from trainer.games.settings import GameSettings
from trainer.store import class_tables, classes, games, migrations, pupils, teachers
from trainer.store.db import connect


def choose(state, rng):
    moves = legal_moves(state)
    takes = [m for m in moves if isinstance(m, Play) and m.capture]
    return rng.choice(takes) if takes and rng.random() < 0.6 else rng.choice(moves)


def bot_game(db, pupil_id, settings, seed, plays):
    """A game of `settings`, the pupil deciding `plays` times (fewer if it ends), saved as then."""
    rng = random.Random(seed)
    game = new_game(settings, seed)
    now = 1_000.0 + seed
    game_id = games.create(db, pupil_id, game, now)
    for _ in range(plays):
        if game.over:
            break
        row = games.get_for_pupil(db, pupil_id, game_id)
        if game.round_over:
            after, analysis = next_round(game), None
        else:
            after, analysis = decide(game, choose(game.state, rng), decision_ms=1200 + seed)
        now += 3.0
        assert games.save(db, row, after, analysis, 900 + seed if analysis else None, now=now)
        game = after
    return game_id


def class_table(db, class_id, pupil_ids, length, bot, seed, plays):
    rng = random.Random(seed)
    now = 5_000.0 + seed
    table_id = class_tables.open_table(
        db, class_id, pupil_ids[0], len(pupil_ids) + (1 if bot else 0), length, bot, now=now
    )
    for pupil in pupil_ids[1:]:
        class_tables.join(db, table_id, pupil, now=now + 1)
    class_tables.start(db, table_id, pupil_ids[0], with_bots=bool(bot), seed=seed, now=now + 2)
    by_seat = {s["pupil_id"]: seat for seat, s in class_tables.seats_of(db, table_id).items()}
    now += 4
    for _ in range(plays):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.over:
            break
        if game.state.over:
            pupil, key = pupil_ids[0], "next-round"
        else:
            pupil, key = next(p for p, seat in by_seat.items() if seat == game.to_act), f"m{row['version']}"
        class_tables.play(
            db, table_id, pupil, row["version"], key, lambda g, s: choose(g.state, rng), now=now, decision_ms=800 + seed
        )
        now += 1.0
    return table_id


def main(out):
    db = connect(":memory:")
    migrations.apply(db)
    teacher = teachers.create(db, "old@school.example", "Teacher", "x")
    class_id = classes.create(db, teacher, "Class 3B")
    kids = [pupils.create(db, class_id, name, "sun,tree,boat") for name in ("Ann", "Ben", "Cas", "Dee", "Eli")]
    bot_game(db, kids[0], GameSettings(("beginner",)), 1, 200)  # a finished round
    bot_game(db, kids[0], GameSettings(("casual", "random"), "full"), 2, 900)  # a whole match
    bot_game(db, kids[1], GameSettings(("clever", "random", "beginner"), "full"), 3, 12)  # under way
    bot_game(db, kids[1], GameSettings(("random",), colors=("R", "G", "B")), 4, 5)
    class_table(db, class_id, kids[2:4], "round", "casual", 11, 300)  # a finished round
    class_table(db, class_id, kids[2:5], "full", None, 12, 900)  # a whole match
    class_table(db, class_id, kids[0:2], "full", "random", 13, 9)  # under way
    with open(out, "w") as f:
        for line in db.conn.iterdump():
            f.write(line + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
