"""Browser fixtures: a live server on a free port and Debian's Chromium via pytest-playwright.

Later browser tests (drills, games, dashboard) use `live_server`, `page` and `watch`:

    pytestmark = pytest.mark.browser

    def test_something(page, live_server, watch):
        page.goto(live_server.url + "/join")
        ...
        watch.assert_clean()   # no CSP violations, JS errors or off-site requests

`live_server.app` is the Flask app and `live_server.db()` a connection to its database, for
setting up rows and checking what a page stored.
"""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from trainer.store.db import connect
from web_helpers import make_app

# A check waits up to 5 s by default. On a 2-core machine also running other work, a page's
# answer took longer than that (test_read_aloud's language switch, at a load of 18); a longer
# wait costs nothing when the page is on time.
expect.set_options(timeout=15_000)

# Debian's headless shell of Chromium (package chromium-headless-shell, the same build as
# `chromium`), the browser Playwright itself runs for headless tests: it has no browser window
# layer and no pages of its own to draw, so a class round of four tablets cost 19 s of CPU
# instead of 30 s and the browser tests took a third less time on two cores
# (docs/performance.md, "The suite's time").
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_ARGS}


class LiveServer:
    def __init__(self, app):
        self.app = app
        self._server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self):
        self._thread.start()

    def stop(self):
        self._server.shutdown()
        self._thread.join(timeout=5)

    def db(self):
        return connect(self.app.config["DATABASE"])


# What a browser test waits for, sooner than in a classroom: a bot's move stays on the board
# 0.1 s, not 1.5 s (from 0.3 s the bot rounds took a fifth less time), and a class table asks
# for its version every 0.25 s, not every second (its lobby, projector and tournament every
# 0.5 s). The pages and their requests are the same; a class round's test spent about half its
# time waiting for the next poll (docs/performance.md). Polling faster still (0.125 s) made the
# class rounds a quarter quicker on an idle machine but slower beside other tests, the polls'
# own CPU crowding the two cores, and a classmate's move then came later than 2 s.
QUICK = {"GAME_STEP_MS": 100, "LIVE_POLL_MS": 250}


@pytest.fixture(autouse=True)
def _no_tablet_left_open(request):
    """The browser contexts a test opened itself are closed when it ends, passed or failed: a
    tablet left open at a class table polls the session's live server until the test process
    ends, which costs the next tests CPU and puts its requests among theirs."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    # pytest-playwright's own context (the `page` fixture's) is its to close.
    own = request.getfixturevalue("context") if "context" in request.fixturenames else None
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before and context is not own:
            context.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    # Tests share one server and database; each uses its own teacher, so they do not collide.
    app = make_app(tmp_path_factory.mktemp("live") / "live.db", **QUICK)
    server = LiveServer(app)
    server.start()
    yield server
    server.stop()


class Watch:
    """Collects what a page must never do: load from another origin, break the CSP, throw.

    Requests are watched, not intercepted: a route on every request held each one until this
    process had answered it, which on two busy cores cost the browser tests about a tenth of
    their time (docs/performance.md, "The suite's time"). A request to another origin fails
    anyway (the page's CSP, and no network here); this only has to see it."""

    def __init__(self, page, origin):
        self.problems = []
        self.origin = origin
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.problems.append(f"page error: {err}"))
        page.on("request", self._request)

    def _console(self, msg):
        if msg.type == "error":
            self.problems.append(f"console: {msg.text}")

    def _request(self, request):
        parts = urlsplit(request.url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin and parts.scheme != "data":
            self.problems.append(f"off-site request: {request.url}")

    def assert_clean(self):
        # A 4xx page on purpose logs "Failed to load resource"; everything else is a bug.
        real = [p for p in self.problems if "Failed to load resource" not in p]
        assert real == []


def wifi_gone(context, page, *, within_s=10):
    """Takes the tablet's network away and returns once its service worker has none either.

    Playwright's offline switch reaches the page and the worker one after the other; once, in
    CI, a navigation just after it went through the worker to the server and drew the pupil's
    page instead of the offline one. A tablet without Wi-Fi has no such moment, so the test
    waits until the worker's own fetch fails before it navigates."""
    context.set_offline(True)
    workers = context.service_workers
    assert workers, "no service worker to take the network from"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    probe = f"() => fetch({scope!r}, {{cache: 'no-store'}}).then(() => false, () => true)"
    deadline = time.monotonic() + within_s
    while not all(worker.evaluate(probe) for worker in workers):
        assert time.monotonic() < deadline, f"the service worker still reached the server {within_s} s on"
        time.sleep(0.05)


@pytest.fixture
def watch(page, live_server):
    return Watch(page, live_server.url)


@pytest.fixture
def known_deal(monkeypatch):
    """Bot games and class tables dealt from a fixed seed, so a board test is the same every
    run: a rare random deal (a Thief with five victims, four or more action cards with the
    blue-7 note) is a few lines taller than the screen (docs/pupils.md), and a test that fails
    one run in ten tells nothing."""
    import secrets
    from types import SimpleNamespace

    from trainer.web.classplay import views as classplay_views
    from trainer.web.games import pupil_views

    fixed = SimpleNamespace(randbelow=lambda n: 20261203 % n, token_urlsafe=secrets.token_urlsafe)
    monkeypatch.setattr(pupil_views, "secrets", fixed)
    monkeypatch.setattr(classplay_views, "secrets", fixed)
