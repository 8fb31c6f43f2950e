"""The letter keys drawn on the cards (A–L on the table, X–Z in the hand, ↵ on Take) are shown
only where there is a keyboard (issue 39.4): on a touch screen without hover they are hidden,
with a mouse they are shown (games.css, `(hover: hover) and (pointer: fine)`)."""

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in
from web_helpers import Make

pytestmark = pytest.mark.browser

FINE = "matchMedia('(hover: hover) and (pointer: fine)').matches"


@pytest.fixture
def kids(live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"keys{number}@school.example"), f"Keys class {number}")
    for name in ("Tia", "Max"):
        make.pupil(class_id, name, password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return code


def to_a_board(page, live_server, code, name):
    log_in(page, live_server, {"code": code, "name": name})
    page.get_by_role("link", name="New game").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game .hand-cards")).to_be_visible()


@pytest.mark.parametrize("touch", [True, False], ids=["tablet", "mouse"])
def test_letters_on_the_cards_only_with_a_keyboard(browser, live_server, kids, touch):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    watch = Watch(page, live_server.url)
    to_a_board(page, live_server, kids, "Tia" if touch else "Max")
    assert page.evaluate(FINE) is (not touch)
    keys = page.locator("#game .hand-cards .card-key")
    expect(keys.first).to_be_attached(timeout=20_000)  # the bots' turns told, then the child's
    if touch:
        for key in keys.all():
            expect(key).to_be_hidden()
        expect(page.locator("#game kbd").first).to_be_hidden()
    else:
        for key in keys.all():
            expect(key).to_be_visible()
    watch.assert_clean()
    context.close()
