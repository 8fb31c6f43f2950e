"""The game board made for children (issue 15.7), played as a child plays it: from the first
page, by clicking, against three bots and against one. After every move the magic number and
the hand are inside the screen and the page does not scroll, at 1024×768 and 390×844 (and
768×1024 on the way): a new turn never opens scrolled down. While a bot's turn is shown step
by step its cards are marked on the board and it is the one "now playing". At the end of the
round the result comes first. A move from an old second tab is refused kindly.

Saves docs/screens/pupil-board-*.png for docs/pupils.md."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import a_child, log_in
from browser.screen_fit import check_fit
from trainer.engine.solver import best_capture, solve

pytestmark = pytest.mark.browser

CHECKED = ((1024, 768), (390, 844))
ALSO = ((768, 1024), (844, 390))  # a phone held sideways too (issue 47.5)


@pytest.fixture
def child(live_server):
    return a_child(live_server, "Board class", "Tove")


@pytest.fixture
def slow_bots(live_server):
    """The bots' turns wait for Next or Skip, so each frame can be looked at."""
    config = live_server.app.config
    before = config["GAME_STEP_MS"]
    config["GAME_STEP_MS"] = 600_000
    yield
    config["GAME_STEP_MS"] = before


def fits(page, screen, must_see, sizes=CHECKED + ALSO, shot=None):
    check_fit(page, screen, must_see, sizes, shot, CHECKED)


BOARD = ((".target-card", "the magic number"), (".hand-cards", "the hand"), (".table-cards", "the table"))
DECIDING = BOARD + (("[data-take]", "Take"), ("button[value=lay]", "Put down"))


def start_a_game(page, bots):
    page.get_by_role("link", name="More choices").click()
    for n, level in enumerate(bots, start=1):
        page.get_by_label(f"Bot {n}", exact=True).select_option(level)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game")).to_be_visible()


def watch_the_bots(page, shot=None):
    """Steps through the bots' turns by Next, checking the first frames, then skips to the pupil."""
    frames = 0
    while page.locator(".replay-bar").count() and frames < 3:
        step = page.locator("#game").get_attribute("data-step")
        if page.locator(".card--marked").count():
            # The bot whose move is told is the one playing, and its cards are marked.
            playing = page.locator(".seat--turn .seat-name strong").inner_text()
            expect(page.locator(".replay-latest")).to_contain_text(playing)
            fits(
                page,
                "a bot's turn",
                BOARD[:1] + ((".replay-bar", "what the bot did"), (".card--marked", "its cards")),
                shot=shot,
            )
            shot = None
        frames += 1
        page.get_by_role("link", name="Next", exact=True).click()
        expect(page.locator(f'#game[data-step="{step}"]')).to_have_count(0)
    if page.locator(".replay-bar").count():
        page.get_by_role("link", name="Skip", exact=True).click()
    expect(page.locator("#game[data-decision], #round-scores").first).to_be_visible(timeout=30_000)
    return shot


def play_one_move(page):
    """As a child does: tap the cards of the best capture (or the first card), then the button."""
    if page.locator(".discard").count():
        page.locator(".discard button").first.click()
        return
    hand = [b.get_attribute("data-pick-card") for b in page.locator(".hand-cards [data-pick-card]").all()]
    table = [b.get_attribute("data-pick-card") for b in page.locator(".table-cards [data-pick-card]").all()]
    target = int(page.locator("#target-heading").get_attribute("data-target"))
    capture = best_capture(solve(hand, table, target))
    for card in [capture.play, *capture.capture] if capture else [hand[0]]:
        button = page.locator(f'[data-pick-card="{card}"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    page.locator("[data-take]" if capture else "button[value=lay]").click()


def play_the_round(page, name, shots=False):
    moves = 0
    replay_shot = f"pupil-board-{name}-bot-turn" if shots else None
    while True:
        replay_shot = watch_the_bots(page, replay_shot)
        if page.locator("#round-scores").count():
            return moves
        decision = page.locator("#game").get_attribute("data-decision")
        if page.locator(".discard").count():
            fits(page, f"move {moves + 1} (a Bomb)", BOARD[:1] + ((".discard", "the hand to give a card from"),))
        else:
            fits(page, f"move {moves + 1}", DECIDING, shot=f"pupil-board-{name}" if shots and moves == 1 else None)
        play_one_move(page)
        moves += 1
        expect(page.locator(f'#game[data-decision="{decision}"]')).to_have_count(0, timeout=30_000)


def round_end_fits(page, name, axe=False):
    """`axe`: the end of the round passes axe-core at each size too (the board itself is scanned
    by the tour, tests/browser/tour.py)."""
    result = page.locator(".result-line")
    expect(result).to_be_visible()
    # The result first, then the points.
    assert result.bounding_box()["y"] < page.locator("#round-scores").bounding_box()["y"]
    check_fit(
        page,
        "the end of the round",
        ((".result-line", "the result"), (".round-next .big", "Play again"), ("#round-scores", "the points")),
        CHECKED + ALSO,
        f"pupil-board-{name}-end",
        CHECKED,
        axe=axe,
    )


def test_a_round_against_three_bots_keeps_the_number_and_the_hand_in_view_after_every_move(
    page, live_server, watch, child, slow_bots, known_deal
):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, child)
    page.get_by_role("button", name="Fox").click()  # the character
    # The home page comes back without the picker; clicking on before it has would let its
    # late answer replace the new-game form.
    expect(page.get_by_role("heading", name="Pick your character")).to_have_count(0)
    start_a_game(page, ("beginner", "casual", "random"))
    moves = play_the_round(page, "3-bots", shots=True)
    assert moves >= 5
    round_end_fits(page, "3-bots")
    watch.assert_clean()


