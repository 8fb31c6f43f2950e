"""Every page of the app is reached by the click-through tour (tests/browser/tour.py), so a page
that loses its styles when reached by a click (issue 24) cannot go unseen; and the pages each
check must cover come from the route table (issue 48.4): every page for children, parents, the
classroom's wall or everyone is checked for its fit on a tablet and a phone and for axe-core, or
named in NOT_FIT with the reason. A new route is in a check or in a list that says why not, or
one of these tests fails naming it.

(The headers of every GET route, Cache-Control: no-store and the CSP, are checked by the
security walk for every kind of visitor: tests/security/test_security_headers_every_page.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Blueprint

from browser.tour import NOT_PAGES, OFF_THE_TOUR, PUPIL_TOUR, STYLE_CHECKS, TEACHER_TOUR, tour_endpoints
from page_checks import CHECKED, FIT, NOT_FIT, SIZES
from route_table import NO_LOGIN, SHOWN_TO_THE_CLASS, audience, get_endpoints, login_audience
from trainer.web.core import login
from web_helpers import make_app

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"


def checked_by_name() -> dict[str, list[str]]:
    """Endpoint -> the browser test files that call check_page(page, app, "<endpoint>", ...)."""
    found: dict[str, list[str]] = {}
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check_page":
                names = [a.value for a in node.args[2:3] if isinstance(a, ast.Constant)]
                for name in names:
                    found.setdefault(name, []).append(path.name)
    return found


def checked_pages() -> set[str]:
    """The pages a browser test checks: every tour stop in FIT, and each named by a check_page."""
    return (tour_endpoints() & set(FIT)) | set(checked_by_name())


def without_audience(app) -> list[str]:
    return sorted(e for e in get_endpoints(app) if audience(app, e) is None)


def off_every_tour(app) -> list[str]:
    return sorted(get_endpoints(app) - tour_endpoints() - set(NOT_PAGES) - set(OFF_THE_TOUR))


def unchecked(app) -> list[str]:
    """The pages for children, parents, the wall or everyone that no check covers and no list excuses."""
    pages = {e for e in get_endpoints(app) - set(NOT_PAGES) if audience(app, e) in CHECKED}
    return sorted(pages - checked_pages() - set(NOT_FIT))


def test_every_get_endpoint_says_who_it_is_for(app):
    assert without_audience(app) == [], (
        "No login decorator says who these pages are for: guard each with teacher_required, admin_required "
        "or pupil_required, or name it in NO_LOGIN in tests/route_table.py with who it is for."
    )


def test_every_get_endpoint_is_reached_by_the_tour_or_said_not_to_be_a_page(app):
    missing = off_every_tour(app)
    assert missing == [], (
        "These pages are never reached by clicking in the browser tour: "
        + ", ".join(missing)
        + ". Add a Stop(endpoint, clicks) to TEACHER_TOUR or PUPIL_TOUR in"
        " tests/browser/tour.py, where `clicks` goes from the stop before it to the page (and a"
        " STYLE_CHECKS entry if the page has its own CSS); if it is a download and not a page, add it"
        " to NOT_PAGES with the reason; if no click reaches it, to OFF_THE_TOUR naming the test that opens it."
    )


def test_every_page_for_children_parents_and_the_wall_is_checked_for_fit_and_axe(app):
    missing = unchecked(app)
    assert missing == [], (
        "These pages are not checked on a tablet and a phone: " + ", ".join(missing) + ". Give each a"
        " Fit in FIT (tests/page_checks.py) and reach it in the tour (tests/browser/tour.py), or call"
        ' check_page(page, app, "<endpoint>") where a browser test opens it; or name it in NOT_FIT with why.'
    )


def test_each_fit_is_checked_somewhere_and_each_exclusion_is_needed(app):
    pages = get_endpoints(app)
    assert sorted(set(FIT) - checked_pages()) == [], "in FIT but no browser test checks it"
    assert sorted(set(FIT) & set(NOT_FIT)) == []
    # FIT and NOT_FIT hold only pages of the checked audiences (a teacher's page is not a child's).
    assert sorted(e for e in set(FIT) | set(NOT_FIT) if e not in pages or audience(app, e) not in CHECKED) == []
    assert set(SIZES) == set(CHECKED)
    # A page check_page is called for by name is off the tour: a tour stop is checked by the tour.
    assert sorted(set(checked_by_name()) - set(OFF_THE_TOUR)) == []


def test_the_lists_name_only_endpoints_that_exist(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    named = (
        tour_endpoints()
        | set(NOT_PAGES)
        | set(OFF_THE_TOUR)
        | set(STYLE_CHECKS)
        | set(NO_LOGIN)
        | set(SHOWN_TO_THE_CLASS)
    )
    assert sorted(named - endpoints) == []
    assert sorted(set(NOT_PAGES) & set(OFF_THE_TOUR)) == []
    # NO_LOGIN is for routes no decorator guards: a decorated one says who it is for itself.
    assert sorted(e for e in NO_LOGIN if login_audience(app.view_functions[e]) is not None) == []


def test_each_tour_starts_at_a_first_page():
    assert TEACHER_TOUR[0].endpoint == "pages.home" and PUPIL_TOUR[0].endpoint == "pupil_login.join"


def test_a_new_route_in_no_check_and_no_list_fails(tmp_path):
    # The checks above, on an app with three throwaway routes: a pupil's page, a page with no
    # login, and a teacher's page shown to nobody else. Each is named where it is missing.
    app = make_app(tmp_path / "throwaway.db")
    bp = Blueprint("throwaway", __name__)

    @bp.route("/throwaway/pupil")
    @login.pupil_required
    def pupil_page():
        return "a pupil's page no one checks"

    @bp.route("/throwaway/open")
    def open_page():
        return "a page anyone may open, for no one in particular"

    @bp.route("/throwaway/teacher")
    @login.teacher_required
    def teacher_page():
        return "a teacher's page"

    app.register_blueprint(bp)
    assert audience(app, "throwaway.pupil_page") == "pupil"
    assert audience(app, "throwaway.teacher_page") == "teacher"
    assert without_audience(app) == ["throwaway.open_page"]
    assert off_every_tour(app) == ["throwaway.open_page", "throwaway.pupil_page", "throwaway.teacher_page"]
    assert unchecked(app) == ["throwaway.pupil_page"]  # a teacher's page needs no phone check
