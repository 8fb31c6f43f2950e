"""The live channel notes who is here (issue 36.1, trainer.push.hub and
trainer.store.live_presence): a child whose tablet holds its table's stream open is present,
without the page saying so; one short write per school and period, whatever the number of
tablets; a child who left the table or whose ticket expired is never marked; and when the
stream goes, the away clock runs as before (docs/class-play.md "Nobody blocks the table")."""

from __future__ import annotations

import sqlite3
import time

import itsdangerous
import pytest
import requests

from classplay_helpers import pupils_logged_in, seated_table
from push_helpers import Channel, events
from trainer.play import live, presence
from trainer.play.presence import AWAY_AFTER
from trainer.push import hub as hubs, tokens
from trainer.push.hub import Hub
from trainer.push.server import Schools
from trainer.push.tokens import Ticket
from trainer.store import class_tables, live_presence, live_tables

SECRET = "test-secret"  # tests/web_helpers.make_app's
BASE = 2_000_000_000.0  # a driven clock, later than any seat's seen_at; steps of 1/8 s are exact
STEP = 0.125


@pytest.fixture
def world(app, db, make):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    pupils = pupils_logged_in(app, make, class_id, count=3)
    table_id = seated_table(db, pupils[:2])
    return dict(
        path=app.config["DATABASE"],
        table_id=table_id,
        seated=[p for p, _c in pupils[:2]],
        classmate=pupils[2][0],
        class_id=class_id,
        teacher=teacher,
    )


def seen(db, table_id, pupil_id):
    return db.execute(
        "SELECT seen_at FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [table_id, pupil_id]
    ).fetchone()[0]


def away(db, table_id, now):
    seats = {seat: s for seat, s in class_tables.seats_of(db, table_id).items()}
    return {seats[seat]["pupil_id"] for seat in presence.away_seats(seats, now)}


def run(hub, writer, start, seconds, written=None):
    """Drives the channel's presence loop on the clock, tick by tick, as trainer.push.server does."""
    for n in range(int(seconds / STEP)):
        now = start + n * STEP
        for _school, seats in hub.presence_due(now):
            live.mark_here(writer, seats, now)
            if written is not None:
                written.append(now)


def test_a_connected_seat_is_here_and_the_away_clock_runs_again_once_it_disconnects(world, db):
    w = world
    hub = Hub(lambda slug: live_tables.open_reader(w["path"]))
    writer = live_presence.open_writer(w["path"])
    connected, other = w["seated"]
    sub = hub.subscribe("", "table", w["table_id"], connected)
    hub.subscribe("", "class", w["class_id"])  # a lobby: watches, sits nowhere
    run(hub, writer, BASE, 60)
    last = BASE + 60 - STEP
    # A minute of nothing from the tablet but an open stream: still here. The other child's
    # tablet holds no stream and asks nothing: away, as before.
    assert away(db, w["table_id"], last) == {other}
    assert last - seen(db, w["table_id"], connected) <= hubs.PRESENCE_EVERY
    hub.unsubscribe(sub)
    run(hub, writer, BASE + 60, 60)
    gone_at = seen(db, w["table_id"], connected)
    assert gone_at <= last
    assert connected not in away(db, w["table_id"], gone_at + AWAY_AFTER)
    assert away(db, w["table_id"], gone_at + AWAY_AFTER + 1) == {connected, other}


