"""Game levels in the browser (issue 17): the teacher sets the fitted bot's aim in the class's
game settings; a pupil's new game offers the fitted bot by a friendly name, and the board
names it so; the teacher then sees the pupil's game level on the dashboard."""

import random

import pytest
from playwright.sync_api import expect

from browser.waits import until
from trainer.games.game_level import load_bot_elo
from trainer.store import game_limits
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser
PICTURES = {"sun": "Sun", "tree": "Tree", "boat": "Boat"}


@pytest.fixture
def klass(live_server):
    db = live_server.db()
    make = Make(db)
    email = f"levels-{random.randrange(10**9)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Foxes")
    pupil_id = make.pupil(class_id, "Mila", password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"email": email, "class_id": class_id, "pupil_id": pupil_id, "code": code}


def _mila_logs_in(page, live_server, klass):
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(klass["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Mila").click()
    for key in ("sun", "tree", "boat"):
        page.get_by_role("button", name=PICTURES[key]).click()


def test_the_teacher_sets_the_aim_by_the_class_page(page, live_server, watch, klass):
    page.goto(live_server.url + "/login")
    page.get_by_label("E-mail address").fill(klass["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Foxes").click()
    page.get_by_role("link", name="Game settings for this class").click()
    expect(page.get_by_label("Fitted to each pupil")).to_be_checked()
    page.get_by_label("With the fitted bot, pupils win about").select_option("40")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.")).to_be_visible()
    db = live_server.db()
    assert game_limits.get(db, klass["class_id"]).aim == 0.4
    db.close()
    watch.assert_clean()


def test_a_pupil_plays_the_fitted_bot_and_the_teacher_sees_the_level(page, live_server, watch, klass):
    _mila_logs_in(page, live_server, klass)
    page.get_by_role("link", name="New game").click()
    bot = page.get_by_label("Bot 1")
    expect(bot).to_have_value("fitted")
    expect(bot.locator("option:checked")).to_have_text("Squirrel (just right)")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#game")).to_contain_text("Squirrel")
    assert "dial" not in page.content()
    # A level as a few games would leave it (tests/web/games/test_game_levels.py plays them).
    db = live_server.db()
    bots = load_bot_elo()
    row = next(db.query("SELECT settings FROM games WHERE pupil_id = ?", [klass["pupil_id"]]))
    assert '"dial:0.34"' in row["settings"]
    db.execute(
        "INSERT INTO pupil_game_levels (pupil_id, elo, rd, games, updated_at) VALUES (?, ?, 90, 9, 0)",
        [klass["pupil_id"], bots.rating_of("dial:0.5").elo],
    )
    db.close()
    page.get_by_role("button", name="Log out Mila").click()
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_label("E-mail address").fill(klass["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Foxes").click()
    page.get_by_role("link", name="Dashboard: how the class is doing").click()
    expect(page.locator("table.overview tbody tr").first.locator("td").nth(8)).to_have_text(
        "50"
    )  # the Game level column
    page.locator("table.overview").get_by_role("link", name="Mila").click()
    expect(page.locator(".summary")).to_contain_text("50 of 100")
    watch.assert_clean()


def test_a_child_who_logs_out_while_a_bot_moves_lands_on_the_front_page(browser, live_server, klass, known_deal):
    """Issue 44.4: the bot game's next step, asked while "Log out" was on its way, was answered
    "log in again" and took the child to /join instead of the front page. Held in the browser,
    as a slow network would: the step until the log-out has been answered, and the front page
    the log-out sends the browser to until the step's fate is known (the service worker kept
    out: what it fetches, the test cannot hold)."""
    page = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768}).new_page()
    _mila_logs_in(page, live_server, klass)
    steps, front, ended = [], [], []
    page.on("requestfinished", lambda request: ended.append(request))
    page.on("requestfailed", lambda request: ended.append(request))
    page.route("**/games/*?step=*", lambda route: steps.append(route))
    page.get_by_role("link", name="New game").click()
    page.get_by_label("Bot 1").select_option("beginner")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game[data-decision]")).to_be_visible()  # the known deal: Mila starts
    page.locator("#game .hand-cards button[data-pick-card]").first.click()
    page.get_by_role("button", name="Put down").click()
    until(page, lambda: steps, "the bot's next step to be asked")
    page.route(lambda url: url == live_server.url + "/", lambda route: front.append(route))
    page.get_by_role("button", name="Log out Mila").click()
    until(page, lambda: front, "the log-out to send the browser to the front page")
    for route in steps:
        try:
            route.continue_()  # the late answer: "log in again"
        except Exception:  # noqa: BLE001 - the page cancelled it: what we want
            pass
    until(page, lambda: all(route.request in ended for route in steps), "the held step to end")
    front[0].continue_()
    expect(page.get_by_role("link", name="I am a teacher")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/"
