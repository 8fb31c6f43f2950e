"""A whole turn by keyboard alone, and a board that says what happens (issue 49). Through the
accessibility tree only: after the clicks that start a game, cards are found by their role and
name, chosen by the letter keys they announce (aria-keyshortcuts), taken with Enter or put down
with P, and every opponent's move is read from the board's live region (role "status") within
2 s. A recorder on that region keeps each text it says, as a screen reader would hear it."""

import re
from itertools import combinations

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in
from browser.test_class_play import _move
from trainer.engine.cards import card_table
from trainer.store import class_tables
from web_helpers import Make

pytestmark = pytest.mark.browser

SAY_WITHIN_MS = 2000
MOST_KEYS = 4
COLOURS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}

# Keeps every text the live region says, with the page's time (performance.now()).
RECORD = """live => {
  window.said = [];
  new MutationObserver(() => {
    const text = live.textContent.replace(/\\s+/g, " ").trim();
    if (text) window.said.push([performance.now(), text]);
  }).observe(live, {childList: true, subtree: true, characterData: true});
}"""


@pytest.fixture
def kids(live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"turnkeys{number}@school.example"), f"Turn keys {number}")
    pupils = {name: make.pupil(class_id, name, password="sun,tree,boat") for name in ("Ida", "Ann", "Ben", "Cat")}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"code": code, "pupils": pupils}


def live_region(page):
    """The board's live region: the last status on the page (it follows the board)."""
    live = page.get_by_role("status").last
    live.evaluate(RECORD)
    return live


def said_since(page, start):
    return [(t, text) for t, text in page.evaluate("window.said") if t >= start]


def now(page):
    return page.evaluate("performance.now()")


def cards_by_role(page, role, where):
    """{card name ("red 4"): key} of the cards a child can choose, from their names."""
    out = {}
    for card in page.get_by_role(role, name=re.compile(rf", {where}")).all():
        name = card.get_attribute("aria-label") or ""
        out[name.split(",")[0]] = card.get_attribute("aria-keyshortcuts")
    return out


def value(name):
    return int(name.split()[-1])


def keys_for_a_turn(target, hand, table):
    """A capture of at most two table cards by the letters (then Enter), else a card put down (P)."""
    for size in (1, 2):
        for h, h_key in hand.items():
            for taken in combinations(table.items(), size):
                if value(h) + sum(value(n) for n, _k in taken) == target:
                    return [h_key, *(k for _n, k in taken), "Enter"]
    return [next(iter(hand.values())), "P"]


def magic_number(page):
    return int(re.search(r"\d+", page.get_by_role("heading", level=1).first.inner_text()).group())


def test_a_whole_bot_game_by_keyboard_with_each_move_read_out(browser, live_server, kids, known_deal):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    watch = Watch(page, live_server.url)
    log_in(page, live_server, {"code": kids["code"], "name": "Ida"})
    page.get_by_role("link", name="New game").click()
    page.get_by_label("One round").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Magic number")
    live = live_region(page)
    hand = page.get_by_role("button", name=re.compile(", in your hand"))
    end = page.get_by_role("link", name="Play again")
    sent = now(page)
    turns = 0
    while True:
        expect(hand.first.or_(end)).to_be_visible(timeout=20_000)
        # Every move the bot made since the child's own is said, within 2 s of the one before.
        moves = [t for t, text in said_since(page, sent) if not text.startswith(("You", "Your turn"))]
        if turns or moves:
            assert moves and moves[0] - sent <= SAY_WITHIN_MS, said_since(page, sent)
            assert all(b - a <= SAY_WITHIN_MS for a, b in zip(moves, moves[1:])), said_since(page, sent)
        for item in page.get_by_role("region", name="What happened").get_by_role("listitem").all() if turns else ():
            text = item.text_content()
            if not text.strip().startswith("You"):
                assert any(said in text for _t, said in said_since(page, 0)), (text, said_since(page, 0))
        if end.is_visible():
            break
        if not turns:
            # R reads the table again (issue 49): the magic number, the cards, the hand, the others.
            page.keyboard.press("r")
            expect(live).to_have_text(
                re.compile(
                    rf"^Magic number {magic_number(page)}\. On the table: .+\. Your hand: .+\. \w+ has 3 cards\.$"
                )
            )
        keys = keys_for_a_turn(
            magic_number(page),
            cards_by_role(page, "button", "in your hand"),
            cards_by_role(page, "button", "on the table"),
        )
        assert len(keys) <= MOST_KEYS
        for key in keys[:-1]:
            page.keyboard.press(key)
        # The 2 s count from the move's answer: on a loaded machine the server's own time is
        # not the board's (the live region speaks once the board has the move).
        with page.expect_response(lambda r: r.request.method == "POST" and "/move" in r.url):
            page.keyboard.press(keys[-1])
        sent = now(page)
        expect(hand.first).to_be_hidden(timeout=10_000)  # the move went: no card to choose
        turns += 1
    # The game's end is said in the live region, not only in a new box on the page.
    expect(live).to_contain_text(re.compile(r"(won|draw).*point", re.S))
    assert turns >= 3
    watch.assert_clean()
    context.close()


