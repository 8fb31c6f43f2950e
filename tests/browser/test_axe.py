"""axe-core in the browser tests (tests/browser/axe.py, issue 15.8): WCAG 2.1 A/AA and axe's
best practices. Which pages it scans comes from the route table (issue 48.4): every page for
children, parents, the wall or everyone, at each of its sizes, where it is opened — the
click-through tour (tests/browser/tour.py) and `check_page` in the test that opens a page the
tour cannot reach (tests/page_checks.py says which); and the states only a game or a drill
reaches where those tests are: a puzzle's feedback and the drill's end
(test_pupil_screens_fit.py), home after the drill (test_childs_morning.py), the end of a round
(test_board_fits.py), the sign-in's waiting note (test_shared_tablet.py).

Here: the scanner itself, in an ordinary context, with the app's CSP in force."""

import pytest

from browser.axe import violations

pytestmark = pytest.mark.browser


def test_the_scan_reports_what_a_page_gets_wrong(page, live_server, watch):
    """A card without its colour name and an unlabelled button are found, on a page whose CSP
    refuses inline scripts (so axe is not injected as one), and the page reports no violation of
    its CSP for it."""
    page.goto(live_server.url + "/")
    assert violations(page) == []
    page.evaluate("""() => {
        const b = document.createElement('button');
        b.appendChild(document.createElement('span'));
        document.querySelector('main').appendChild(b);
        const img = document.createElement('img');
        img.src = '/static/favicon.svg';
        document.querySelector('main').appendChild(img);
    }""")
    found = " ".join(violations(page))
    assert "button-name" in found and "image-alt" in found
    assert "Content Security Policy" not in " ".join(watch.problems)
    watch.assert_clean()
