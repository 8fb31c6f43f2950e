"""A whole turn by keyboard alone, and a board that says what happens (issue 49). Through the
accessibility tree only: after the clicks that start a game, cards are found by their role and
name, chosen by the letter keys they announce (aria-keyshortcuts), taken with Enter or put down
with P, and every opponent's move is read from the board's live region (role "status") within
2 s. A recorder on that region keeps each text it says, as a screen reader would hear it.
At a class table the same child hears each classmate's move: that round is played in
test_class_play.py, with the teacher watching (one whole class round for both)."""

import re

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.keyboard_steps import (
    MOST_KEYS,
    SAY_WITHIN_MS,
    cards_by_role,
    keys_for_a_turn,
    live_region,
    magic_number,
    now,
    said_since,
)
from browser.pupil_steps import log_in
from web_helpers import Make

pytestmark = pytest.mark.browser


@pytest.fixture
def kids(live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"turnkeys{number}@school.example"), f"Turn keys {number}")
    pupils = {"Ida": make.pupil(class_id, "Ida", password="sun,tree,boat")}
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"code": code, "pupils": pupils}


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
