"""The projector made for a wall (issue 39.3), in Chromium at 1920×1080: the teacher clicks from
the first page to the class, "Watch class play", "Show on the projector". With 1, 4 and 8
tournament tables the wall has no site navigation, does not scroll, each table takes its share
of the screen with large numbers and names; one table finished is cheered ("won the match")
and a child logging out is shown as gone, without Refresh.

Saves docs/screens/classplay-projector-{1,4,8}-tables-1920x1080.png for docs/class-play.md."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in
from browser.screen_fit import SCREENS, inside
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

WALL = {"width": 1920, "height": 1080}
NAMES = (
    "Anna",
    "Ben",
    "Cato",
    "Dani",
    "Eva",
    "Finn",
    "Gus",
    "Hana",
    "Ida",
    "Jon",
    "Kai",
    "Lena",
    "Mo",
    "Nora",
    "Omar",
    "Pia",
    "Quin",
    "Rosa",
    "Sam",
    "Tess",
    "Uma",
    "Vic",
    "Wim",
    "Xena",
    "Yara",
    "Zoe",
    "Amir",
    "Bea",
    "Cleo",
    "Dirk",
    "Elif",
    "Femke",
)


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    email = f"wall{number}@school.example"
    class_id = make.klass(make.teacher(email=email), f"Wall {number}")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "email": email, "name": f"Wall {number}", "code": code}


def tournament(live_server, klass, tables: int, length="round") -> list[int]:
    """A tournament of `tables` tables of four, started as the teacher's Start does."""
    db = live_server.db()
    make = Make(db)
    seating = [
        [make.pupil(klass["class_id"], NAMES[4 * t + n], password="sun,tree,boat") for n in range(4)]
        for t in range(tables)
    ]
    tournaments.start(db, klass["class_id"], seating, play_tables.tournament_games(seating, length, 7), time.time())
    ids = tournaments.table_ids(db, tournaments.latest(db, klass["class_id"])["id"])
    db.close()
    return ids


def to_the_wall(page, live_server, klass):
    page.set_viewport_size(WALL)
    page.goto(live_server.url + "/")
    page.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(klass["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=klass["name"], exact=True).first.click()
    page.get_by_role("link", name="Watch class play").click()
    page.get_by_role("link", name="Show on the projector").click()
    expect(page.locator("#projector")).to_be_visible()


def measure(page, tables: int):
    expect(page.locator(".pj .cp-watch-table")).to_have_count(tables)
    page.screenshot(path=str(SCREENS / f"classplay-projector-{tables}-tables-1920x1080.png"))
    assert page.locator(".site-header").count() == 0
    tall, inner = page.evaluate("[document.scrollingElement.scrollHeight, innerHeight]")
    assert tall <= inner, f"{tables} tables are {tall} px tall on a 1920×1080 projector"
    inside(page, ".pj .cp-watch-table", "each table", (1920, 1080))
    assert page.locator(".pj .hand-cards").count() == 0  # never a hand (R9)
    # Every player's name whole inside their table, and everyone on the side inside the wall.
    cut = page.evaluate("""() => [...document.querySelectorAll('.pj .cp-watch-table')].flatMap(t => {
        const box = t.getBoundingClientRect();
        return [...t.querySelectorAll('.seat-name strong')].filter(n => {
          const r = n.getBoundingClientRect();
          return r.bottom > box.bottom + .5 || r.right > box.right + .5 || n.scrollWidth > n.clientWidth; })
          .map(n => n.textContent); })""")
    assert not cut, f"names cut off with {tables} tables: {cut}"
    inside(page, ".pj-side li, .pj-side tr", "the standings and who is here", (1920, 1080))
    # Each table takes its share of the wall: 1 table most of it, 8 an eighth of it.
    box = page.locator(".pj .cp-watch-table").first.bounding_box()
    share = box["width"] * box["height"] / (1920 * 1080)
    number = page.locator(".pj .target-card").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    name = page.locator(".pj .seat-name").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    return share, number, name


@pytest.mark.parametrize("tables", [1, 4, 8])
def test_the_wall_fills_the_screen_with_one_four_or_eight_tables(page, live_server, klass, tables):
    tournament(live_server, klass, tables)
    watch = Watch(page, live_server.url)
    to_the_wall(page, live_server, klass)
    share, number, name = measure(page, tables)
    low = {1: 0.55, 4: 0.14, 8: 0.07}[tables]
    assert share >= low, f"one of {tables} tables covers {share:.0%} of the wall"
    assert number >= {1: 60, 4: 40, 8: 40}[tables], f"the magic number is {number} px with {tables} tables"
    assert name >= 20, f"the players' names are {name} px with {tables} tables"
    expect(page.get_by_role("heading", name="Standings so far")).to_be_visible()
    watch.assert_clean()


def test_a_match_won_and_a_child_gone_show_without_refresh(browser, page, live_server, klass):
    (table_id,) = tournament(live_server, klass, 1, length="short")
    child = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    log_in(child, live_server, {"code": klass["code"], "name": "Anna"})
    to_the_wall(page, live_server, klass)
    anna = page.locator(".pj-here li", has_text="Anna")
    expect(anna).to_contain_text("here")
    child.get_by_role("button", name="Log out Anna").click()
    expect(anna).to_contain_text("gone")
    db = live_server.db()
    while class_tables.get(db, table_id)["status"] == "playing":
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        seat = 0 if game.state.over else game.to_act
        pupil = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
        play_tables.play(
            db,
            table_id,
            pupil,
            row["version"],
            "next-round" if game.state.over else f"m{row['version']}",
            lambda g, s: legal_moves(g.state)[0],
            now=5.0,
        )
    game = class_tables.load(class_tables.get(db, table_id))
    winner = class_tables.seats_of(db, table_id)[game.winner]["name"]
    db.close()
    expect(page.locator(".pj-win")).to_have_text(f"Table 1: {winner} won the match!")
    expect(page.get_by_role("heading", name="Standings", exact=True)).to_be_visible()
    page.screenshot(path="/tmp/pj/won.png")
    child.context.close()
