"""Nobody blocks a class-play table (issue 16.4): the turn clock and the away seat, both done
lazily by whoever polls or moves next (no background thread, so any number of server
processes agree): the helper bot (casual) plays the turn that is due, once, and it is noted
for the boards. Times are passed in (epoch seconds), so no test waits."""

import threading

from trainer.engine.records import replay_round
from trainer.games.table import helper_turn
from trainer.play import presence, tables as play_tables
from trainer.store import class_tables
from trainer.store.db import connect


def _table(db, make, clock=0, people=3, start_at=100.0):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    pupils = [make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat")[:people]]
    table_id = class_tables.open_table(db, class_id, pupils[0], people, "round", None, now=start_at - 2)
    for pupil in pupils[1:]:
        class_tables.join(db, table_id, pupil, now=start_at - 1)
    play_tables.start(db, table_id, pupils[0], with_bots=False, seed=11, now=start_at, turn_clock=clock)
    return table_id, pupils


def _state(db, table_id):
    row = class_tables.get(db, table_id)
    return row, class_tables.load(row)


def _everyone_polls(db, table_id, pupils, now, since=None):
    """Every tablet polls at `now` (and every 2 s from `since` on, as present tablets do)."""
    moments = [now] if since is None else [*range(int(since), int(now), 2), now]
    for moment in moments:
        for pupil in pupils:
            play_tables.tick(db, table_id, pupil, float(moment))


def test_without_a_clock_a_present_child_may_think_as_long_as_they_like(db, make):
    table_id, pupils = _table(db, make, clock=0)
    row, game = _state(db, table_id)
    for now in range(101, 400, 3):  # everyone keeps polling: nobody is away
        _everyone_polls(db, table_id, pupils, float(now))
    after, later = _state(db, table_id)
    assert after["version"] == row["version"] and later.state.log == game.state.log
    assert class_tables.helped_of(after) == []


def test_the_clock_runs_out_and_the_helper_plays_that_turn_once(db, make):
    table_id, pupils = _table(db, make, clock=30)
    row, game = _state(db, table_id)
    seat = game.to_act
    _everyone_polls(db, table_id, pupils, 129.0, since=101.0)
    assert _state(db, table_id)[0]["version"] == row["version"]  # 29 s: still their turn
    _everyone_polls(db, table_id, pupils, 130.5)
    after, later = _state(db, table_id)
    assert after["version"] > row["version"]
    assert later.to_act != seat and later.state.turns == game.state.turns + 1
    helped = class_tables.helped_of(after)
    assert {tuple(h[2:]) for h in helped} == {(seat, "clock")}
    assert [h[1] for h in helped] == list(range(len(game.state.log), len(later.state.log)))
    # It is the same turn the casual helper bot plays in the pure game (deterministic).
    expected, _ = helper_turn(game, seat)
    assert later.state.log == expected.state.log
    # The next child's clock starts when the helper played: no second turn played at once.
    _everyone_polls(db, table_id, pupils, 131.0)
    assert _state(db, table_id)[0]["version"] == after["version"]
    _everyone_polls(db, table_id, pupils, 161.0, since=133.0)
    assert _state(db, table_id)[1].state.turns == game.state.turns + 2


def test_a_move_in_time_stops_the_clock(db, make):
    table_id, pupils = _table(db, make, clock=30)
    row, game = _state(db, table_id)
    seat = game.to_act
    first = _a_move(game)
    _everyone_polls(db, table_id, pupils, 124.0, since=101.0)
    play_tables.play(db, table_id, pupils[seat], row["version"], "key", lambda g, s: first, now=125.0)
    _everyone_polls(db, table_id, pupils, 140.0, since=126.0)  # 40 s after the start, 15 s after the move
    after, later = _state(db, table_id)
    assert class_tables.helped_of(after) == []
    assert after["version"] == row["version"] + 1


def test_an_away_child_is_played_for_until_they_come_back_to_the_same_seat(db, make):
    table_id, pupils = _table(db, make, clock=0)
    _, game = _state(db, table_id)
    away_seat = game.to_act
    here = [p for s, p in enumerate(pupils) if s != away_seat]
    # The child to act closes the tablet; the others keep polling. 20 s later they are away,
    # and the helper plays every one of their turns, at once when they come round.
    for now in range(101, 125):
        _everyone_polls(db, table_id, here, float(now))
    row, game = _state(db, table_id)
    assert away_seat in presence.away_seats(class_tables.seats_of(db, table_id), 124.0)
    assert game.to_act != away_seat
    assert {h[3] for h in class_tables.helped_of(row)} == {"away"}
    assert {h[2] for h in class_tables.helped_of(row)} == {away_seat}
    # The others play on; whenever the turn comes to the away seat, the helper takes it.
    now = 125.0
    for _ in range(6):
        row, game = _state(db, table_id)
        if game.state.over:
            break
        seat = game.to_act
        assert seat != away_seat
        first = _a_move(game)
        play_tables.play(
            db, table_id, pupils[seat], row["version"], f"m{row['version']}", lambda g, s, first=first: first, now=now
        )
        _everyone_polls(db, table_id, here, now)
        now += 1
    helped_turns = len(class_tables.helped_of(_state(db, table_id)[0]))
    # Back at the same seat: the next poll marks them present and the boards learn it from
    # who is here (the table's look), not from a new version: being here is no move (46.3).
    version = _state(db, table_id)[0]["version"]
    assert f"{away_seat}a" in play_tables.look_of(db, table_id, now)
    assert play_tables.tick(db, table_id, pupils[away_seat], now) == version
    assert play_tables.look_of(db, table_id, now) == ""
    assert away_seat not in presence.away_seats(class_tables.seats_of(db, table_id), now)
    # Now their turn waits for them.
    for _ in range(6):
        row, game = _state(db, table_id)
        if game.state.over or game.to_act == away_seat:
            break
        first = _a_move(game)
        play_tables.play(
            db,
            table_id,
            pupils[game.to_act],
            row["version"],
            f"m{row['version']}",
            lambda g, s, first=first: first,
            now=now,
        )
        now += 1
    _everyone_polls(db, table_id, pupils, now + 10, since=now)
    row, game = _state(db, table_id)
    if not game.state.over:
        assert game.to_act == away_seat
    assert len(class_tables.helped_of(row)) == helped_turns


def _a_move(game):
    from trainer.engine.rules import legal_moves

    return legal_moves(game.state)[0]


def test_two_server_processes_noticing_the_same_due_turn_play_it_once(db, make, tmp_path):
    table_id, pupils = _table(db, make, clock=30)
    _everyone_polls(db, table_id, pupils, 129.0, since=101.0)
    row, game = _state(db, table_id)
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    barrier, versions = threading.Barrier(4), []

    def process(pupil):
        conn = connect(path)
        barrier.wait()
        versions.append(play_tables.tick(conn, table_id, pupil, 131.0))
        conn.close()

    threads = [threading.Thread(target=process, args=(pupils[i % len(pupils)],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    after, later = _state(db, table_id)
    assert later.state.turns == game.state.turns + 1  # one turn, not four
    assert len({tuple(h) for h in class_tables.helped_of(after)}) == len(class_tables.helped_of(after))
    assert max(versions) == after["version"]


def test_a_round_the_helper_played_alone_replays_legally(db, make):
    """Everyone away (the tablets closed): the helper finishes the round on the next poll, by
    the teacher's screen say, and the round's record is a legal tweak-round/1."""
    table_id, pupils = _table(db, make, clock=0, people=2)
    play_tables.tick(db, table_id, None, 200.0)
    row, game = _state(db, table_id)
    assert game.state.over and row["status"] == "finished"
    (record,) = class_tables.rounds_of(db, table_id)
    assert replay_round(record).over
