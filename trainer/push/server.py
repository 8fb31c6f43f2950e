"""The push process: Starlette and sse-starlette under uvicorn (`python -m trainer.push`,
which `trainer serve` starts beside the web app's workers).

GET <prefix>/push/stream?t=TICKET opens a stream of the events of trainer.push.hub for what
the ticket names (trainer.push.tokens), after the database says once more that its holder
may still watch it; GET <prefix>/push/health answers "ok" and the number of that school's
streams (404 for a name that is no school). Requests must send their header in time
(trainer.push.deadlines); streams are capped per ticket and per address. The school is the
one file given (`Schools.one`) or, with `trainer serve --schools`, chosen as the web app
chooses it: by the path's first part or by the host name (`Schools.folder`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from trainer.ops import schools as school_files
from trainer.play import live
from trainer.push import hub as hubs, tokens
from trainer.store import live_presence, live_tables

PING = 15  # seconds between heartbeats: well inside any proxy's read timeout (60 s in nginx)
# Open streams (issue 45): a page holds one, and for a moment a reconnect before the server has
# seen the old one go; a whole school behind one NAT address still fits under the second.
# Behind the proxy every stream comes from the proxy's address: there nginx's limit_conn counts.
MAX_STREAMS_PER_TICKET = 3
MAX_STREAMS_PER_ADDRESS = 1000
RETRY_MS = 2000  # what a browser's own EventSource waits before reconnecting
HELLO = PING_DATA = "{}"  # the data of the "hello" and "ping" events: nothing at all


@dataclass
class Schools:
    """Where each school's file and secret are: `paths(slug)` -> (file, secret) or None."""

    find: Callable[[str], tuple[str, str] | None]
    select_by: str = "one"  # "one", "path" or "host"
    domain: str | None = None
    trust_proxy: bool = False  # read X-Forwarded-Host, as the web app does behind the proxy

    @classmethod
    def one(cls, path: str, secret: str) -> Schools:
        return cls(lambda slug: (path, secret) if slug == "" else None)

    @classmethod
    def folder(cls, folder: str, select_by: str, domain: str | None = None, trust_proxy: bool = False) -> Schools:
        master = school_files.master_key(folder)

        def find(slug: str):
            path = school_files.existing_path(folder, slug) if slug else None
            return (path, school_files.secret_key(master, slug)) if path else None

        return cls(find, select_by, domain, trust_proxy)

    def slug(self, request: Request) -> str | None:
        """The school the request names, by the web app's own rule (trainer.ops.schools)."""
        if self.select_by == "one":
            return "" if "slug" not in request.path_params else None
        if self.select_by == "path":
            return school_files.slug_for_path(request.url.path)
        if "slug" in request.path_params:
            return None
        host = school_files.request_host(
            request.headers.get("host"), request.headers.get("x-forwarded-host"), self.trust_proxy
        )
        return school_files.slug_for_host(host, self.domain or "")


class Readers:
    """One reading connection per school, kept."""

    def __init__(self, schools: Schools):
        self.schools = schools
        self.conns: dict[str, sqlite3.Connection] = {}

    def __call__(self, slug: str) -> sqlite3.Connection:
        conn = self.conns.get(slug)
        if conn is None:
            conn = self.conns[slug] = live_tables.open_reader(self.schools.find(slug)[0])
        return conn


class Writers(Readers):
    """One writing connection per school, kept, for presence alone (trainer.store.live_presence)."""

    def __call__(self, slug: str) -> sqlite3.Connection:
        conn = self.conns.get(slug)
        if conn is None:
            conn = self.conns[slug] = live_presence.open_writer(self.schools.find(slug)[0])
        return conn


def _app_origins(host_header: str | None, port: int) -> set[str]:
    """The web app's own origin on the host this request was sent to (the channel's port off)."""
    host = host_header or ""
    if not host.endswith("]"):  # an IPv6 address in brackets keeps its colons
        host = host.rsplit(":", 1)[0]
    if not host:
        return set()
    return {f"http://{host}:{port}"} | ({f"http://{host}"} if port == 80 else set())