def test_a_round_against_one_bot_by_keyboard_and_an_old_tab_is_refused(
    page, live_server, watch, child, slow_bots, known_deal
):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, child)
    start_a_game(page, ("beginner",))
    watch_the_bots(page)
    expect(page.locator("#game[data-decision]")).to_be_visible()
    fits(page, "the first turn", DECIDING, shot="pupil-board-1-bot")

    # The letter keys of the drill: X is the first card in the hand; the name says where it is.
    first = page.locator(".hand-cards [data-pick-card]").first
    expect(first).to_have_attribute("aria-keyshortcuts", "X")
    assert first.get_attribute("aria-label").endswith(", in your hand")
    page.locator("body").press("x")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Backspace")
    expect(first).to_have_attribute("aria-pressed", "false")

    # A second tab on the same board, left behind when the first one moves.
    old = page.context.new_page()
    old.set_viewport_size({"width": 1024, "height": 768})
    old.goto(page.url.split("?")[0] + "?step=end")
    expect(old.locator("#game[data-decision]")).to_be_visible()
    db = live_server.db()
    moves_before = db.execute("SELECT COUNT(*) FROM game_moves WHERE pupil_id = ?", [child["id"]]).fetchone()[0]
    db.close()

    decision = page.locator("#game").get_attribute("data-decision")
    page.locator("body").press("x")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.locator("button[value=lay]").click()
    expect(page.locator(f'#game[data-decision="{decision}"]')).to_have_count(0, timeout=30_000)

    old.locator(".hand-cards [data-pick-card]").nth(1).click()
    expect(old.get_by_role("alert")).to_have_text("The game moved on — here it is now.")
    db = live_server.db()
    moves_after = db.execute("SELECT COUNT(*) FROM game_moves WHERE pupil_id = ?", [child["id"]]).fetchone()[0]
    db.close()
    assert moves_after == moves_before + 1  # the old tab's tap changed nothing
    old.close()

    moves = 1 + play_the_round(page, "1-bot")
    assert moves >= 3
    round_end_fits(page, "1-bot", axe=True)
    watch.assert_clean()


def in_view(page, screen, must_see, sizes=CHECKED + ALSO, shot=None):
    """Weaker than fits(): the page may be a little taller than the screen."""
    check_fit(page, screen, must_see, sizes, shot, CHECKED, whole_height=False)


def test_five_bots_the_most_a_class_allows_keep_the_number_cards_and_buttons_in_view(
    page, live_server, watch, child, slow_bots, known_deal
):
    """Six players: the seats take the most room. The number, the table, the hand and the
    buttons stay on the first screen; a long story or many action cards may make the page
    scroll a little below them (docs/pupils.md)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, child)
    start_a_game(page, ("beginner", "casual", "random", "clever", "expert"))
    expect(page.locator(".seat")).to_have_count(6)
    for move in range(3):
        watch_the_bots(page)
        if page.locator("#round-scores").count():
            break
        decision = page.locator("#game").get_attribute("data-decision")
        if not page.locator(".discard").count():
            in_view(page, f"move {move + 1} with five bots", DECIDING, shot="pupil-board-5-bots" if move == 0 else None)
        play_one_move(page)
        expect(page.locator(f'#game[data-decision="{decision}"]')).to_have_count(0, timeout=30_000)
    watch.assert_clean()
