"""Presence comes from what the child's tablet does at that table (issue 46.1): a move the
table refuses (made on a version that is gone) still says that its child is at the tablet, so
the helper bot does not play for a child who just tapped. A move the game refuses (a card not
in the hand: bad input) stores nothing, presence included."""

import pytest

from trainer.engine.moves import Play
from trainer.games.service import GameError
from trainer.play import tables as play_tables
from trainer.play.presence import AWAY_AFTER
from trainer.store import class_tables
from trainer.store.class_tables import Stale

START = 100.0


def _table(db, make):
    class_id = make.klass(make.teacher())
    pupils = [make.pupil(class_id, name) for name in ("Ann", "Ben")]
    table_id = class_tables.open_table(db, class_id, pupils[0], 2, "round", None, now=START - 2)
    class_tables.join(db, table_id, pupils[1], now=START - 1)
    play_tables.start(db, table_id, pupils[0], with_bots=False, seed=11, now=START)
    return table_id, pupils


def _seen(db, table_id, pupil):
    return next(s["seen_at"] for s in class_tables.seats_of(db, table_id).values() if s["pupil_id"] == pupil)


def test_a_move_on_a_gone_version_says_the_child_is_here(db, make):
    table_id, pupils = _table(db, make)
    row = class_tables.get(db, table_id)
    mover = pupils[class_tables.load(row).to_act]
    later = START + AWAY_AFTER - 1
    with pytest.raises(Stale):
        play_tables.play(db, table_id, mover, row["version"] - 1, "x", lambda game, seat: None, later)
    assert _seen(db, table_id, mover) == later
    # Away limit after the start, but the refused tap came 1 s before it: nobody is played for.
    assert play_tables.tick(db, table_id, None, START + AWAY_AFTER + 1) == class_tables.get(db, table_id)["version"]
    assert class_tables.helped_of(class_tables.get(db, table_id)) == []


def test_a_move_the_game_refuses_is_bad_input_and_stores_nothing(db, make):
    table_id, pupils = _table(db, make)
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    waiting = pupils[1 - game.to_act]
    card = game.state.hands[1 - game.to_act][0]
    with pytest.raises(GameError):
        play_tables.play(db, table_id, waiting, row["version"], "lay", lambda g, seat: Play(card, ()), START + 15)
    assert _seen(db, table_id, waiting) == START
