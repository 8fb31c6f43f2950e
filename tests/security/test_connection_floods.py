"""A server that keeps serving (issue 45): the one-process `trainer serve` (what `make run` and
the classroom's `--host 0.0.0.0` start, no proxy in front) answers `/login` while 500 sockets
that send nothing and 200 that send half a header are held open. Before, 99 idle sockets were
enough (waitress's limit of 100 connections) and a byte every 10 s kept a socket for ever.

The floods go through the real server; the deadlines are tested on the server object with its
sweep run at a later moment, so no test waits for them."""

from __future__ import annotations

import http.client
import socket
import threading
import time

import pytest

from trainer.cli import one_process
from web_helpers import make_app

from .realserver import Server

IDLE, SLOW = 500, 200
HALF_HEADER = b"GET /login HTTP/1.1\r\nHost: school\r\nUser-Agent: slow"


@pytest.fixture
def one_process_server(tmp_path):
    database = tmp_path / "school.db"
    make_app(database)
    server = Server("one", database, tmp_path / "instance", tmp_path, "--push-port", "0")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def _hold(port: int, count: int, first: bytes) -> list[socket.socket]:
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        if first:
            s.sendall(first)
        held.append(s)
    return held


def test_login_answers_with_500_idle_and_200_slow_header_sockets_held(one_process_server):
    held = _hold(one_process_server.port, IDLE, b"") + _hold(one_process_server.port, SLOW, HALF_HEADER)
    try:
        for s in held[IDLE::20]:
            s.sendall(b"x")  # the slow ones go on sending, a byte at a time
        conn = http.client.HTTPConnection("127.0.0.1", one_process_server.port, timeout=10)
        conn.request("GET", "/login")
        response = conn.getresponse()
        assert response.status == 200 and b"Password" in response.read()
    finally:
        for s in held:
            s.close()


@pytest.fixture
def in_process(app):
    server = one_process.make_server(app, "127.0.0.1", 0, 2, False)
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    yield server
    server.close()
    runner.join(5)


def _channel_for(server, sock, wanted=lambda c: True):
    local = sock.getsockname()
    for _ in range(200):
        for channel in list(server.active_channels.values()):
            if channel.addr[1] == local[1] and wanted(channel):
                return channel
        time.sleep(0.01)
    raise AssertionError("the server never saw the socket")


def test_a_header_never_finished_is_closed_after_its_deadline(in_process):
    s = socket.create_connection(("127.0.0.1", in_process.effective_port), timeout=10)
    s.sendall(HALF_HEADER)
    channel = _channel_for(in_process, s, lambda c: c.request is not None)
    moment = channel.request_began
    # A byte every few seconds keeps a socket active; the header deadline counts from its first.
    assert not one_process.too_slow(channel, moment + one_process.HEADER_TIMEOUT - 1)
    assert one_process.too_slow(channel, moment + one_process.HEADER_TIMEOUT + 1)
    in_process.maintenance(moment + one_process.HEADER_TIMEOUT + 1)
    in_process.trigger.pull_trigger()
    assert s.recv(1) == b""  # closed by the server
    s.close()


def test_a_body_gets_longer_than_a_header(in_process):
    s = socket.create_connection(("127.0.0.1", in_process.effective_port), timeout=10)
    s.sendall(b"POST /login HTTP/1.1\r\nHost: school\r\nContent-Length: 100000\r\n\r\nemail=")
    channel = _channel_for(in_process, s, lambda c: c.request is not None and c.request.headers_finished)
    assert not one_process.too_slow(channel, channel.request_began + one_process.HEADER_TIMEOUT + 1)
    assert one_process.too_slow(channel, channel.request_began + one_process.REQUEST_TIMEOUT + 1)
    s.close()


def test_where_the_system_allows_fewer_files_the_server_takes_fewer_connections(app, monkeypatch):
    # A hard limit of 1,024 open files: 4,000 connections would fail every accept() once the
    # table is full; the limit follows what fits.
    monkeypatch.setattr(one_process, "_raise_open_files", lambda wanted: 1024)
    server = one_process.make_server(app, "127.0.0.1", 0, 8, False)
    try:
        assert server.adj.connection_limit == 1024 - 8 - one_process.SPARE_FILES
    finally:
        server.close()
