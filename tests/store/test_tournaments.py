"""The class tournament in the store (issue 16.5): starting seats everyone once and starts
every table, ending keeps the standings, another class's pupil cannot be seated, and two
starts at the same moment (two connections) seat nobody twice."""

import threading

import pytest

from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from trainer.store.db import connect


def _start(db, class_id, tables, seed, now):
    return tournaments.start(db, class_id, tables, play_tables.tournament_games(tables, "round", seed), now=now)


def _class(make, count=7):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
    return class_id, [make.pupil(class_id, name) for name in names[:count]]


def _play_out(db, table_id):
    """Plays the table to its end: every child's move is its first legal one."""
    for _ in range(500):
        row = class_tables.get(db, table_id)
        if row["status"] == "finished":
            return
        game = class_tables.load(row)
        seat = game.to_act
        pupil = class_tables.seats_of(db, table_id)[seat]["pupil_id"] if seat is not None else None
        key = "next-round" if seat is None else f"m{row['version']}"
        mover = pupil or next(iter(class_tables.seats_of(db, table_id).values()))["pupil_id"]
        play_tables.play(db, table_id, mover, row["version"], key, lambda g, s: legal_moves(g.state)[0], now=10.0)
    raise AssertionError("the table did not finish")


def test_start_seats_everybody_once_and_starts_every_table(db, make):
    class_id, pupils = _class(make)
    tid = _start(db, class_id, [pupils[:4], pupils[4:]], 3, 1.0)
    tables = tournaments.table_ids(db, tid)
    assert len(tables) == 2
    seated = [s["pupil_id"] for t in tables for s in class_tables.seats_of(db, t).values()]
    assert sorted(seated) == sorted(pupils)
    assert {class_tables.get(db, t)["status"] for t in tables} == {"playing"}
    assert tournaments.running(db, class_id)["id"] == tid
    with pytest.raises(tournaments.TournamentRefused) as err:
        _start(db, class_id, [pupils[:3]], 3, 2.0)
    assert err.value.code == "running"


def test_a_child_waiting_at_an_open_table_is_moved_to_the_tournament(db, make):
    class_id, pupils = _class(make, 3)
    open_id = class_tables.open_table(db, class_id, pupils[0], 4, "round", None, now=1.0)
    tid = _start(db, class_id, [pupils], 1, 2.0)
    assert open_id and class_tables.for_class(db, class_id, ("open",)) == []  # (ids are reused)
    assert class_tables.pupils_table(db, pupils[0]) == tournaments.table_ids(db, tid)[0]


def test_a_pupil_of_another_class_cannot_be_seated(db, make):
    class_id, pupils = _class(make, 3)
    other_id, others = _class(make, 2)
    with pytest.raises(tournaments.TournamentRefused) as err:
        _start(db, class_id, [pupils[:2] + others[:1]], 1, 1.0)
    assert err.value.code == "not_in_class"
    assert tournaments.latest(db, class_id) is None
    assert class_tables.pupils_table(db, others[0]) is None


def test_standings_and_certificates_after_played_rounds(db, make):
    class_id, pupils = _class(make, 6)
    tid = _start(db, class_id, [pupils[:3], pupils[3:]], 2, 1.0)
    first, second = tournaments.table_ids(db, tid)
    _play_out(db, first)
    assert not tournaments.all_finished(db, tid)
    rows = tournaments.standings(db, tid)
    assert [r["table"] for r in rows] == [1, 1, 1, 2, 2, 2]
    done = [r for r in rows if r["table"] == 1]
    record = class_tables.rounds_of(db, first)[0]
    from trainer.engine.records import replay_round

    state = replay_round(record)
    seats = class_tables.seats_of(db, first)
    by_pupil = {seats[s]["pupil_id"]: state.scores()[s] for s in seats}
    assert {r["pupil_id"]: r["points"] for r in done} == by_pupil
    assert sum(r["rounds_won"] for r in done) >= 1
    assert all(r["points"] == 0 and r["rounds_won"] == 0 for r in rows if r["table"] == 2)
    # Ended early: the unfinished table stops, the standings stay.
    tournaments.end(db, tid, now=20.0)
    assert class_tables.get(db, second)["status"] == "finished"
    assert tournaments.get(db, tid)["status"] == "ended"
    assert tournaments.standings(db, tid) == rows
    awards = tournaments.certificates(db, tid)
    winners = {a["pupil_id"] for a in awards if a["kind"] == "table" and a["table"] == 1}
    assert winners == {p for p, pts in by_pupil.items() if pts == max(by_pupil.values())}
    # A new one can start after it ended.
    assert _start(db, class_id, [pupils[:3]], 4, 30.0) != tid


def test_two_concurrent_starts_seat_nobody_twice(app, db, make):
    class_id, pupils = _class(make, 8)
    barrier, results = threading.Barrier(2), []

    def run(tables):
        own = connect(app.config["DATABASE"])
        barrier.wait()
        try:
            results.append(_start(own, class_id, tables, 1, 1.0))
        except tournaments.TournamentRefused as err:
            results.append(err.code)
        finally:
            own.close()

    threads = [
        threading.Thread(target=run, args=([pupils[:4], pupils[4:]],)),
        threading.Thread(target=run, args=([pupils[:3], pupils[3:6], pupils[6:]],)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("running") == 1 and sum(isinstance(r, int) for r in results) == 1
    seated = [r[0] for r in db.execute("SELECT pupil_id FROM class_table_seats")]
    assert sorted(seated) == sorted(pupils)
