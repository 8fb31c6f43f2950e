"""Class play in Chromium (issue 16): three pupils on three browser contexts log in from the
first page, sit at one table and play a whole round through the pages, every screen following
each move by its poll, while a fourth context, the teacher, watches the class's tables. Then
the round's record replays legally.

Ann plays by the keyboard alone and hears the board (issue 49): her cards by the letters they
announce, Enter takes, P puts down; each classmate's move is said in the board's live region
within 2 s of the move, naming the classmate and the card; after her own move the focus stays on
the board; the round's end is said with her points. Ben and Cat tap, or tick by focus and Space
and send by Enter."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser.class_steps import move
from browser.conftest import Watch
from browser.keyboard_steps import (
    COLOURS,
    MOST_KEYS,
    SAY_WITHIN_MS,
    cards_by_role,
    keys_for_a_turn,
    live_region,
    magic_number,
    now,
)
from browser.pupil_steps import log_in
from browser.screens import SCREENS
from trainer.engine.cards import card_table
from trainer.store import class_tables
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

TRAINER = str(Path(sys.executable).with_name("trainer"))
NAMES = ("Ann", "Ben", "Cat")


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    teacher = make.teacher(email="classplay@school.example")
    class_id = make.klass(teacher, "Play class")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in NAMES}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "pupils": pupils, "code": code}


def _teacher_watches(page, live_server):
    page.goto(live_server.url + "/")
    page.locator(".site-nav").get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill("classplay@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Play class").first.click()
    page.get_by_role("link", name="Watch class play").click()
    expect(page.get_by_role("heading", name="Class play: Play class")).to_be_visible()


def test_three_pupils_play_a_round_while_the_teacher_watches_and_ann_hears_each_move(
    browser, live_server, klass, known_deal
):
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(4)]
    pages = [c.new_page() for c in contexts]
    watches = [Watch(p, live_server.url) for p in pages]
    kids = dict(zip(NAMES, pages))
    for name, page in kids.items():
        log_in(page, live_server, {"code": klass["code"], "name": name})
        page.get_by_role("link", name="Play with classmates").click()
        expect(page.get_by_role("heading", name="Play with classmates")).to_be_visible()
    teacher = pages[3]
    _teacher_watches(teacher, live_server)

    kids["Ann"].get_by_label("How many players?").select_option("3")
    kids["Ann"].get_by_role("button", name="Open a table").click()
    expect(kids["Ann"].get_by_text("Wait until a classmate joins your table.")).to_be_visible()
    for name in ("Ben", "Cat"):
        # The lobby's poll shows Ann's new table without a reload.
        kids[name].get_by_role("button", name="Join Ann").click()
        expect(kids[name].get_by_text("Wait: Ann starts the game.")).to_be_visible()
    expect(kids["Ann"].locator(".cp-names")).to_contain_text("Cat")  # by Ann's poll
    expect(teacher.get_by_text("waiting to start")).to_be_visible()
    ann = kids["Ann"]
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".turn-line")).to_be_visible()
    expect(ann.get_by_role("heading", level=1)).to_contain_text("Magic number")
    live_region(ann)
    cards = card_table()

    db = live_server.db()
    table_id = class_tables.pupils_table(db, klass["pupils"]["Ann"])
    seat_page = {class_tables.seat_of(db, table_id, pid): kids[name] for name, pid in klass["pupils"].items()}
    moves, heard, by_keys = 0, 0, 0
    while True:
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        for page in kids.values():  # every screen follows by its poll, no reload
            expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"]))
        if game.state.over:
            break
        seat = game.state.current_player
        page = seat_page[seat]
        expect(page.get_by_text("Your turn!").first).to_be_visible()  # then the live region says it
        others = [p for s, p in seat_page.items() if s != seat]
        expect(others[0].locator(".turn-line")).to_contain_text("is playing.")
        if moves == 2:
            _screenshots(page, "table")
            scroll, inner = page.evaluate("[document.scrollingElement.scrollHeight, window.innerHeight]")
            assert scroll <= inner, "the table page must fit 1024×768 without scrolling"
            expect(teacher.locator(".cp-watch-table")).to_contain_text("is playing.")
            _screenshots(teacher, "watch")
        if page is ann:
            expect(ann.get_by_role("status").last).to_contain_text("Your turn!")
            keys = keys_for_a_turn(
                magic_number(ann),
                cards_by_role(ann, "radio", "in your hand"),
                cards_by_role(ann, "checkbox", "on the table"),
            )
            assert len(keys) <= MOST_KEYS
            for key in keys:
                ann.keyboard.press(key)
            by_keys += 1
        else:
            move(page, game.state, seat, by_keyboard=moves % 4 == 1)
        # The mover's screen shows the new version from the move's own answer: only then is
        # the move in the database (reading earlier would see the old state).
        expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
        moves += 1
        if page is ann:
            # Focus stays on the board: on the line saying who plays now, not the page's top.
            assert (
                "is playing." in ann.evaluate("document.activeElement.textContent")
                or class_tables.load(class_tables.get(db, table_id)).state.over
            )
            continue
        # Ann hears the classmate's move: who, and which card, within 2 s of the move's answer.
        moved = now(ann)
        played = next(
            m for who, m in reversed(class_tables.load(class_tables.get(db, table_id)).state.log) if who == seat
        )
        card = f"{COLOURS[cards.color_of[played.card]]} {cards.value[played.card]}"
        name = next(n for n, p in kids.items() if p is page)
        ann.wait_for_function(
            "([since, name, card]) => window.said.some(s => s[0] >= since && s[1].includes(name) && s[1].includes(card))",
            arg=[moved - 300, name, card],
            timeout=SAY_WITHIN_MS,
        )
        heard += 1

    for page in kids.values():
        expect(page.locator("#round-over-title")).to_be_visible()  # the result first
    assert by_keys >= 3 and heard >= 6, (by_keys, heard)
    # The round's end is said too, with Ann's own points.
    expect(ann.get_by_role("status").last).to_contain_text("point")
    _screenshots(kids["Ann"], "over")
    expect(teacher.get_by_text("finished")).to_be_visible()
    (record,) = class_tables.rounds_of(db, table_id)
    db.close()
    replayed = subprocess.run([TRAINER, "replay"], input=json.dumps(record), capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert json.loads(replayed.stdout)["finished"] is True
    exported = subprocess.run(
        [TRAINER, "export-games", "--db", live_server.app.config["DATABASE"]], capture_output=True, text=True
    )
    assert json.dumps(record, separators=(",", ":")) in {
        json.dumps(json.loads(line), separators=(",", ":")) for line in exported.stdout.splitlines()
    }
    for w in watches:
        w.assert_clean()
    for c in contexts:
        c.close()


def _screenshots(page, name):
    """1024×768 and 390×844 pictures to look at (not compared: people look at them)."""
    page.screenshot(path=str(SCREENS / f"classplay16_{name}_1024.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENS / f"classplay16_{name}_390.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})
