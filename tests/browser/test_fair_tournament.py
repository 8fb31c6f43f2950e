"""A fair class tournament in Chromium (issue 39.1 and 39.2, its "Done when"): three children,
the teacher starts from the Class play page; Ann's home page was open before Start, Cat opens
the app 40 s after Start. The server's clock is moved (trainer.web.core.school_day.now, an
injected offset), so nobody waits 40 s: no helper turn before Cat arrives; Cat closes her
tablet for 30 s and the helper's turns for her are marked in the story; back, she is told;
the standings and the certificates leave the helper's turns out. Every player box shows a
name at 1024×768, 768×1024 and 390×844. Screenshots: docs/screens/fair-*.png."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in
from browser.screens import SCREENS
from browser.waits import TablePolls, until
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.games.fair import own_results
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from trainer.web.core import school_day
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

KIDS = ("Ann", "Ben", "Cat")
SIZES = ((1024, 768), (768, 1024), (390, 844))
CALL = "The class tournament has started! Go to your table"


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    email = f"fair{number}@school.example"
    class_id = make.klass(make.teacher(email=email), f"Fair class {number}")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in KIDS}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "pupils": pupils, "code": code, "email": email, "name": f"Fair class {number}"}


@pytest.fixture
def server_clock(monkeypatch):
    """The server's clock, moved forward by the test instead of waiting."""
    offset = [0.0]
    monkeypatch.setattr(school_day, "now", lambda: time.time() + offset[0])
    return offset


def _here(live_server, table_id, pupil_ids):
    """What Ann's and Ben's open boards' polls do each second, done in step with the moved
    clock (on two shared cores a real poll can lag several of the test's fast seconds)."""
    db = live_server.db()
    try:
        for pupil_id in pupil_ids:
            play_tables.tick(db, table_id, pupil_id, school_day.now())
    finally:
        db.close()


def _advance(live_server, table_id, present, server_clock, seconds):
    """Time passes faster, a second at a time, with the children present seen."""
    for _ in range(int(seconds)):
        server_clock[0] += 1
        _here(live_server, table_id, present)
        time.sleep(0.1)


def _teacher_starts(browser, live_server, klass):
    teacher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    teacher.goto(live_server.url + "/")
    teacher.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    teacher.get_by_label("E-mail address").fill(klass["email"])
    teacher.get_by_label("Password").fill(TEACHER_PASSWORD)
    teacher.get_by_role("button", name="Log in").click()
    teacher.get_by_role("link", name=klass["name"]).first.click()
    teacher.get_by_role("link", name="Watch class play").click()
    teacher.get_by_role("checkbox", name="Cat", exact=True).check()  # not logged in yet
    teacher.get_by_role("button", name="Start the tournament").click()
    expect(teacher.get_by_text("Standings so far")).to_be_visible()
    return teacher


def _table(live_server, klass):
    db = live_server.db()
    try:
        tid = tournaments.running(db, klass["class_id"])["id"]
        return tournaments.table_ids(db, tid)[0]
    finally:
        db.close()


def _state(live_server, table_id):
    db = live_server.db()
    try:
        row = class_tables.get(db, table_id)
        return row, class_tables.load(row), class_tables.seats_of(db, table_id)
    finally:
        db.close()


def _capture_first(game, _seat):
    moves = legal_moves(game.state)
    return next((m for m in moves if isinstance(m, Play) and m.capture), moves[0])


def _others_play_until(live_server, table_id, seat_of_cat, server_clock, done, present):
    """Ann and Ben move (as their boards would) until `done(row, game)`; Cat's turns are left
    to what the boards' polls make of them. Each step moves the clock one second."""
    for _ in range(400):
        row, game, seats = _state(live_server, table_id)
        if done(row, game):
            return row, game
        server_clock[0] += 1
        _here(live_server, table_id, present)  # may let the helper play
        row, game, seats = _state(live_server, table_id)
        if done(row, game):
            return row, game
        if game.to_act is not None and game.to_act != seat_of_cat and row["status"] == "playing":
            db = live_server.db()
            try:
                play_tables.play(
                    db,
                    table_id,
                    seats[game.to_act]["pupil_id"],
                    row["version"],
                    f"t{row['version']}",
                    _capture_first,
                    now=school_day.now(),
                )
            except class_tables.Stale:
                pass
            finally:
                db.close()
        else:
            time.sleep(0.25)  # a poll (every second) lets the helper play
    raise AssertionError("the table did not get there")


NAMES_SHOWN = """() => [...document.querySelectorAll('.seats .seat')].map(box => {
  const name = box.querySelector('.seat-name strong');
  const r = name ? name.getBoundingClientRect() : {width: 0, height: 0, left: -1, right: 0};
  const style = name ? getComputedStyle(name) : null;
  return [name ? name.innerText : '', r.width, r.height, r.left >= 0 && r.right <= innerWidth,
          !!style && style.visibility !== 'hidden' && style.clip === 'auto' && r.width > 1];
})"""


def _every_box_has_a_name(page, names):
    """Read in one go (a poll may swap the board between two reads)."""
    own = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        boxes = page.evaluate(NAMES_SHOWN)
        assert len(boxes) == len(names), (width, height, boxes)
        for text, w, h, inside, visible in boxes:
            assert text in names and visible and inside and w >= 20 and h >= 8, (width, height, boxes)
    page.set_viewport_size(own)


