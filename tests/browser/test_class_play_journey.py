"""Class play at its seams, as a class uses it (issue 46, its "Done when"), every tablet on push
alone: the fallback poll is switched off in each browser (window.tweakPollOff, read by
static/js/push.js), so the live channel must carry everything. The teacher starts a tournament
from the Class play page by clicks and puts the class on the projector; Ada waits in the lobby,
Bram on "My page", Cem comes 60 s late, Dirk never comes. Nobody moves for 30 s while Ada, Bram
and Cem sit at their tablets: no helper turn, all "here". Dirk's turns are played once
ARRIVE_WITHIN has passed, and the table finishes. Bram goes offline for 40 s and, back, sees how
the round went. Every screen shows the same points. Ada logs out: her ticket opens no stream
and the projector says "gone" within 20 s.

The server's clock (the web app's school_day.now and the channel's hub) is moved, a few seconds
at a time, never waited for; the test waits on events (a version shown, a presence written).
Moves are made by the children's tablets' own request path (play_tables.play), and the time until
every other tablet and the projector show them is measured (docs/class-play.md)."""

from __future__ import annotations

import re
import statistics
import time

import pytest
import requests
from playwright.sync_api import expect

from browser.conftest import LiveServer
from browser.pupil_steps import log_in
from push_helpers import Channel, free_port
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.play.presence import ARRIVE_WITHIN, AWAY_AFTER
from trainer.push import hub as hubs
from trainer.push.server import Schools
from trainer.store import class_tables, tournaments
from trainer.web.core import school_day
from web_helpers import TEACHER_PASSWORD, Make, make_app

pytestmark = pytest.mark.browser

KIDS = ("Ada", "Bram", "Cem", "Dirk")
SIZES = {"Ada": (1024, 768), "Bram": (768, 1024), "Cem": (390, 844)}
CALL = "The class tournament has started! Go to your table"
STEP = 5.0  # seconds the clock moves at a time: well inside AWAY_AFTER - PRESENCE_EVERY
SEEN_MS = 15_000  # a generous bound for a shared, busy test machine


class Clock:
    """The server's clock: the real one plus what the test moved it by."""

    def __init__(self):
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture
def site(tmp_path, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(school_day, "now", clock)
    push_port = free_port()
    app = make_app(tmp_path / "journey.db", PUSH=push_port)
    server = LiveServer(app)
    server.start()
    # The pages are the app's own origin: no other may read the stream (issue 45).
    channel = Channel(
        Schools.one(app.config["DATABASE"], app.config["SECRET_KEY"]),
        port=push_port,
        app_port=int(server.url.rsplit(":", 1)[1]),
    ).start()
    channel.server.config.app.state.hub.clock = clock
    db = server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(email="journey@school.example"), "Journey class")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in KIDS}
    code = make.class_row(class_id)["join_code"]
    yield {
        "server": server,
        "channel": channel,
        "clock": clock,
        "db": db,
        "class_id": class_id,
        "pupils": pupils,
        "code": code,
    }
    db.close()
    channel.stop()
    server.stop()


