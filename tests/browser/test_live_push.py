"""The live channel in Chromium (issue 36.1): two children at one table on two browser
contexts and the teacher's projector on a third. Each move shows on the other two without a
reload, carried by the channel (the other screens ask once per move, no 1 s poll); when the
channel's process restarts, and when a tablet is offline for 10 s, the pages fall back to the
version poll and come back to the channel by themselves, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.conftest import LiveServer
from browser.pupil_steps import log_in
from browser.waits import RequestLog, TablePolls, until
from push_helpers import Channel, free_port
from trainer.engine.solver import best_capture, solve
from trainer.engine.view import view_of
from trainer.push.server import Schools
from trainer.store import class_tables
from web_helpers import TEACHER_PASSWORD, Make, make_app

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben")
BACK = 25_000  # ms: the page's jittered reconnection waits 1-1.5 s, then 2-3 s, then 4-6 s ...


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    push_port = free_port()
    app = make_app(tmp_path_factory.mktemp("push") / "push.db", PUSH=push_port)
    server = LiveServer(app)
    server.start()
    # The pages are the app's own origin (issue 45: no other may read the stream across ports).
    app_port = int(server.url.rsplit(":", 1)[1])
    channel = Channel(
        Schools.one(app.config["DATABASE"], app.config["SECRET_KEY"]), port=push_port, app_port=app_port
    ).start()
    state = {"server": server, "channel": channel, "port": push_port, "app": app, "app_port": app_port}
    yield state
    state["channel"].stop()
    server.stop()


@pytest.fixture
def klass(site):
    db = site["server"].db()
    make = Make(db)
    teacher = make.teacher(email="push@school.example")
    class_id = make.klass(teacher, "Push class")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in NAMES}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "pupils": pupils, "code": code}


def _teacher_watches(page, server):
    page.goto(server.url + "/")
    page.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill("push@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Push class").first.click()
    page.get_by_role("link", name="Watch class play").click()
    expect(page.get_by_role("heading", name="Class play: Push class")).to_be_visible()


def _move(page, state, seat):
    view = view_of(state, seat)
    best = best_capture(solve(view.hand, view.table, view.target))
    for card in [best.play, *best.capture] if best else [view.hand[0]]:
        page.locator(f"#table label.card-pick:has(input[value='{card}'])").click()
    page.get_by_role("button", name="Take" if best else "Put down", exact=True).click()


def _live(page, how):
    expect(page.locator("html")).to_have_attribute("data-live", how, timeout=BACK)


def test_moves_reach_the_other_child_and_the_projector_by_push_and_survive_losing_it(browser, site, klass):
    server = site["server"]
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    errors = []
    for p in pages:
        p.on("pageerror", lambda err: errors.append(str(err)))
    kids = dict(zip(NAMES, pages))
    teacher = pages[2]
    for name, page in kids.items():
        log_in(page, server, {"code": klass["code"], "name": name})
        page.get_by_role("link", name="Play with classmates").click()
    _teacher_watches(teacher, server)
    kids["Ann"].get_by_label("How many players?").select_option("2")
    kids["Ann"].get_by_role("button", name="Open a table").click()
    # Ben's lobby and the projector learn of the new table from the channel.
    kids["Ben"].get_by_role("button", name="Join Ann").click()
    expect(teacher.get_by_text("waiting to start")).to_be_visible()
    kids["Ann"].get_by_role("button", name="Start the game").click()
    expect(teacher.get_by_text("playing", exact=True)).to_be_visible()

    db = server.db()
    table_id = class_tables.pupils_table(db, klass["pupils"]["Ann"])
    seat_page = {class_tables.seat_of(db, table_id, pid): kids[name] for name, pid in klass["pupils"].items()}
    counts = {seat: TablePolls(page) for seat, page in seat_page.items()}

    def one_move():
        """The child to act moves; the other child's board and the projector follow."""
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        seat = game.state.current_player
        _move(seat_page[seat], game.state, seat)
        for page in seat_page.values():
            expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
        expect(teacher.locator("#watch")).to_have_attribute(
            "hx-get", f"/classes/{klass['class_id']}/play/live?v={class_tables.class_signature(db, klass['class_id'])}"
        )
        return seat

    for page in pages:
        _live(page, "push")
    before = {seat: c.live for seat, c in counts.items()}
    for _ in range(3):
        one_move()
    # By push, each move costs the other board one request (its own move's answer is the new
    # table): three moves, at most three asks. No "I am here" either: the channel notes that a
    # child whose tablet holds the stream is present (trainer.store.live_presence).
    for seat, c in counts.items():
        assert c.live - before[seat] <= 3, (seat, c.live - before[seat])
    # No poll while live. The control: a second tab of a child at the same table whose stream
    # is blocked falls back to the poll; while it polls four times, the live boards ask nothing.
    quiet = {seat: c.live for seat, c in counts.items()}
    control = contexts[0].new_page()
    control.route("**/push/stream*", lambda route: route.abort())
    control_polls = TablePolls(control)
    control.goto(kids["Ann"].url)
    _live(control, "poll")
    until(control, lambda: control_polls.live >= 4, "the control tab's fourth poll")
    assert sum(c.live - quiet[s] for s, c in counts.items()) == 0
    control.close()

    # The channel's process goes (a restart): the pages fall back to the poll ...
    site["channel"].stop()
    for page in pages:
        _live(page, "poll")
    one_move()
    polled = {seat: c.live for seat, c in counts.items()}
    until(seat_page[0], lambda: all(c.live > polled[s] for s, c in counts.items()), "every board's poll")
    # ... and come back to it by themselves when it is back.
    site["channel"] = Channel(
        Schools.one(site["app"].config["DATABASE"], site["app"].config["SECRET_KEY"]),
        port=site["port"],
        app_port=site["app_port"],
    ).start()
    for page in pages:
        _live(page, "push")
    one_move()

    # A tablet offline for 10 s: it misses the move made meanwhile, and shows it when back.
    row = class_tables.get(db, table_id)
    mover = class_tables.load(row).state.current_player
    away = next(s for s in seat_page if s != mover)
    away_log = RequestLog(seat_page[away])
    contexts[NAMES.index(next(n for n, p in kids.items() if p is seat_page[away]))].set_offline(True)
    _live(seat_page[away], "poll")
    game = class_tables.load(row)
    _move(seat_page[mover], game.state, mover)
    expect(seat_page[mover].locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
    # Offline until its polls have failed a few times (a drop of some seconds): it could not
    # learn of the move meanwhile, and shows it once back.
    tried = away_log.mark()
    until(seat_page[away], lambda: away_log.count("failed", "/live", since=tried) >= 4, "polls failing offline")
    expect(seat_page[away].locator("#table")).to_have_attribute("data-version", str(row["version"]))
    contexts[NAMES.index(next(n for n, p in kids.items() if p is seat_page[away]))].set_offline(False)
    expect(seat_page[away].locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
    _live(seat_page[away], "push")
    one_move()
    db.close()
    assert errors == []
    for c in contexts:
        c.close()
