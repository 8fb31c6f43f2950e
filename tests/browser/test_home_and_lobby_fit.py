"""The pupil's home page and class play's lobby fit a tablet (1024×768, 768×1024) and a phone
either way up (390×844, 844×390) without scrolling (issue 39.4: home was 902 px tall at 1024×768, the lobby 966 px on
a phone with "Open a table" below the screen). A child with today's drill and a character;
the lobby with two open tables to join."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.pupil_steps import log_in, pupil_with_a_drill
from browser.screen_fit import PUPIL_SIZES, check_fit
from trainer.store import class_tables, pupil_rewards
from web_helpers import Make

pytestmark = pytest.mark.browser

# A phone held sideways too (issue 47.5): the home page was 747 px tall at 844×390, the lobby 492.
SIZES = PUPIL_SIZES
SHOTS = ((1024, 768), (390, 844))


def test_home_and_lobby_fit_without_scrolling(page, live_server):
    pupil = pupil_with_a_drill(live_server, name="Noor")
    db = live_server.db()
    pupil_rewards.set_avatar(db, pupil["id"], "cat")
    class_id = db.execute("SELECT class_id FROM pupils WHERE id = ?", [pupil["id"]]).fetchone()[0]
    make = Make(db)
    for name in ("Ravi", "Sofie"):
        class_tables.open_table(db, class_id, make.pupil(class_id, name), 4, "round", "", 1_000_000.0)
    db.close()
    watch = Watch(page, live_server.url)
    page.set_viewport_size({"width": 1024, "height": 768})
    log_in(page, live_server, pupil)
    expect(page.get_by_role("link", name="Play with classmates")).to_be_visible()
    check_fit(page, "the home page", [(".kid-actions", "the buttons")], SIZES, "pupil-home-fit", SHOTS)
    page.get_by_role("link", name="Play with classmates").click()
    expect(page.get_by_role("button", name="Join Ravi")).to_be_visible()
    check_fit(
        page,
        "the lobby",
        [("button:text('Open a table')", "Open a table"), (".cp-table-list", "the tables")],
        SIZES,
        "classplay-lobby",
        SHOTS,
    )
    watch.assert_clean()