def test_a_slow_child_is_waited_for_helped_when_away_and_told_when_back(browser, live_server, klass, server_clock):
    kids = {}
    for name, size in (("Ann", (1024, 768)), ("Ben", (390, 844))):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        kids[name] = context.new_page()
        log_in(kids[name], live_server, {"code": klass["code"], "name": name})
    watch = Watch(kids["Ann"], live_server.url)
    teacher = _teacher_starts(browser, live_server, klass)
    table_id = _table(live_server, klass)
    row, game, seats = _state(live_server, table_id)
    cat_seat = next(s for s, v in seats.items() if v["pupil_id"] == klass["pupils"]["Cat"])

    # Ann's home page was open before Start: her next tap brings the call to her table.
    ann = kids["Ann"]
    ann.get_by_role("link", name="Play with classmates").click()
    ann.get_by_role("link", name=CALL).click()
    expect(ann.locator("#table .seats")).to_be_visible()
    ben = kids["Ben"]
    ben.reload()
    ben.get_by_role("link", name=CALL).click()
    expect(ben.locator("#table .seats")).to_be_visible()

    # 40 s pass; Ann and Ben play until Cat must: nobody plays for Cat, her seat waits for her.
    present = [klass["pupils"]["Ann"], klass["pupils"]["Ben"]]
    _advance(live_server, table_id, present, server_clock, 40)
    row, game = _others_play_until(
        live_server, table_id, cat_seat, server_clock, lambda r, g: g.to_act == cat_seat, present
    )
    # Each board's poll is a chance for the helper to play (play_tables.tick): two more each, and
    # still nothing is played for her.
    polls = {name: TablePolls(kids[name], "requestfinished") for name in ("Ann", "Ben")}
    until(ann, lambda: all(p.live >= 2 for p in polls.values()), "two polls of each board")
    row, game, _ = _state(live_server, table_id)
    assert class_tables.helped_of(row) == [] and game.to_act == cat_seat
    expect(ann.locator(f'.seat[data-seat="{cat_seat}"]')).to_contain_text("not here yet")
    ann.screenshot(path=str(SCREENS / "fair-not-here-yet-1024x768.png"))

    # Cat opens the app 40 s after Start: one big button to her table.
    cat_context = browser.new_context(viewport={"width": 1024, "height": 768})
    cat = cat_context.new_page()
    log_in(cat, live_server, {"code": klass["code"], "name": "Cat"})
    cat.screenshot(path=str(SCREENS / "fair-call-home-1024x768.png"))
    cat.get_by_role("link", name=CALL).click()
    expect(cat.get_by_text("Your turn!").first).to_be_visible()
    _every_box_has_a_name(cat, KIDS)
    _every_box_has_a_name(ben, KIDS)
    ben.screenshot(path=str(SCREENS / "fair-names-390x844.png"))
    assert class_tables.helped_of(_state(live_server, table_id)[0]) == []

    # Cat closes her tablet for 30 s: the others' boards let the helper play her turns.
    cat_context.close()
    _advance(live_server, table_id, present, server_clock, 30)
    row, game = _others_play_until(
        live_server,
        table_id,
        cat_seat,
        server_clock,
        lambda r, g: g.state.over or any(h[2] == cat_seat for h in class_tables.helped_of(r)) and g.to_act != cat_seat,
        present,
    )
    assert not game.state.over  # her pending turn comes first: the round goes on
    helped = class_tables.helped_of(row)
    assert helped and {h[3] for h in helped} == {"away"} and {h[2] for h in helped} == {cat_seat}
    expect(ann.locator(".news .badge--helper").first).to_be_visible(timeout=5_000)
    ann.screenshot(path=str(SCREENS / "fair-helper-marked-1024x768.png"))
    helper_plays = sum(isinstance(game.state.log[h[1]][1], Play) for h in helped)

    # Back: Cat is told in a few words.
    cat = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(cat, live_server, {"code": klass["code"], "name": "Cat"})
    cat.get_by_role("link", name=CALL).click()
    told = (
        f"The helper played {helper_plays} turn for you."
        if helper_plays == 1
        else f"The helper played {helper_plays} turns for you."
    )
    expect(cat.get_by_text(told)).to_be_visible()
    cat.screenshot(path=str(SCREENS / "fair-told-390x844.png"))
    # Nothing that the helper made is shown as Cat's own TWEAK.
    expect(cat.get_by_text("You won this action card")).to_have_count(0)

    # The round is played out (Cat plays her own turns now); the standings leave the helper out.
    db = live_server.db()
    try:
        for _ in range(400):
            row = class_tables.get(db, table_id)
            if row["status"] != "playing":
                break
            game = class_tables.load(row)
            pupil = class_tables.seats_of(db, table_id)[game.to_act]["pupil_id"]
            server_clock[0] += 1
            play_tables.play(
                db, table_id, pupil, row["version"], f"e{row['version']}", _capture_first, now=school_day.now()
            )
        row = class_tables.get(db, table_id)
        final = class_tables.load(row).state
        own, _tweaks = own_results(class_tables.rounds_of(db, table_id)[0], 0, class_tables.helped_of(row))
        standings = {r["name"]: r for r in tournaments.standings(db, tournaments.latest(db, klass["class_id"])["id"])}
    finally:
        db.close()
    assert standings["Cat"]["points"] == own[cat_seat] <= final.scores()[cat_seat]
    expect(teacher.locator(".cp-standings-table")).to_contain_text("Cat", timeout=10_000)
    cat_row = teacher.locator(".cp-standings-table tr", has_text="Cat")
    expect(cat_row.locator("td").nth(1)).to_have_text(str(own[cat_seat]))
    teacher.get_by_role("link", name="Print certificates").click()
    winners = {name for name, r in standings.items() if r["points"] == max(x["points"] for x in standings.values())}
    for name in KIDS:
        named = teacher.locator(".certificate-name").get_by_text(name, exact=True)
        expect(teacher.locator("article.certificate", has_text="won at table").filter(has=named)).to_have_count(
            1 if name in winners else 0
        )
    watch.assert_clean()
