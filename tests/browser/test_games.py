"""A pupil plays TWEAK against a bot in the browser (issue 6): resuming after a reload, skipping
the bots' turns, and playing by keyboard. The whole round by tapping, its score screen checked
against `trainer replay` of the stored record, is played in test_childs_morning.py, as the
child's morning ends."""

import pytest
from playwright.sync_api import expect

from web_helpers import Make

pytestmark = pytest.mark.browser

PICTURES = {"sun": "Sun", "tree": "Tree", "boat": "Boat"}


@pytest.fixture
def pupil(live_server):
    db = live_server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(), "Games class")
    pupil_id = make.pupil(class_id, "Mila", password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"pupil_id": pupil_id, "code": code}


@pytest.fixture
def step_ms(live_server):
    """How long each bot move stays on screen; tests set it and it is put back after."""
    config = live_server.app.config
    before = config["GAME_STEP_MS"]

    def set_to(ms):
        config["GAME_STEP_MS"] = ms

    yield set_to
    config["GAME_STEP_MS"] = before


def log_in(page, live_server, pupil):
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(pupil["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Mila").click()
    for key in ("sun", "tree", "boat"):
        page.get_by_role("button", name=PICTURES[key]).click()
    expect(page.get_by_role("heading", name="Hello Mila!")).to_be_visible()


def start_game(page):
    page.get_by_role("link", name="New game").click()
    expect(page.get_by_label("Bot 1")).to_have_value("fitted")  # issue 17: the default
    page.get_by_label("Bot 1").select_option("beginner")
    expect(page.get_by_label("One round")).to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game")).to_be_visible()


def cards(page, where):
    return [b.get_attribute("data-pick-card") for b in page.locator(f".{where} [data-pick-card]").all()]


def stored_game(live_server, pupil_id):
    db = live_server.db()
    row = next(db.query("SELECT * FROM games WHERE pupil_id = ? ORDER BY id DESC", [pupil_id]))
    moves = list(db.query("SELECT * FROM game_moves WHERE game_id = ?", [row["id"]]))
    db.close()
    return row, moves


def test_a_game_resumes_after_a_reload_and_the_bots_turns_can_be_skipped(page, live_server, watch, pupil, step_ms):
    step_ms(600_000)  # the bots' turns wait for the pupil
    log_in(page, live_server, pupil)
    start_game(page)
    if page.get_by_role("link", name="Skip", exact=True).count():
        page.get_by_role("link", name="Skip", exact=True).click()
    expect(page.locator("#game[data-decision]")).to_be_visible()

    # By keyboard: a hand card, then Put down.
    first = page.locator(".hand-cards [data-pick-card]").first
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Put down", exact=True).focus()
    page.keyboard.press("Enter")

    # The pupil's lay is told; the bot's turn waits until it is skipped.
    expect(page.locator(".news--you")).to_contain_text("You put")
    expect(page.locator("#game-live")).not_to_be_empty()
    skip = page.get_by_role("link", name="Skip", exact=True)
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#game[data-decision]")).to_be_visible()
    expect(page.locator(".news-item").last).to_contain_text("Squirrel")  # beginner plays as the Squirrel
    hand, table = cards(page, "hand-cards"), cards(page, "table-cards")
    row_before, _ = stored_game(live_server, pupil["pupil_id"])

    page.reload()
    # The story already watched is not told again (the session notes it; tests/web/games).
    # On a busy machine a reload has raced that note and shown it once more: then Skip is
    # one tap away, and what matters here is that the game resumes where it was.
    expect(page.locator("#game[data-decision], .replay-bar").first).to_be_visible()
    if page.locator(".replay-bar").count():
        page.get_by_role("link", name="Skip", exact=True).click()
    expect(page.locator("#game[data-decision]")).to_be_visible()
    assert cards(page, "hand-cards") == hand and cards(page, "table-cards") == table
    row_after, moves = stored_game(live_server, pupil["pupil_id"])
    assert row_after["state"] == row_before["state"] and len(moves) == 1
    watch.assert_clean()