def _context(browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script("window.tweakPollOff = true;")
    return context


def _wait(check, what, within=20.0):
    end = time.monotonic() + within
    while not check():
        if time.monotonic() > end:
            raise AssertionError(what)
        time.sleep(0.05)


def _seen(db, table_id):
    return {s["pupil_id"]: s["seen_at"] for s in class_tables.seats_of(db, table_id).values()}


def _advance(site, table_id, present, seconds):
    """The clock moves STEP at a time; after each step the channel has noted the children whose
    tablets hold the table's stream (its presence write), so nobody present looks away."""
    for _ in range(int(seconds / STEP)):
        site["clock"].offset += STEP
        target = site["clock"]() - STEP
        _wait(
            lambda target=target: all((_seen(site["db"], table_id)[p] or 0) >= target for p in present),
            f"presence noted for {present}",
        )


def _version(db, table_id):
    return class_tables.get(db, table_id)["version"]


def _pick(game, _seat):
    """A capture when there is one: the round moves on, points are won."""
    moves = legal_moves(game.state)
    return next((m for m in moves if isinstance(m, Play) and m.capture), moves[0])


def test_a_class_tournament_with_every_tablet_on_push_alone(browser, site):
    server, db, clock, ids = site["server"], site["db"], site["clock"], site["pupils"]
    kids = {}
    for name in ("Ada", "Bram"):
        kids[name] = _context(browser, SIZES[name]).new_page()
        log_in(kids[name], server, {"code": site["code"], "name": name})
    kids["Ada"].get_by_role("link", name="Play with classmates").click()
    expect(kids["Ada"].locator("html")).to_have_attribute("data-live", "push")
    expect(kids["Bram"].locator("html")).to_have_attribute("data-live", "push")  # My page listens

    teacher = _context(browser, (1280, 800)).new_page()
    teacher.goto(server.url + "/")
    teacher.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    teacher.get_by_label("E-mail address").fill("journey@school.example")
    teacher.get_by_label("Password").fill(TEACHER_PASSWORD)
    teacher.get_by_role("button", name="Log in").click()
    teacher.get_by_role("link", name="Journey class").first.click()
    teacher.get_by_role("link", name="Watch class play").click()
    for name in ("Cem", "Dirk"):  # not logged in yet: the teacher ticks them
        teacher.get_by_role("checkbox", name=name, exact=True).check()
    teacher.get_by_role("button", name="Start the tournament").click()
    expect(teacher.get_by_text("Standings so far")).to_be_visible()
    start = clock()
    teacher.get_by_role("link", name="Show on the projector").click()
    projector = teacher
    expect(projector.locator("html")).to_have_attribute("data-live", "push")

    # The call reaches the lobby and "My page" by the channel alone; each child taps it.
    for name in ("Ada", "Bram"):
        kids[name].get_by_role("link", name=CALL).click()
        expect(kids[name].locator("#table")).to_be_visible()
    tid = tournaments.latest(db, site["class_id"])["id"]
    table_id = tournaments.table_ids(db, tid)[0]
    seat = {pid: class_tables.seat_of(db, table_id, pid) for pid in ids.values()}
    _wait(
        lambda: all(_seen(db, table_id)[ids[n]] is not None for n in ("Ada", "Bram")),
        "Ada and Bram, who came through the lobby and My page, are here",
    )
    ada_ticket = re.sub(
        r"^.*?/push/stream",
        site["channel"].url + "/push/stream",
        kids["Ada"].locator("#table").get_attribute("data-push"),
    )

    # Cem comes 60 s late.
    _advance(site, table_id, [ids["Ada"], ids["Bram"]], 60)
    kids["Cem"] = _context(browser, SIZES["Cem"]).new_page()
    log_in(kids["Cem"], server, {"code": site["code"], "name": "Cem"})
    kids["Cem"].get_by_role("link", name=CALL).click()
    expect(kids["Cem"].locator("#table")).to_be_visible()
    present = [ids[n] for n in ("Ada", "Bram", "Cem")]
    _wait(lambda: _seen(db, table_id)[ids["Cem"]] is not None, "Cem is here")

    # Nobody moves for 30 s: no helper turn, and the projector has Ada, Bram and Cem here.
    version = _version(db, table_id)
    _advance(site, table_id, present, 30)
    assert class_tables.helped_of(class_tables.get(db, table_id)) == []
    assert _version(db, table_id) == version
    for name in ("Ada", "Bram", "Cem"):
        expect(projector.locator(f'.pj-here [data-pupil="{ids[name]}"]')).to_have_class(re.compile("pj-here--here"))
    expect(projector.locator(f'.pj-here [data-pupil="{ids["Dirk"]}"]')).to_have_class(re.compile("pj-here--not-yet"))

    # Past ARRIVE_WITHIN, Dirk's turns are the helper's; the others play. Bram's tablet goes
    # offline for 40 s along the way, and the helper plays his turns once he is away.
    _advance(site, table_id, present, ARRIVE_WITHIN - STEP - (clock() - start))
    assert class_tables.helped_of(class_tables.get(db, table_id)) == []  # not before ARRIVE_WITHIN
    _advance(site, table_id, present, 2 * STEP)
    latencies = {"tablets": [], "projector": []}
    bram_context = kids["Bram"].context
    offline_at = None
    moves = 0
    for _ in range(400):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            break
        to_act = next(p for p, s in seat.items() if s == game.to_act)
        if to_act == ids["Dirk"] or (offline_at is not None and to_act == ids["Bram"]):
            # Nobody taps for the away child: the channel's nudge has the helper play.
            _wait(lambda row=row: _version(db, table_id) > row["version"], "the helper played (the table never stalls)")
            continue
        before = projector.locator("#projector").get_attribute("hx-get")
        play_tables.play(db, table_id, to_act, row["version"], f"j{row['version']}", _pick, clock())
        moved = time.monotonic()
        watching = [n for n in ("Ada", "Bram", "Cem") if ids[n] != to_act and not (n == "Bram" and offline_at)]
        for name in watching:
            expect(kids[name].locator("#table")).not_to_have_attribute(
                "data-version", str(row["version"]), timeout=SEEN_MS
            )
            latencies["tablets"].append(time.monotonic() - moved)
        expect(projector.locator("#projector")).not_to_have_attribute("hx-get", before, timeout=SEEN_MS)
        latencies["projector"].append(time.monotonic() - moved)
        moves += 1
        if moves == 6 and offline_at is None:
            bram_context.set_offline(True)
            offline_at = clock()
            present = [ids["Ada"], ids["Cem"]]
            _advance(site, table_id, present, AWAY_AFTER + STEP)
    else:
        raise AssertionError("the round did not end")
    assert offline_at is not None
    # The table is finished (no stream notes anyone any more): the rest of Bram's 40 s passes.
    clock.offset += max(0.0, 40 - (clock() - offline_at))
    bram_context.set_offline(False)
    row = class_tables.get(db, table_id)
    helped = {(s, why) for _r, _st, s, why in class_tables.helped_of(row)}
    assert (seat[ids["Dirk"]], "away") in helped and (seat[ids["Bram"]], "away") in helped

    # Back, Bram sees how the round he missed ended; every screen shows the same points.
    standings = {r["pupil_id"]: r["points"] for r in tournaments.standings(db, tid)}
    for name in ("Ada", "Bram", "Cem"):
        result = kids[name].locator(".result-points")
        expect(result).to_have_text(re.compile(rf"You got {standings[ids[name]]} points?\."), timeout=SEEN_MS)
    game = class_tables.load(row)
    if game.state.scores()[seat[ids["Bram"]]] > standings[ids["Bram"]]:
        expect(kids["Bram"].locator(".result .helper-note")).to_be_visible()  # what the helper won, apart
    boxes = projector.locator(".pj .seat")
    expect(boxes).to_have_count(4)
    for pid, points in standings.items():
        expect(projector.locator(f'.seat[data-seat="{seat[pid]}"] .seat-score-num')).to_have_text(str(points))

    # Ada logs out: her ticket opens no stream, and the projector says "gone" within 20 s.
    kids["Ada"].get_by_role("button", name="Log out Ada").click()
    _wait(
        lambda: db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id = ?", [ids["Ada"]]).fetchone()[0] == 0,
        "Ada's logout reached the server",
    )
    assert requests.get(ada_ticket, stream=True, timeout=10).status_code == 403
    hub = site["channel"].server.config.app.state.hub
    _wait(
        lambda: not any(sub.person == ids["Ada"] for s in list(hub.schools.values()) for sub in list(s.subscribers)),
        "Ada's streams ended",
        within=3 * hubs.RECHECK_EVERY,
    )
    expect(projector.locator(f'.pj-here [data-pupil="{ids["Ada"]}"]')).to_have_class(
        re.compile("pj-here--gone"), timeout=20_000
    )

    for kind, seen in latencies.items():
        cuts = statistics.quantiles(seen, n=20)
        print(
            f"move -> seen on {kind}: n={len(seen)} p50={statistics.median(seen) * 1000:.0f} ms"
            f" p95={cuts[18] * 1000:.0f} ms"
        )
