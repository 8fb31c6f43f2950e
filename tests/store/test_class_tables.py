"""Class play tables (issue 16) in the store: seats, start, and moves made on a version: the
same move twice is applied once, a move on a stale version changes nothing, also when two
server processes (two connections) send it at the same moment."""

import threading

import pytest

from trainer.engine.moves import Play
from trainer.engine.records import replay_round
from trainer.engine.rules import legal_moves
from trainer.games.service import GameError
from trainer.play import tables as play_tables
from trainer.store import class_tables
from trainer.store.db import connect


def _table(db, make, people=3, length="round"):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    pupils = [make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat", "Dan")[:people]]
    table_id = class_tables.open_table(db, class_id, pupils[0], people, length, "casual", now=1.0)
    for pupil in pupils[1:]:
        class_tables.join(db, table_id, pupil, now=2.0)
    play_tables.start(db, table_id, pupils[0], with_bots=False, seed=5, now=3.0)
    return table_id, pupils


def _first_legal(game, seat):
    return legal_moves(game.state)[0]


def _whose(db, table_id, pupils):
    row = class_tables.get(db, table_id)
    seat = class_tables.load(row).to_act
    return row, pupils[seat] if seat is not None else None


def test_a_child_sits_at_one_table_at_a_time(db, make):
    table_id, pupils = _table(db, make, people=2)
    with pytest.raises(class_tables.TableRefused) as err:
        class_tables.open_table(
            db, make.class_row(class_tables.get(db, table_id)["class_id"])["id"], pupils[0], 2, "round", None, now=4.0
        )
    assert err.value.code == "already_seated"


def test_only_the_opener_starts_and_only_with_two(db, make):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    ann, ben = make.pupil(class_id, "Ann"), make.pupil(class_id, "Ben")
    table_id = class_tables.open_table(db, class_id, ann, 4, "round", "casual", now=1.0)
    with pytest.raises(class_tables.TableRefused) as err:
        play_tables.start(db, table_id, ann, with_bots=True, seed=1, now=2.0)
    assert err.value.code == "need_two"
    class_tables.join(db, table_id, ben, now=2.0)
    with pytest.raises(class_tables.TableRefused) as err:
        play_tables.start(db, table_id, ben, with_bots=True, seed=1, now=2.0)
    assert err.value.code == "not_opener"
    play_tables.start(db, table_id, ann, with_bots=True, seed=1, now=3.0)
    game = class_tables.load(class_tables.get(db, table_id))
    assert game.settings.seats == ("pupil", "pupil", "casual", "casual")


def test_a_start_worked_out_before_a_classmate_joined_changes_nothing(db, make):
    # Issue 35: the game is dealt outside the write lock; the save names the version it was
    # dealt for, so a child joining meanwhile makes it stale instead of being left unseated.
    from trainer.games.service import new_game
    from trainer.games.settings import TableSettings

    class_id = make.klass(make.teacher())
    ann, ben, cat = (make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat"))
    table_id = class_tables.open_table(db, class_id, ann, 3, "round", None, now=1.0)
    class_tables.join(db, table_id, ben, now=2.0)
    row, layout, moved = class_tables.start_plan(db, table_id, ann, with_bots=False)
    class_tables.join(db, table_id, cat, now=3.0)
    with pytest.raises(class_tables.Stale):
        class_tables.start(db, row, moved, new_game(TableSettings(layout), 1), now=4.0)
    after = class_tables.get(db, table_id)
    assert after["status"] == "open" and after["state"] is None and len(class_tables.seats_of(db, table_id)) == 3


def test_the_same_move_twice_is_applied_once(db, make):
    table_id, pupils = _table(db, make)
    row, pupil = _whose(db, table_id, pupils)
    version = row["version"]
    assert play_tables.play(db, table_id, pupil, version, "k", _first_legal, now=5.0) == "done"
    assert play_tables.play(db, table_id, pupil, version, "k", _first_legal, now=5.0) == "again"
    after = class_tables.get(db, table_id)
    assert after["version"] == version + 1
    assert len(class_tables.load(after).state.log) >= 1


def test_a_move_on_a_stale_version_changes_nothing(db, make):
    table_id, pupils = _table(db, make)
    row, pupil = _whose(db, table_id, pupils)
    play_tables.play(db, table_id, pupil, row["version"], "k", _first_legal, now=5.0)
    before = class_tables.get(db, table_id)
    with pytest.raises(class_tables.Stale):
        play_tables.play(db, table_id, pupil, row["version"], "other", _first_legal, now=6.0)
    assert class_tables.get(db, table_id) == before


def test_a_refused_move_changes_nothing(db, make):
    table_id, pupils = _table(db, make)
    row, pupil = _whose(db, table_id, pupils)
    with pytest.raises(GameError):
        play_tables.play(db, table_id, pupil, row["version"], "k", lambda g, s: Play("R1a", ("ZZ",)), now=5.0)
    assert class_tables.get(db, table_id) == row


def test_not_your_turn_is_refused(db, make):
    table_id, pupils = _table(db, make)
    row, pupil = _whose(db, table_id, pupils)
    other = next(p for p in pupils if p != pupil)
    with pytest.raises(GameError) as err:
        play_tables.play(db, table_id, other, row["version"], "k", _first_legal, now=5.0)
    assert err.value.code == "not_your_turn"


def test_two_processes_sending_the_same_version_apply_one_move(app, db, make):
    table_id, pupils = _table(db, make)
    row, pupil = _whose(db, table_id, pupils)
    results, barrier = [], threading.Barrier(4)

    def send(key):
        own = connect(app.config["DATABASE"])
        barrier.wait()
        try:
            results.append(play_tables.play(own, table_id, pupil, row["version"], key, _first_legal, now=7.0))
        except class_tables.Stale:
            results.append("stale")
        finally:
            own.close()

    threads = [threading.Thread(target=send, args=(key,)) for key in ("a", "a", "b", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("done") == 1
    assert class_tables.get(db, table_id)["version"] == row["version"] + 1


def test_a_whole_round_is_stored_and_replays(db, make):
    table_id, pupils = _table(db, make)
    while True:
        row, pupil = _whose(db, table_id, pupils)
        if pupil is None:
            break
        play_tables.play(db, table_id, pupil, row["version"], f"m{row['version']}", _first_legal, now=8.0)
    assert class_tables.get(db, table_id)["status"] == "finished"
    (record,) = class_tables.rounds_of(db, table_id)
    assert replay_round(record).over
