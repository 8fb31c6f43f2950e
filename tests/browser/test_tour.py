"""The click-through tour (tests/browser/tour.py): every teacher page from the home page and
every pupil page from the login page, reached by clicks, each with its own styles applied; and
each page for children, parents, the wall or everyone fitting every tablet and phone size, with
nothing for axe-core to find there (issue 48.4)."""

import pytest

from browser.conftest import Watch
from browser.tour import FACES_TOUR, PUPIL_TOUR, TEACHER_TOUR, WITH_CARDS, build_world, walk
from trainer.store import drills

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


def test_a_pupil_whose_cards_count_has_every_page_with_cards_fit_and_pass_axe(browser, live_server, known_deal):
    """The same checks on the pages with cards, for a pupil with ten-frames and the number line
    (issue 49.4): the faces take room on every card. Dots are drawn in the same box as a
    ten-frame (trainer/web/core/card_faces.py), so a page that fits one fits the other; the
    web tests check that each is drawn."""
    faces, number_line = "ten-frame", True
    db = live_server.db()
    world = build_world(db)
    noor = db.execute("SELECT id FROM pupils WHERE class_id = ? AND name = 'Noor'", [world["class_id"]]).fetchone()[0]
    drills.set_needs(
        db, noor, extra_time_s=0, read_aloud=False, no_timer=False, card_faces=faces, number_line=number_line
    )
    db.close()
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    child = context.new_page()
    watch = Watch(child, live_server.url)
    child.goto(live_server.url + "/join")
    walk(child, live_server.app, FACES_TOUR, world, checked_pages=WITH_CARDS)
    assert child.locator(f".card-count--{faces}").count() >= 54  # "Check our table": all 54 cards
    watch.assert_clean()
    context.close()
