"""A page subscribes to what it shows (issue 46.1): children who come to their table from the
lobby by clicks (a boosted navigation that keeps the page's scripts) hold that table's stream,
not the lobby's class-wide one, so the channel notes them present; leaving the table for the
lobby changes the stream back."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from browser.conftest import LiveServer
from browser.pupil_steps import log_in
from push_helpers import Channel, free_port
from trainer.push.server import Schools
from trainer.store import class_tables
from web_helpers import Make, make_app

pytestmark = pytest.mark.browser

NAMES = ("Ada", "Bram")


@pytest.fixture
def site(tmp_path):
    push_port = free_port()
    app = make_app(tmp_path / "subscribe.db", PUSH=push_port)
    server = LiveServer(app)
    server.start()
    # The pages are the app's own origin: no other may read the stream (issue 45).
    channel = Channel(
        Schools.one(app.config["DATABASE"], app.config["SECRET_KEY"]),
        port=push_port,
        app_port=int(server.url.rsplit(":", 1)[1]),
    ).start()
    db = server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(email="sub@school.example"), "Sub class")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in NAMES}
    code = make.class_row(class_id)["join_code"]
    db.close()
    yield {"server": server, "channel": channel, "class_id": class_id, "pupils": pupils, "code": code}
    channel.stop()
    server.stop()


def streams(channel) -> set[tuple[str, int, int | None]]:
    """(kind, thing, pupil seated) of every stream the channel holds open now."""
    hub = channel.server.config.app.state.hub
    return {
        (sub.kind, sub.thing, sub.person) for state in list(hub.schools.values()) for sub in list(state.subscribers)
    }


def wait_for(check, what: str, within: float = 15.0):
    """Waits on the channel's own state (no fixed sleep): fails naming what never came."""
    end = time.monotonic() + within
    while not check():
        if time.monotonic() > end:
            raise AssertionError(what)
        time.sleep(0.05)


def test_a_child_from_the_lobby_holds_the_tables_stream_and_is_here(browser, site):
    server, channel = site["server"], site["channel"]
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in NAMES]
    kids = {name: c.new_page() for name, c in zip(NAMES, contexts)}
    for name, page in kids.items():
        log_in(page, server, {"code": site["code"], "name": name})
        page.get_by_role("link", name="Play with classmates").click()
        expect(page.locator("html")).to_have_attribute("data-live", "push")
    ada, bram = (site["pupils"][n] for n in NAMES)
    wait_for(lambda: {("class", site["class_id"], None)} == streams(channel), "both lobbies on the class stream")

    kids["Ada"].get_by_label("How many players?").select_option("2")
    kids["Ada"].get_by_role("button", name="Open a table").click()
    kids["Bram"].get_by_role("button", name="Join Ada").click()
    kids["Ada"].get_by_role("button", name="Start the game").click()
    db = server.db()
    table_id = class_tables.pupils_table(db, ada)
    for page in kids.values():
        expect(page.locator("#table")).to_be_visible()
    # Both boards show the table as it is: compared with the table as it is at each look (on a
    # loaded machine the helper may have played a turn meanwhile, a version more).
    wait_for(
        lambda: (
            {p.locator("#table").get_attribute("data-version") for p in kids.values()}
            == {str(class_tables.get(db, table_id)["version"])}
        ),
        "both boards at the table's version",
    )
    # Both came by clicks from the lobby: each tablet now holds its table's stream and no other.
    wait_for(
        lambda: streams(channel) == {("table", table_id, ada), ("table", table_id, bram)},
        f"the table's streams, not {streams(channel)}",
    )
    # ... so the channel notes them here (a presence write within PRESENCE_SOONEST of connecting).
    before = {s: v["seen_at"] for s, v in class_tables.seats_of(db, table_id).items()}
    wait_for(
        lambda: all(v["seen_at"] > before[s] for s, v in class_tables.seats_of(db, table_id).items()),
        "the channel noted both children present",
    )

    # A change of page changes the stream: back to the lobby, the class's again.
    kids["Bram"].locator(".site-nav").get_by_role("link", name="My page").click()
    kids["Bram"].get_by_role("link", name="Play with classmates").click()
    wait_for(
        lambda: streams(channel) == {("table", table_id, ada), ("class", site["class_id"], None)},
        f"Bram's lobby stream, not {streams(channel)}",
    )
    db.close()
    for c in contexts:
        c.close()
