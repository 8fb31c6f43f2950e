"""One request per viewer per move (issue 50): no turn is due while nobody is to act. Between
the rounds of a match (`to_act` NULL, the table still being played) the channel used to send
`{"due": true}` in the very tick of the round's last move, as its seat-to-act read an unknown
`seen_at` as a moment in 1970; the mover's tablet then asked for nothing and got a 204. Now the
one rule (trainer.play.presence) says "not due" there, for the channel as for the web app, and
however long the table waits. The test's clock is set (tests/clock.py): the store's times and
the channel's are the machine's clock, moved."""

from __future__ import annotations

import time

import pytest

from trainer.engine.rules import legal_moves
from trainer.play import presence, tables as play_tables
from trainer.play.presence import ARRIVE_WITHIN, AWAY_AFTER
from trainer.push.hub import Hub
from trainer.store import class_tables, live_tables, tournaments


@pytest.fixture
def match(app, db, make, clock):
    """A tournament table of three children playing a match of several rounds."""
    class_id = make.klass(make.teacher())
    pupils = [make.pupil(class_id, name) for name in ("Ada", "Bram", "Dirk")]
    tid = tournaments.start(db, class_id, [pupils], play_tables.tournament_games([pupils], "full", 3), now=time.time())
    table_id = tournaments.table_ids(db, tid)[0]
    seat_of = {seat: s["pupil_id"] for seat, s in class_tables.seats_of(db, table_id).items()}
    return dict(path=app.config["DATABASE"], table_id=table_id, pupils=pupils, seat_of=seat_of)


def _play_the_round(db, clock, w) -> None:
    """Every child plays their turn a second after the last, until the round is over."""
    while True:
        row = class_tables.get(db, w["table_id"])
        game = class_tables.load(row)
        if game.state.over:
            return
        clock.advance(1)
        pupil = w["seat_of"][game.to_act]
        play_tables.play(
            db,
            w["table_id"],
            pupil,
            row["version"],
            f"m{row['version']}",
            lambda g, s: legal_moves(g.state)[0],
            time.time(),
        )


def test_between_rounds_no_turn_falls_due_for_the_channel_or_the_web_app(db, clock, match):
    w = match
    reader = live_tables.open_reader(w["path"])
    hub = Hub(lambda slug: reader, clock=time.time)
    tablets = {p: hub.subscribe("", "table", w["table_id"], p) for p in w["pupils"]}
    hub.tick()
    _play_the_round(db, clock, w)
    row = class_tables.get(db, w["table_id"])
    assert row["status"] == "playing" and row["to_act"] is None  # the match goes on: a round's end
    ended = time.time()
    heard = []
    # The tablets are closed and the table waits: past every seat's away moment and past the
    # start's ARRIVE_WITHIN, a tick every quarter of a second.
    for sub in tablets.values():
        hub.unsubscribe(sub)
    watcher = hub.subscribe("", "table", w["table_id"])
    while time.time() < ended + ARRIVE_WITHIN + AWAY_AFTER:
        hub.tick()
        while not watcher.queue.empty():
            heard.append(watcher.queue.get_nowait())
        clock.advance(0.25)
    assert not any(event.get("due") for event in heard)
    # The web app, asked by any tablet, agrees: nothing due, nothing played for anyone.
    for pupil in w["pupils"]:
        assert play_tables.here(db, w["table_id"], pupil, time.time()) == (row["version"], False)
    assert class_tables.get(db, w["table_id"])["version"] == row["version"]
    reader.close()


def test_the_rule_says_not_due_while_nobody_is_to_act(clock):
    now = time.time()
    table = {"status": "playing", "to_act": None, "created_at": now - 1000, "updated_at": now - 900, "turn_clock": 30}
    for seats in ({0: {"seen_at": None}, 1: {"seen_at": None}}, {0: {"seen_at": now - 600}, 1: {"seen_at": now}}):
        assert presence.table_due(table, seats, now) is None
        assert presence.table_due_since(table, seats, now) is None
    # The same table with a seat to act who was never seen: due once the start's
    # ARRIVE_WITHIN has passed, not before (as the web app waits for them).
    waiting = {**table, "to_act": 0, "created_at": now}
    never = {0: {"seen_at": None}, 1: {"seen_at": now}}
    clock.advance(ARRIVE_WITHIN)
    assert presence.table_due(waiting, never, time.time()) is None
    clock.advance(0.25)
    assert presence.table_due(waiting, never, time.time()) == "away"
    assert presence.table_due_since(waiting, never, time.time()) == now + ARRIVE_WITHIN