@pytest.mark.parametrize("subscribers", [1, 12, 240])
def test_one_write_per_school_and_period_whatever_the_subscribers(world, db, make, subscribers):
    w = world
    seats = [(w["table_id"], p) for p in w["seated"]]
    for n in range(4):  # more tables, one child each
        pupil = make.pupil(w["class_id"], f"Solo {n}")
        seats.append((class_tables.open_table(db, w["class_id"], pupil, 4, "round", None, BASE), pupil))
    hub = Hub(lambda slug: None)
    for n in range(subscribers):
        table_id, pupil = seats[n % len(seats)]
        hub.subscribe("", "table", table_id, pupil)
    writer = live_presence.open_writer(w["path"])
    statements = []
    writer.set_trace_callback(statements.append)
    written = []
    run(hub, writer, BASE, 20, written)
    # At once (new seats), then every PRESENCE_EVERY seconds: 0, 5, 10, 15.
    assert written == [BASE + t for t in (0, 5, 10, 15)]
    assert [s.split()[0] for s in statements] == ["BEGIN", "SELECT", "UPDATE", "UPDATE", "COMMIT"] * 4
    noted = {seat for seat in seats[:subscribers]}
    for table_id, pupil in seats:
        assert (seen(db, table_id, pupil) == BASE + 15) == ((table_id, pupil) in noted)


def test_a_newly_connected_seat_is_noted_within_a_second_not_at_every_tick(world):
    hub = Hub(lambda slug: None)
    hub.subscribe("", "table", world["table_id"], world["seated"][0])
    assert hub.presence_due(BASE) != []
    hub.subscribe("", "table", world["table_id"], world["seated"][1])
    assert hub.presence_due(BASE + 0.5) == []
    assert hub.presence_due(BASE + 1) == [("", frozenset((world["table_id"], p) for p in world["seated"]))]
    assert hub.presence_due(BASE + 2) == []


