"""Every page of the app is in the click-through tour (tests/browser/tour.py), so a page that
loses its styles when reached by a click (issue 24) cannot go unseen."""
from browser.tour import NOT_PAGES, PUPIL_TOUR, STYLE_CHECKS, TEACHER_TOUR, tour_endpoints


def test_every_get_endpoint_is_reached_by_the_tour_or_said_not_to_be_a_page(app):
    pages = {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in rule.methods}
    missing = sorted(pages - tour_endpoints() - set(NOT_PAGES))
    assert missing == [], (
        "These pages are never reached by clicking in the browser tour: "
        + ", ".join(missing) + ". Add a Stop(endpoint, clicks) to TEACHER_TOUR or PUPIL_TOUR in"
        " tests/browser/tour.py, where `clicks` goes from the stop before it to the page (and a"
        " STYLE_CHECKS entry if the page has its own CSS); or, if it is a download and not a"
        " page, add it to NOT_PAGES with the reason.")


def test_the_tour_names_only_endpoints_that_exist(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    named = tour_endpoints() | set(NOT_PAGES) | set(STYLE_CHECKS)
    assert sorted(named - endpoints) == []


def test_each_tour_starts_at_a_first_page():
    assert TEACHER_TOUR[0].endpoint == "pages.home" and PUPIL_TOUR[0].endpoint == "pupil_login.join"