def test_a_class_round_tells_the_keyboard_child_each_classmates_move(browser, live_server, kids, known_deal):
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(3)]
    pages = dict(zip(("Ann", "Ben", "Cat"), (c.new_page() for c in contexts)))
    watches = [Watch(p, live_server.url) for p in pages.values()]
    for name, page in pages.items():
        log_in(page, live_server, {"code": kids["code"], "name": name})
        page.get_by_role("link", name="Play with classmates").click()
    ann = pages["Ann"]
    ann.get_by_label("How many players?").select_option("3")
    ann.get_by_role("button", name="Open a table").click()
    for name in ("Ben", "Cat"):
        pages[name].get_by_role("button", name="Join Ann").click()
        expect(pages[name].get_by_text("Wait: Ann starts the game.")).to_be_visible()
    expect(ann.get_by_text("Cat", exact=True).first).to_be_visible()
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("heading", level=1)).to_contain_text("Magic number")
    live_region(ann)

    db = live_server.db()
    table_id = class_tables.pupils_table(db, kids["pupils"]["Ann"])
    seat_of = {class_tables.seat_of(db, table_id, kids["pupils"][n]): n for n in pages}
    cards = card_table()
    while True:
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            break
        seat = game.state.current_player
        name = seat_of[seat]
        page = pages[name]
        expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"]))
        if name == "Ann":
            expect(ann.get_by_role("status").last).to_contain_text("Your turn!")
            keys = keys_for_a_turn(
                magic_number(ann),
                cards_by_role(ann, "radio", "in your hand"),
                cards_by_role(ann, "checkbox", "on the table"),
            )
            assert len(keys) <= MOST_KEYS
            for key in keys:
                ann.keyboard.press(key)
            expect(ann.locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
            # Focus stays on the board: on the line saying who plays now, not the page's top.
            assert (
                "is playing." in ann.evaluate("document.activeElement.textContent")
                or class_tables.load(class_tables.get(db, table_id)).state.over
            )
            continue
        _move(page, game.state, seat, by_keyboard=False)
        expect(page.locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
        moved = now(ann)
        move = next(
            m for who, m in reversed(class_tables.load(class_tables.get(db, table_id)).state.log) if who == seat
        )
        card = f"{COLOURS[cards.color_of[move.card]]} {cards.value[move.card]}"
        ann.wait_for_function(
            "([since, name, card]) => window.said.some(s => s[0] >= since && s[1].includes(name) && s[1].includes(card))",
            arg=[moved - 300, name, card],
            timeout=SAY_WITHIN_MS,
        )

    # The round's end is said too, with the child's own points.
    expect(ann.get_by_role("status").last).to_contain_text("point")
    db.close()
    for w in watches:
        w.assert_clean()
    for c in contexts:
        c.close()