def create_app(
    schools: Schools,
    tick: float = hubs.TICK,
    ping: float = PING,
    app_port: int | None = None,
    per_address: int | None = MAX_STREAMS_PER_ADDRESS,
) -> Starlette:
    """`app_port`: the web app's port, whose pages (same host, plain http: no proxy in front) may
    read the streams across origins; None: no other origin may. `per_address`: None behind the
    proxy, whose address all streams share."""
    readers = Readers(schools)
    streams = Counter()  # ("ticket", token) and ("address", host) -> streams open
    writers = Writers(schools)
    hub = hubs.Hub(readers)

    async def watch_loop():
        while True:
            try:
                hub.tick()
                hub.recheck()
            except sqlite3.Error as err:  # a school file being restored, say: try again next tick
                print(f"push: {err}", flush=True)
            await asyncio.sleep(tick)

    def note(school: str, seats: frozenset, now: float) -> bool:
        try:
            live.mark_here(writers(school), seats, now)
            return True
        except Exception as err:  # the lock stayed busy, a file being restored, anything:
            # whatever it was, the loop must go on (pages with an open stream send nothing, so
            # a dead loop would turn their children away); the hub asks again a second later.
            print(f"push: presence: {err}", flush=True)
            return False

    async def presence_loop():
        # Its own loop, and the write in a thread: the streams never wait for the write lock.
        while True:
            now = hub.clock()  # the hub's clock: a test moves it with the web app's
            due = hub.presence_due(now)
            if due:
                # Just before writing: a login ended since the last recheck is never noted here.
                try:
                    hub.recheck(force=True)
                except sqlite3.Error as err:  # a file being restored: write nothing now
                    print(f"push: {err}", flush=True)
                    due = []
                due = [(school, seats & hub.connected(school, now)) for school, seats in due]
            for school, seats in due:
                if not seats:
                    continue
                if not await asyncio.to_thread(note, school, seats, now):
                    hub.presence_failed(school)
            await asyncio.sleep(tick)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        tasks = [asyncio.create_task(watch_loop()), asyncio.create_task(presence_loop())]
        app.state.hub = hub
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()

    def cors(request: Request) -> dict:
        """The page is served by the web app's port and the stream by this one (no proxy in
        front): the app's own origin may read it — this host, plain http, the app's port, not
        any port or scheme of the host (issue 45). Behind nginx both are one origin."""
        origin = request.headers.get("origin")
        if origin and app_port and origin in _app_origins(request.headers.get("host"), app_port):
            return {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}
        return {"Vary": "Origin"}

    def counted(response, keys: list):
        """The response, its stream counted under `keys` until it ends however it ends (a
        stream the client dropped before it began included)."""
        for key in keys:
            streams[key] += 1

        async def app(scope, receive, send):
            try:
                await response(scope, receive, send)
            finally:
                for key in keys:
                    streams[key] -= 1
                    if not streams[key]:
                        del streams[key]

        return app

    async def stream(request: Request):
        slug = schools.slug(request)
        found = schools.find(slug) if slug is not None else None
        if found is None:
            return PlainTextResponse("no such school", 404)
        ticket = tokens.read(found[1], request.query_params.get("t", ""))
        named = request.query_params.get("for")
        if ticket is not None and named is not None and named != f"{ticket.kind}-{ticket.thing}":
            ticket = None  # the address says one thing and the ticket another: not this stream
        if ticket is None or not live_tables.may_watch(
            readers(slug), ticket.kind, ticket.thing, ticket.who, ticket.person, ticket.session
        ):
            return PlainTextResponse("not yours", 403, headers=cors(request))
        keys = [("ticket", request.query_params["t"])]
        if per_address is not None and request.client:
            keys.append(("address", request.client.host))
        if streams[keys[0]] >= MAX_STREAMS_PER_TICKET or (len(keys) > 1 and streams[keys[1]] >= per_address):
            # The page polls meanwhile, as when the channel is down.
            return PlainTextResponse("too many streams", 429, headers=cors(request))
        # A table's stream says its child is here, so it lasts no longer than its ticket; a
        # lobby's or a projector's says nothing of anyone and stays open as long as it is read.
        seated = ticket.kind == "table"
        sub = hub.subscribe(
            slug,
            ticket.kind,
            ticket.thing,
            ticket.person if seated else None,
            ticket.expires if seated else float("inf"),
            login=(ticket.session, ticket.who, ticket.person) if ticket.session is not None else None,
        )

        async def events():
            try:
                yield ServerSentEvent(event="hello", data=HELLO, retry=RETRY_MS)
                while True:
                    try:
                        # Then the page polls (and its asks note its child's presence) until
                        # a fresh ticket opens the stream again.
                        left = sub.expires - time.time() if seated else None
                        event = await asyncio.wait_for(sub.queue.get(), left)
                    except asyncio.TimeoutError:
                        return
                    if event is None:  # its login ended, or its seat went (Hub.recheck)
                        return
                    yield ServerSentEvent(event="v", data=json.dumps(event, separators=(",", ":")))
            finally:
                hub.unsubscribe(sub)

        return counted(
            EventSourceResponse(
                events(),
                ping=ping,
                ping_message_factory=lambda: ServerSentEvent(event="ping", data=PING_DATA),
                headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no", **cors(request)},
            ),
            keys,
        )

    async def health(request: Request):
        # Of the school the address names only: nothing of the others, nothing under a name
        # that is no school (issue 45).
        slug = schools.slug(request)
        if slug is None or schools.find(slug) is None:
            return PlainTextResponse("no such school", 404)
        return PlainTextResponse(f"ok {hub.subscribers(slug)}")

    routes = [
        Route("/push/stream", stream),
        Route("/push/health", health),
        Route("/{slug}/push/stream", stream),
        Route("/{slug}/push/health", health),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
