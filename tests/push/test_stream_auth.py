"""Who may open the live channel's stream (issue 36.1): a pupil seated at the table, a pupil
of the class (the lobby), the class's own teacher (the projector); a ticket signed by the web
app for exactly that (trainer.push.tokens) and still true in the database when the stream
opens. Everything else is refused with a 403 (404: no such school), and the stream carries
ids and versions only."""

from __future__ import annotations

import json
import re
import time

import pytest
import requests

from classplay_helpers import pupils_logged_in, seated_table
from push_helpers import Channel, events
from trainer.push import tokens
from trainer.push.server import Schools
from trainer.push.tokens import Ticket
from trainer.store import class_tables

SECRET = "test-secret"  # tests/web_helpers.make_app's


@pytest.fixture
def world(app, db, make):
    teacher, other_teacher = make.teacher(), make.teacher()
    class_id, other_class = make.klass(teacher), make.klass(other_teacher, "Class 4C")
    pupils = pupils_logged_in(app, make, class_id, count=3)
    table_id = seated_table(db, pupils[:2])
    stranger = make.pupil(other_class, "Zed")
    channel = Channel(Schools.one(app.config["DATABASE"], SECRET)).start()
    yield dict(
        teacher=teacher,
        other_teacher=other_teacher,
        class_id=class_id,
        other_class=other_class,
        seated=[p for p, _c in pupils[:2]],
        classmate=pupils[2][0],
        stranger=stranger,
        table_id=table_id,
        channel=channel,
    )
    channel.stop()


def opened(world, ticket: Ticket | str | None, secret=SECRET, path="/push/stream"):
    token = ticket if isinstance(ticket, str) or ticket is None else tokens.sign(secret, ticket)
    params = {} if token is None else {"t": token}
    return requests.get(world["channel"].url + path, params=params, stream=True, timeout=5)


def refusals(world):
    w = world
    yield "no ticket", None
    yield "not a ticket", "hello"
    yield (
        "signed with another key",
        tokens.sign("another-secret", Ticket("table", w["table_id"], "pupil", w["seated"][0])),
    )
    yield "a classmate not seated at the table", Ticket("table", w["table_id"], "pupil", w["classmate"])
    yield "a pupil of another class, at this table", Ticket("table", w["table_id"], "pupil", w["stranger"])
    yield "a pupil, another class's lobby", Ticket("class", w["other_class"], "pupil", w["seated"][0])
    yield "a teacher, another teacher's class", Ticket("class", w["class_id"], "teacher", w["other_teacher"])
    yield "a teacher at a table", Ticket("table", w["table_id"], "teacher", w["teacher"])
    yield "a table that is not there", Ticket("table", w["table_id"] + 1000, "pupil", w["seated"][0])


def test_every_ticket_that_does_not_hold_is_refused(world):
    for why, ticket in refusals(world):
        response = opened(world, ticket)
        assert response.status_code == 403, why
        assert response.text == "not yours", why


def test_an_old_ticket_is_refused(world, monkeypatch):
    token = tokens.sign(SECRET, Ticket("table", world["table_id"], "pupil", world["seated"][0]))
    assert tokens.read(SECRET, token) is not None
    later = time.time() + tokens.MAX_AGE + 5
    monkeypatch.setattr(time, "time", lambda: later)
    assert tokens.read(SECRET, token) is None


def test_a_child_who_left_the_table_cannot_use_the_ticket_the_page_gave(world, db):
    ticket = Ticket("table", world["table_id"], "pupil", world["seated"][1])
    assert opened(world, ticket).status_code == 200
    db.execute(
        "DELETE FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [world["table_id"], world["seated"][1]]
    )
    db.conn.commit()
    assert opened(world, ticket).status_code == 403


def test_a_school_the_channel_does_not_serve_is_a_404(world):
    ticket = Ticket("table", world["table_id"], "pupil", world["seated"][0])
    assert opened(world, ticket, path="/elsewhere/push/stream").status_code == 404


def test_the_seated_the_lobby_and_the_teacher_get_versions_and_nothing_else(world, db):
    w = world
    streams = {
        "table": opened(w, Ticket("table", w["table_id"], "pupil", w["seated"][0])),
        "lobby": opened(w, Ticket("class", w["class_id"], "pupil", w["classmate"])),
        "projector": opened(w, Ticket("class", w["class_id"], "teacher", w["teacher"])),
    }
    for name, response in streams.items():
        assert response.status_code == 200, name
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["x-accel-buffering"] == "no"
        assert response.headers["cache-control"] == "no-store"
    version = class_tables.get(db, w["table_id"])["version"]
    first = {name: events(r, 2) for name, r in streams.items()}
    assert first["table"] == [
        ("hello", "{}"),
        ("v", json.dumps({"table": w["table_id"], "version": version}, separators=(",", ":"))),
    ]
    for name in ("lobby", "projector"):
        assert first[name] == [("hello", "{}"), ("v", '{"class":%d,"version":0}' % w["class_id"])]
    db.execute("UPDATE class_tables SET version = version + 1 WHERE id = ?", [w["table_id"]])
    db.conn.commit()
    assert events(streams["table"], 1) == [("v", '{"table":%d,"version":%d}' % (w["table_id"], version + 1))]
    assert events(streams["projector"], 1) == [("v", '{"class":%d,"version":1}' % w["class_id"])]
    for response in streams.values():
        response.close()


def test_a_page_of_the_same_host_may_read_the_stream_across_ports_and_no_other(world):
    ticket = tokens.sign(SECRET, Ticket("table", world["table_id"], "pupil", world["seated"][0]))
    url = world["channel"].url + "/push/stream"
    same = requests.get(url, params={"t": ticket}, headers={"Origin": "http://127.0.0.1:5000"}, stream=True, timeout=5)
    assert same.headers["access-control-allow-origin"] == "http://127.0.0.1:5000"
    other = requests.get(url, params={"t": ticket}, headers={"Origin": "http://evil.example"}, stream=True, timeout=5)
    assert "access-control-allow-origin" not in other.headers
    same.close(), other.close()


def test_the_channel_sends_heartbeats_inside_a_proxys_read_timeout(app, db, make):
    """nginx's proxy_read_timeout is 60 s by default (docs/deploy.md): PING is well inside,
    and a heartbeat is an event the page sees (a comment would not reach its script)."""
    from trainer.push.server import PING

    assert PING <= 20
    teacher = make.teacher()
    class_id = make.klass(teacher)
    channel = Channel(Schools.one(app.config["DATABASE"], SECRET), ping=0.2).start()
    try:
        response = requests.get(
            channel.url + "/push/stream",
            timeout=5,
            stream=True,
            params={"t": tokens.sign(SECRET, Ticket("class", class_id, "teacher", teacher))},
        )
        assert ("ping", "{}") in events(response, 4)
        response.close()
    finally:
        channel.stop()


def test_the_stream_address_logs_nothing(world, capfd):
    """The ticket is in the stream's address: the channel keeps no access log."""
    ticket = tokens.sign(SECRET, Ticket("table", world["table_id"], "pupil", world["seated"][0]))
    opened(world, ticket).close()
    opened(world, "forged").close()
    out, err = capfd.readouterr()
    assert not re.search(re.escape(ticket[:20]) + "|forged", out + err)
