"""Class games on the teacher's dashboard in a real browser (issue 16.6): the overview counts
games against bots and class games side by side, the pupil's page lists the class round and
replays it from the pupil's seat. Screenshots: docs/screens/dashboard-class-games-*.png."""

import random
import time
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from browser.screens import SCREENS
from browser.test_dashboard import login
from class_rounds import lay_first, play_class_round
from trainer.demo.history import add_game
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from web_helpers import Make

pytestmark = pytest.mark.browser

SIZES = {"1024": (1024, 768), "390": (390, 844)}


def _sometimes_careless(game, seat):
    """Takes the best capture every other turn, lays a card otherwise: a few missed captures."""
    moves = legal_moves(game.state)
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    if game.state.turns % 2:
        return lay_first(game, seat)
    return max(plays, key=lambda m: len(m.capture))


@pytest.fixture
def foxes(live_server):
    db = live_server.db()
    make = Make(db)
    email = f"foxes-{random.randrange(10**9)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Foxes")
    _table, (noor, sem, liv) = play_class_round(
        db,
        make,
        class_id,
        names=("Noor", "Sem", "Liv"),
        seed=3,
        bots="beginner",
        choose=_sometimes_careless,
        start=time.time() - 3600,
    )
    add_game(db, noor, date.today() - timedelta(days=1), random.Random(2), me="random")
    db.close()
    return {"email": email, "class_id": class_id, "noor": noor}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_teacher_sees_class_games_beside_bot_games_and_replays_a_round(page, live_server, watch, foxes, size):
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    login(page, live_server, foxes["email"])
    page.goto(f"{live_server.url}/classes/{foxes['class_id']}/dashboard")
    expect(page.get_by_role("columnheader", name="Games: bots / class")).to_be_visible()
    noor = page.get_by_role("row").filter(has=page.get_by_role("link", name="Noor", exact=True))
    expect(noor.get_by_text("1 / 1")).to_be_visible()
    # The overview scrolls sideways on a narrow screen: show the game columns, as a teacher would.
    page.locator(".table-scroll").first.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.screenshot(path=str(SCREENS / f"dashboard-class-games-overview-{size}.png"), full_page=True)
    page.get_by_role("link", name="Noor", exact=True).click()
    games = page.locator("#class-games")
    expect(games.get_by_role("heading", name="Class games")).to_be_visible()
    expect(games.get_by_text("Sem, Liv")).to_be_visible()
    games.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / f"dashboard-class-games-pupil-{size}.png"), full_page=True)
    games.get_by_role("link", name="Replay").first.click()
    expect(page.get_by_text("Turn 0 of")).to_be_visible()
    expect(page.get_by_text("Hand of Noor")).to_be_visible()
    page.locator("#replay-last").click()
    expect(page.get_by_text("The plays of Noor, analysed")).to_be_visible()
    watch.assert_clean()
