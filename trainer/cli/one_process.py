"""The one-process server of `trainer serve` (and `make run`): waitress, set up to keep serving
while many connections are held open (issue 45, docs/deploy.md "One process, many sockets").

Waitress reads every connection in one event loop and hands a request to a thread only once it
has arrived whole, so a socket that sends nothing, or a header a byte at a time, costs a file
descriptor and never a thread. What took it down was its defaults: at most 100 connections
(99 idle sockets and `/login` waited), select(), which cannot watch more than 1,024, and no
deadline for a request that never finishes (a byte every 10 s kept one open for ever). Here:

- CONNECTION_LIMIT connections, watched with poll(), and the process's open-file limit raised
  to fit them (fewer connections where the system's hard limit is lower);
- a connection with nothing to do is closed after IDLE_TIMEOUT seconds (waitress's
  channel_timeout; a browser simply opens a new one);
- a request whose header has not arrived HEADER_TIMEOUT seconds after its first byte, or whose
  body has not REQUEST_TIMEOUT seconds after it, is closed: waitress has no such deadline of its
  own, so the server below adds it to waitress's own sweep of idle connections.
"""

from __future__ import annotations

import logging
import resource
import time

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

CONNECTION_LIMIT = 4000
IDLE_TIMEOUT = 30  # seconds without a byte, between requests
HEADER_TIMEOUT = 20  # seconds from a request's first byte to the end of its header
REQUEST_TIMEOUT = 120  # ... to the end of its body (an upload over a slow Wi-Fi)
SWEEP_EVERY = 5  # seconds between sweeps (waitress's cleanup_interval)
SPARE_FILES = 200  # the database, logs, the push channel's pipe, the threads' files


class _Channel(HTTPChannel):
    """A connection that notes when the request it is reading began."""

    request_began: float | None = None

    def received(self, data):
        if self.request is None and data:
            self.request_began = time.time()
        return super().received(data)


class Server(TcpWSGIServer):
    channel_class = _Channel

    def maintenance(self, now):
        super().maintenance(now)
        for channel in list(self.active_channels.values()):
            if too_slow(channel, now):
                channel.will_close = True


def too_slow(channel, now: float) -> bool:
    """A request still being read past its deadline (a slow-header or slow-body attack)."""
    request, began = channel.request, getattr(channel, "request_began", None)
    if request is None or request.completed or began is None:
        return False
    limit = REQUEST_TIMEOUT if request.headers_finished else HEADER_TIMEOUT
    return now - began > limit


def make_server(app, host: str, port: int, threads: int, trust_proxy: bool) -> Server:
    files = _raise_open_files(CONNECTION_LIMIT + threads + SPARE_FILES)
    # Where the system allows fewer files, fewer connections: past the limit waitress stops
    # accepting for a while, while a full descriptor table would fail every accept().
    limit = max(100, min(CONNECTION_LIMIT, files - threads - SPARE_FILES))
    # Waitress deletes X-Forwarded-* headers unless told otherwise. With TRUST_PROXY the app
    # (werkzeug's ProxyFix) must see them: else behind the TLS proxy the cookie is never
    # Secure and every form post fails the CSRF origin check (https page, http request).
    return Server(
        app,
        host=host,
        port=port,
        threads=threads,
        ident="TWEAK Trainer",
        connection_limit=limit,
        asyncore_use_poll=True,
        channel_timeout=IDLE_TIMEOUT,
        cleanup_interval=SWEEP_EVERY,
        clear_untrusted_proxy_headers=not trust_proxy,
    )


def serve(app, host: str, port: int, threads: int, trust_proxy: bool) -> None:
    logging.basicConfig()  # waitress's warnings (a full queue, the connection limit) on the console
    server = make_server(app, host, port, threads, trust_proxy)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


def _raise_open_files(wanted: int) -> int:
    """The soft limit up to `wanted` (never above the hard limit a user may not pass): many
    systems start processes with 1,024. Returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return max(soft, target)