def test_a_child_who_left_the_table_or_whose_ticket_expired_is_not_marked(world, db, make):
    w = world
    left, expired = w["seated"]
    hub = Hub(lambda slug: None)
    hub.subscribe("", "table", w["table_id"], left)
    hub.subscribe("", "table", w["table_id"], expired, expires=BASE + 10)
    hub.subscribe("", "table", w["table_id"], w["classmate"])  # a forged pair: not seated there
    db.execute("DELETE FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [w["table_id"], left])
    db.conn.commit()
    newcomer = make.pupil(w["class_id"], "Newcomer")
    db.execute(
        "INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, 3, ?, NULL)",
        [w["table_id"], newcomer],
    )
    db.conn.commit()
    before = {p: seen(db, w["table_id"], p) for p in (expired, newcomer)}
    writer = live_presence.open_writer(w["path"])
    run(hub, writer, BASE + 10, 20)
    assert {p: seen(db, w["table_id"], p) for p in (expired, newcomer)} == before
    assert (
        db.execute(
            "SELECT count(*) FROM class_table_seats WHERE table_id = ? AND pupil_id IN (?, ?)",
            [w["table_id"], left, w["classmate"]],
        ).fetchone()[0]
        == 0
    )


def test_a_child_back_from_away_changes_what_the_boards_show_not_the_version(world, db):
    """Being here is not a move (issue 46.3): the version a tap is made on stays, and the
    boards learn who is back from the table's look (trainer.play.presence.look)."""
    w = world
    version = class_tables.get(db, w["table_id"])["version"]
    reader = live_tables.open_reader(w["path"])
    seat = class_tables.seat_of(db, w["table_id"], w["seated"][0])
    assert f"{seat}a" in live.tables(reader, BASE)[w["table_id"]][3]  # away before
    hub = Hub(lambda slug: None)
    hub.subscribe("", "table", w["table_id"], w["seated"][0])
    run(hub, live_presence.open_writer(w["path"]), BASE, 30)
    assert class_tables.get(db, w["table_id"])["version"] == version
    assert f"{seat}a" not in live.tables(reader, BASE + 30)[w["table_id"]][3]


def test_a_busy_write_lock_is_not_waited_for_and_the_write_comes_a_second_later(world, db):
    w = world
    hub = Hub(lambda slug: None)
    hub.subscribe("", "table", w["table_id"], w["seated"][0])
    before = seen(db, w["table_id"], w["seated"][0])
    holder = sqlite3.connect(w["path"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    writer = live_presence.open_writer(w["path"])
    [(school, seats)] = hub.presence_due(BASE)
    with pytest.raises(sqlite3.OperationalError):
        live.mark_here(writer, seats, BASE)
    hub.presence_failed(school)
    holder.execute("ROLLBACK")
    assert seen(db, w["table_id"], w["seated"][0]) == before
    assert not writer.in_transaction
    assert hub.presence_due(BASE + 0.5) == []
    assert hub.presence_due(BASE + 1) == [(school, seats)]


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(hubs, "PRESENCE_EVERY", 0.3)
    monkeypatch.setattr(hubs, "PRESENCE_SOONEST", 0.1)


def wait_for(condition, seconds=5.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_the_channel_notes_the_child_whose_stream_is_open_and_stops_when_it_closes(world, db, fast):
    w = world
    channel = Channel(Schools.one(w["path"], SECRET)).start()
    try:
        start = time.time()
        token = tokens.sign(SECRET, Ticket("table", w["table_id"], "pupil", w["seated"][0]))
        stream = requests.get(channel.url + "/push/stream", params={"t": token}, stream=True, timeout=5)
        assert events(stream, 1) == [("hello", "{}")]
        assert wait_for(lambda: seen(db, w["table_id"], w["seated"][0]) >= start)
        assert seen(db, w["table_id"], w["seated"][1]) < start  # its tablet holds no stream
        first = seen(db, w["table_id"], w["seated"][0])
        assert wait_for(lambda: seen(db, w["table_id"], w["seated"][0]) > first)  # and again
        # The control: the classmate's tablet opens a stream too and is noted every period.
        other = tokens.sign(SECRET, Ticket("table", w["table_id"], "pupil", w["seated"][1]))
        control = requests.get(channel.url + "/push/stream", params={"t": other}, stream=True, timeout=5)
        assert events(control, 1) == [("hello", "{}")]
        stream.close()
        assert wait_for(lambda: requests.get(channel.url + "/push/health", timeout=5).text == "ok 1")
        last = seen(db, w["table_id"], w["seated"][0])
        for _ in range(3):  # three periods of the presence loop, seen on the control
            noted = seen(db, w["table_id"], w["seated"][1])
            assert wait_for(lambda noted=noted: seen(db, w["table_id"], w["seated"][1]) > noted)
        assert seen(db, w["table_id"], w["seated"][0]) == last
        control.close()
    finally:
        channel.stop()


def test_a_table_stream_ends_when_its_ticket_expires(world, monkeypatch):
    """Then the page polls (each ask notes its child) until a fresh ticket opens it again. A
    projector's stream notes no one: it stays open (its read ends by requests' timeout)."""
    w = world
    signed_at = int(time.time()) - tokens.MAX_AGE + 2
    monkeypatch.setattr(itsdangerous.timed.TimestampSigner, "get_timestamp", lambda self: signed_at)
    table = tokens.sign(SECRET, Ticket("table", w["table_id"], "pupil", w["seated"][0]))
    projector = tokens.sign(SECRET, Ticket("class", w["class_id"], "teacher", w["teacher"]))
    monkeypatch.undo()
    channel = Channel(Schools.one(w["path"], SECRET)).start()
    try:
        stream = requests.get(channel.url + "/push/stream", params={"t": table}, stream=True, timeout=5)
        watch = requests.get(channel.url + "/push/stream", params={"t": projector}, stream=True, timeout=5)
        assert stream.status_code == watch.status_code == 200
        # hello (and the table's version, on a quick machine), then the end of the stream: a
        # stream that went on would end the read with requests' timeout instead.
        names = [name for name, _data in events(stream, 10)]
        assert names[0] == "hello" and set(names) <= {"hello", "v"} and len(names) <= 2
        assert [name for name, _data in events(watch, 2)] == ["hello", "v"]
        with pytest.raises(requests.exceptions.ConnectionError):  # the read timed out
            events(watch, 1)
    finally:
        channel.stop()
