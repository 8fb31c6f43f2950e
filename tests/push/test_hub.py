"""The live channel's watcher (issue 36.1, trainer.push.hub): one indexed statement per school
and tick, whatever the number of subscribers, and the events each subscriber gets."""

from __future__ import annotations

import pytest

from trainer.play.presence import AWAY_AFTER
from trainer.push.hub import Hub
from trainer.store import class_tables, live_tables


class Counted:
    """A school's connection whose statements are counted (sqlite3's trace callback)."""

    def __init__(self, conn):
        self.conn = conn
        self.statements = []
        conn.set_trace_callback(self.statements.append)


@pytest.fixture
def school(db, make):
    teacher = make.teacher()
    classes = [make.klass(teacher, f"Class {n}") for n in range(2)]
    tables = []
    for class_id in classes:
        for n in range(3):
            pupil = make.pupil(class_id, f"P{class_id}x{n}")
            tables.append((class_id, class_tables.open_table(db, class_id, pupil, 4, "round", None, 1000.0)))
    yield classes, tables
    db.conn.set_trace_callback(None)


def bump(db, table_id, **columns):
    sets = ", ".join(["version = version + 1"] + [f"{k} = ?" for k in columns])
    db.execute(f"UPDATE class_tables SET {sets} WHERE id = ?", [*columns.values(), table_id])
    db.conn.commit()


def drain(sub):
    out = []
    while not sub.queue.empty():
        out.append(sub.queue.get_nowait())
    return out


@pytest.mark.parametrize("subscribers", [1, 12, 240])
def test_one_statement_per_school_per_tick_whatever_the_subscribers(db, school, subscribers):
    _classes, tables = school
    counted = Counted(db.conn)
    hub = Hub(lambda slug: counted.conn, clock=lambda: 2000.0)
    for n in range(subscribers):
        class_id, table_id = tables[n % len(tables)]
        hub.subscribe("", "table", table_id) if n % 3 else hub.subscribe("", "class", class_id)
    for tick in range(5):
        counted.statements.clear()
        hub.tick()
        assert counted.statements == [live_tables.LIVE_SQL], tick


def test_each_school_is_read_once_and_a_school_nobody_watches_not_at_all(db, school, tmp_path):
    from web_helpers import make_app

    other_db = make_app(tmp_path / "other.db").config["DATABASE"]
    conns = {
        "a": Counted(db.conn),
        "b": Counted(live_tables.open_reader(other_db)),
        "c": Counted(live_tables.open_reader(other_db)),
    }
    hub = Hub(lambda slug: conns[slug].conn)
    _classes, tables = school
    first = hub.subscribe("a", "table", tables[0][1])
    for _ in range(30):
        hub.subscribe("b", "class", 1)
    conns["a"].statements.clear()
    hub.tick()
    assert conns["a"].statements == [live_tables.LIVE_SQL]
    assert conns["b"].statements == [live_tables.LIVE_SQL]
    assert conns["c"].statements == []
    hub.unsubscribe(first)
    conns["a"].statements.clear()
    hub.tick()
    assert conns["a"].statements == []


def test_the_query_uses_the_partial_index_of_live_tables(db):
    plan = " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + live_tables.LIVE_SQL).fetchall())
    assert "USING INDEX class_tables_live" in plan and "SCAN" not in plan


def test_a_change_reaches_that_tables_subscribers_and_its_class_only(db, school):
    (class_a, class_b), tables = school
    hub = Hub(lambda slug: db.conn, clock=lambda: 2000.0)
    (_, t1), (_, t2) = tables[0], tables[1]
    at_t1, at_t2 = hub.subscribe("", "table", t1), hub.subscribe("", "table", t2)
    projector_a, projector_b = hub.subscribe("", "class", class_a), hub.subscribe("", "class", class_b)
    hub.tick()
    # A new subscriber learns where things stand at the next tick.
    assert drain(at_t1) == [{"table": t1, "version": 0}]
    assert drain(projector_a) == [{"class": class_a, "version": 0}]
    drain(at_t2), drain(projector_b)
    hub.tick()
    assert [drain(s) for s in (at_t1, at_t2, projector_a, projector_b)] == [[], [], [], []]
    bump(db, t1)
    hub.tick()
    assert drain(at_t1) == [{"table": t1, "version": 1}]
    assert drain(projector_a) == [{"class": class_a, "version": 1}]
    assert drain(at_t2) == [] and drain(projector_b) == []


def test_a_table_that_finished_says_so_and_a_new_one_moves_the_projector(db, school, make):
    (class_a, _b), tables = school
    t1 = tables[0][1]
    hub = Hub(lambda slug: db.conn, clock=lambda: 2000.0)
    at_t1, projector = hub.subscribe("", "table", t1), hub.subscribe("", "class", class_a)
    hub.tick()
    drain(at_t1), drain(projector)
    bump(db, t1, status="finished")
    hub.tick()
    assert drain(at_t1) == [{"table": t1, "version": None}]
    assert drain(projector) == [{"class": class_a, "version": 1}]
    class_tables.open_table(db, class_a, make.pupil(class_a, "Newcomer"), 3, "round", None, 1000.0)
    hub.tick()
    assert drain(projector) == [{"class": class_a, "version": 2}]


def test_a_due_turn_is_announced_once_per_version(db, school):
    """The helper bot plays in the web app when a tablet asks (docs/class-play.md, lazy
    clock): the channel tells the table's tablets when the turn clock ran out, once."""
    _classes, tables = school
    t1 = tables[0][1]
    db.execute(
        "UPDATE class_tables SET status = 'playing', to_act = 0, turn_clock = 30, updated_at = 1000 WHERE id = ?", [t1]
    )
    db.execute("UPDATE class_table_seats SET seen_at = 1000 + 25 WHERE table_id = ?", [t1])
    db.conn.commit()
    now = [1029.0]
    hub = Hub(lambda slug: db.conn, clock=lambda: now[0])
    sub = hub.subscribe("", "table", t1)
    hub.tick()
    assert drain(sub) == [{"table": t1, "version": 0}]
    now[0] = 1030.0
    hub.tick()
    hub.tick()
    assert drain(sub) == [{"table": t1, "version": 0, "due": True}]
    bump(db, t1, updated_at=1030.0)  # the helper played: a new turn, a new clock
    hub.tick()
    assert drain(sub) == [{"table": t1, "version": 1}]
    now[0] = 1025 + AWAY_AFTER + 0.5  # nobody moved: the child to act is away before the clock
    hub.tick()
    assert drain(sub) == [{"table": t1, "version": 1, "look": "0a", "due": True}]


def test_a_subscriber_far_behind_keeps_only_the_newest(db, school):
    _classes, tables = school
    t1 = tables[0][1]
    hub = Hub(lambda slug: db.conn)
    sub = hub.subscribe("", "table", t1)
    for _ in range(100):
        bump(db, t1)
        hub.tick()
    events = drain(sub)
    assert 0 < len(events) <= 64 and events[-1] == {"table": t1, "version": 100}
