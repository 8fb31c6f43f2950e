"""The click-through tour (tests/browser/tour.py): every teacher page from the home page and
every pupil page from the login page, reached by clicks, each with its own styles applied; and
each page for children, parents, the wall or everyone fitting every tablet and phone size, with
nothing for axe-core to find there (issue 48.4)."""

import pytest

from browser.conftest import Watch
from browser.tour import PUPIL_TOUR, TEACHER_TOUR, build_world, walk

pytestmark = pytest.mark.browser


def test_a_teacher_clicks_to_every_teacher_page_and_each_has_its_styles(page, live_server, watch):
    db = live_server.db()
    world = build_world(db)
    db.close()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    walk(page, live_server.app, TEACHER_TOUR, world)
    watch.assert_clean()


def test_a_pupil_clicks_to_every_pupil_page_and_each_has_its_styles(browser, live_server, known_deal):
    db = live_server.db()
    world = build_world(db)
    db.close()
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    child = context.new_page()
    watch = Watch(child, live_server.url)
    child.goto(live_server.url + "/join")
    walk(child, live_server.app, PUPIL_TOUR, world)
    watch.assert_clean()
    context.close()
