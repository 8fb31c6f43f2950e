"""A class table is the children's board (issues 15.7 and 16), played as children play it:
two classmates reach the table by clicking from the first page, open a table of 4 seats (the
two free seats go to bots) and play the round. After every move, on both children's screens,
at 1024×768, 768×1024, 390×844 and a phone held sideways, 844×390 (issue 48.4): the magic
number, the table's cards, the hand and (for the child whose turn it is) Take and Put down are
inside the screen and the page does not scroll.
One child plays by the letter keys (hand X–Z, table A–L, Enter takes, Backspace starts
again). A table of 6 seats fits the same sizes. The projector shows 8 tables on 1920×1080.

Saves docs/screens/classplay-*.png for docs/class-play.md."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import log_in
from browser.screen_fit import PUPIL_SIZES, SCREENS, check_fit, inside
from trainer.engine.solver import best_capture, solve
from trainer.play import tables as play_tables
from trainer.store import class_tables, pupil_rewards
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

SIZES = PUPIL_SIZES
SHOT_SIZES = ((1024, 768), (390, 844))
BOARD = (
    ("#target-heading .target-card", "the magic number"),
    (".table-cards", "the table"),
    (".hand-cards", "the hand"),
)
DECIDING = BOARD + (("[data-take]", "Take"), ("button[value=lay]", "Put down"))
KIDS = ("Ida", "Jon")


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    # One live server for every browser test: each test its own teacher and class.
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    email, class_name = f"cpboard{number}@school.example", f"Board table class {number}"
    teacher = make.teacher(email=email)
    class_id = make.klass(teacher, class_name)
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in KIDS}
    for pid, key in zip(pupils.values(), ("cat", "dragon")):
        pupil_rewards.set_avatar(db, pid, key)
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "pupils": pupils, "code": code, "email": email, "name": class_name}


def fits(page, screen, must_see, shot=None):
    check_fit(page, screen, must_see, SIZES, f"classplay-{shot}" if shot else None, SHOT_SIZES)


def to_the_lobby(page, live_server, klass, name):
    log_in(page, live_server, {"code": klass["code"], "name": name})
    page.get_by_role("link", name="Play with classmates").click()
    expect(page.get_by_role("heading", name="Play with classmates")).to_be_visible()


def open_and_start(pages, seats):
    first, second = pages
    first.get_by_label("How many players?").select_option(str(seats))
    first.get_by_label("Who plays in empty seats?").select_option(index=1)
    first.get_by_role("button", name="Open a table").click()
    second.get_by_role("button", name=f"Join {KIDS[0]}").click()
    expect(first.locator(".cp-names")).to_contain_text(KIDS[1])
    first.get_by_role("button", name="Start the game").click()
    for page in pages:
        expect(page.locator("#target-heading")).to_be_visible()


def the_move(page):
    """The best capture there is (hand card first), or the first hand card to put down."""
    hand = [b.get_attribute("data-pick-card") for b in page.locator(".hand-cards [data-pick-card]").all()]
    table = [b.get_attribute("data-pick-card") for b in page.locator(".table-cards [data-pick-card]").all()]
    target = int(page.locator("#target-heading").get_attribute("data-target"))
    capture = best_capture(solve(hand, table, target))
    return ([capture.play, *capture.capture] if capture else [hand[0]]), bool(capture)


def play(page, by_keys):
    if page.locator(".discard").count():
        page.locator(".discard button").first.click()
        return
    cards, take = the_move(page)
    for card in cards:
        label = page.locator(f'#table [data-pick-card="{card}"]')
        if by_keys:
            page.locator("body").press(label.get_attribute("data-key").lower())
        else:
            label.click()
        expect(label.locator("input")).to_be_checked()
    if by_keys:
        # Backspace starts again, and the keys choose the same cards again.
        page.keyboard.press("Backspace")
        expect(page.locator("#table .card-pick input:checked")).to_have_count(0)
        for card in cards:
            page.locator("body").press(
                page.locator(f'#table [data-pick-card="{card}"]').get_attribute("data-key").lower()
            )
        expect(page.locator("#table .card-pick input:checked")).to_have_count(len(cards))
    if take:
        if by_keys:
            page.locator("body").press("Enter")
        else:
            page.locator("[data-take]").click()
    else:
        page.locator("button[value=lay]").click()


def test_a_class_table_of_four_fits_every_screen_after_every_move_and_the_keys_work(
    browser, live_server, klass, known_deal
):
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce") for _ in KIDS]
    pages = [c.new_page() for c in contexts]
    for name, page in zip(KIDS, pages):
        to_the_lobby(page, live_server, klass, name)
    open_and_start(pages, 4)
    expect(pages[0].locator(".seat")).to_have_count(4)

    db = live_server.db()
    table_id = class_tables.pupils_table(db, klass["pupils"][KIDS[0]])
    seat_page = {class_tables.seat_of(db, table_id, klass["pupils"][n]): p for n, p in zip(KIDS, pages)}
    moves, shots = 0, {"turn", "wait"}
    while True:
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        for page in pages:
            expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"]))
        if game.state.over:
            break
        mover = seat_page[game.state.current_player]
        waiting = next(p for p in pages if p is not mover)
        expect(mover.locator("#table[data-decision]")).to_be_visible()
        if mover.locator(".discard").count():
            fits(mover, f"move {moves + 1} (a Bomb)", BOARD[:2] + ((".discard", "the hand to give a card from"),))
        else:
            fits(
                mover, f"move {moves + 1}", DECIDING, shot="turn" if moves >= 2 and shots and "turn" in shots else None
            )
        shots.discard("turn") if moves >= 2 else None
        expect(waiting.locator(".turn-line--other")).to_contain_text("is playing.")
        fits(waiting, f"waiting at move {moves + 1}", BOARD, shot="wait" if moves >= 2 and "wait" in shots else None)
        shots.discard("wait") if moves >= 2 else None
        play(mover, by_keys=mover is pages[1])
        expect(mover.locator(f'#table[data-version="{row["version"]}"]')).to_have_count(0)
        moves += 1
    assert moves >= 4

    for page in pages:
        result = page.locator("#round-over-title")
        expect(result).to_be_visible()
        # The result first, then the points.
        assert result.bounding_box()["y"] < page.locator("#round-scores").bounding_box()["y"]
    fits(
        pages[0],
        "the end of the round",
        (("#round-over-title", "the result"), (".round-next .big", "Play again"), ("#round-scores", "the points")),
        shot="end",
    )
    db.close()
    for c in contexts:
        c.close()


def test_a_class_table_of_six_fits_every_screen(browser, live_server, klass, known_deal):
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in KIDS]
    pages = [c.new_page() for c in contexts]
    for name, page in zip(KIDS, pages):
        to_the_lobby(page, live_server, klass, name)
    open_and_start(pages, 6)
    db = live_server.db()
    table_id = class_tables.pupils_table(db, klass["pupils"][KIDS[0]])
    for _ in range(3):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            break
        seat_page = {class_tables.seat_of(db, table_id, klass["pupils"][n]): p for n, p in zip(KIDS, pages)}
        mover = seat_page[game.state.current_player]
        expect(mover.locator(".seat")).to_have_count(6)
        expect(mover.locator("#table[data-decision]")).to_be_visible()
        for page in pages:
            fits(
                page,
                "a table of six",
                DECIDING if page is mover and not page.locator(".discard").count() else BOARD[:2],
            )
        play(mover, by_keys=False)
        expect(mover.locator(f'#table[data-version="{row["version"]}"]')).to_have_count(0)
    db.close()
    for c in contexts:
        c.close()


def test_the_projector_shows_eight_tables_on_one_screen(page, live_server, klass):
    db = live_server.db()
    make = Make(db)
    for n in range(8):
        a, b = (make.pupil(klass["class_id"], f"Kid{n}{x}") for x in "ab")
        table_id = class_tables.open_table(db, klass["class_id"], a, 4, "round", "beginner", 1_000_000.0)
        class_tables.join(db, table_id, b, 1_000_000.0)
        play_tables.start(db, table_id, a, True, 100 + n, 1_000_000.0)
    db.close()
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(live_server.url + "/")
    page.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(klass["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=klass["name"], exact=True).first.click()
    page.get_by_role("link", name="Watch class play").click()
    expect(page.locator(".cp-watch-table")).to_have_count(8)
    scroll, inner = page.evaluate("[document.scrollingElement.scrollHeight, innerHeight]")
    assert scroll <= inner, f"8 tables are {scroll} px tall on a 1920×1080 projector"
    inside(page, ".cp-watch-table", "each table", (1920, 1080))
    assert page.locator(".cp-watch .hand-cards").count() == 0
    page.screenshot(path=str(SCREENS / "classplay-projector-1920x1080.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    # Still readable on a small screen: the magic numbers at their size, the page scrolls.
    size = page.locator(".cp-watch .target-card").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20
