"""The rest of a child's pages fit a tablet and a phone either way up (issue 47.5): the
character picker without scrolling; the new game's choices and the family table's, which scroll
on a tablet too, with their heading on the screen and nothing wider than the screen."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import log_in, pupil_with_a_drill
from browser.screen_fit import PUPIL_SIZES, check_fit

pytestmark = pytest.mark.browser


def test_the_picker_and_the_game_forms_fit_each_screen(page, live_server, watch):
    pupil = pupil_with_a_drill(live_server, name="Noor")
    page.set_viewport_size({"width": 1024, "height": 768})
    log_in(page, live_server, pupil)
    page.goto(live_server.url + "/me/avatar")
    expect(page.get_by_role("heading", name="Pick your character")).to_be_visible()
    check_fit(page, "the character picker", [(".avatar-choice", "each character")], PUPIL_SIZES)
    page.goto(live_server.url + "/games/new")
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    # The two game forms scroll, on a tablet too (the new game is 1088 px tall at 1024×768):
    # their heading at the top, nothing wider than the screen.
    check_fit(page, "the new game", [("main h1", "the heading")], PUPIL_SIZES, whole_height=False)
    page.goto(live_server.url + "/games/family/new")
    check_fit(page, "the family table's choices", [("main h1", "the heading")], PUPIL_SIZES, whole_height=False)
    watch.assert_clean()
