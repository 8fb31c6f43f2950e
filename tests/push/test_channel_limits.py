"""What the live channel's port gives away and holds (issue 45, the fourth outside attack):
its health answer counts one school's streams and none under a name that is no school; only
the web app's own origin may read a stream across ports; a connection that never finishes its
request header is closed; streams are capped per ticket and per address."""

from __future__ import annotations

import socket
import time

import pytest
import requests

from push_helpers import Channel, events
from school_helpers import add_school, school_path
from trainer.ops import schools
from trainer.push import deadlines, tokens
from trainer.push.server import MAX_STREAMS_PER_TICKET, Schools
from trainer.push.tokens import Ticket
from trainer.store.db import connect
from web_helpers import Make


@pytest.fixture
def folder(tmp_path):
    """Two schools by path; tickets for two teachers of the first."""
    add_school(tmp_path, "North School", "north")
    add_school(tmp_path, "South School", "south")
    db = connect(school_path(tmp_path, "north"))
    make = Make(db)
    signed = []
    for _ in range(2):
        teacher = make.teacher()
        class_id = make.klass(teacher)
        key = schools.secret_key(schools.master_key(str(tmp_path)), "north")
        signed.append(tokens.sign(key, Ticket("class", class_id, "teacher", teacher)))
    db.close()
    return tmp_path, signed


def _open(channel, ticket, path="/north/push/stream", **headers):
    return requests.get(channel.url + path, params={"t": ticket}, headers=headers, stream=True, timeout=5)


def _eventually(check, tries=200):
    for _ in range(tries):
        if check():
            return True
        time.sleep(0.02)
    return False


def test_health_names_one_school_and_no_unknown_one(folder):
    tmp_path, (ticket, _other) = folder
    channel = Channel(Schools.folder(str(tmp_path), "path")).start()
    try:
        stream = _open(channel, ticket)
        events(stream, 1)
        assert requests.get(channel.url + "/north/push/health", timeout=5).text == "ok 1"
        # Before: "ok 1" here too, the streams of every school summed, under any name at all.
        assert requests.get(channel.url + "/south/push/health", timeout=5).text == "ok 0"
        assert requests.get(channel.url + "/nowhere/push/health", timeout=5).status_code == 404
        assert requests.get(channel.url + "/push/health", timeout=5).status_code == 404
        stream.close()
    finally:
        channel.stop()


def test_only_the_apps_own_origin_may_read_a_stream(folder):
    tmp_path, (ticket, _other) = folder
    channel = Channel(Schools.folder(str(tmp_path), "path"), app_port=5000).start()
    try:
        for origin, allowed in (
            ("http://127.0.0.1:5000", True),
            ("http://127.0.0.1:5999", False),
            ("https://127.0.0.1:5000", False),
            ("http://evil.example:5000", False),
            ("null", False),
        ):
            response = _open(channel, ticket, Origin=origin)
            assert response.status_code == 200
            assert response.headers.get("access-control-allow-origin") == (origin if allowed else None), origin
            response.close()
    finally:
        channel.stop()


def test_a_ticket_opens_a_few_streams_at_most(folder):
    tmp_path, (ticket, _other) = folder
    channel = Channel(Schools.folder(str(tmp_path), "path")).start()
    try:
        held = [_open(channel, ticket) for _ in range(MAX_STREAMS_PER_TICKET)]
        assert [r.status_code for r in held] == [200] * MAX_STREAMS_PER_TICKET
        for r in held:
            events(r, 1)
        refused = _open(channel, ticket)
        assert refused.status_code == 429
        held.pop().close()  # one goes: a new one may open
        assert _eventually(lambda: _open(channel, ticket).status_code == 200)
        for r in held:
            r.close()
    finally:
        channel.stop()


def test_an_address_opens_a_bounded_number_of_streams(folder):
    tmp_path, tickets = folder
    channel = Channel(Schools.folder(str(tmp_path), "path"), per_address=2).start()
    try:
        held = [_open(channel, tickets[0]), _open(channel, tickets[1])]
        for r in held:
            events(r, 1)
        assert _open(channel, tickets[0]).status_code == 429
        for r in held:
            r.close()
    finally:
        channel.stop()


class _Quick(deadlines.H11WithDeadline):
    header_timeout = 0.3


@pytest.mark.parametrize("sent", [b"", b"GET /north/push/health HTTP/1.1\r\nHost: x\r\nX-Slow: "])
def test_a_connection_that_never_finishes_its_header_is_closed(folder, sent):
    tmp_path, _tickets = folder
    channel = Channel(Schools.folder(str(tmp_path), "path"), http=_Quick).start()
    try:
        s = socket.create_connection(("127.0.0.1", channel.port), timeout=10)
        s.sendall(sent)
        assert s.recv(1) == b""  # closed by the channel, not by this test's timeout
        s.close()
    finally:
        channel.stop()


def test_a_stream_outlives_the_header_deadline(folder):
    tmp_path, (ticket, _other) = folder
    channel = Channel(Schools.folder(str(tmp_path), "path"), ping=0.6, http=_Quick).start()
    try:
        stream = _open(channel, ticket)
        # hello, the class's version, then the ping that comes after the deadline
        assert [name for name, _data in events(stream, 3)] == ["hello", "v", "ping"]
        stream.close()
    finally:
        channel.stop()
