"""The browser tests' watcher sees what it is there to see (tests/browser/conftest.py's Watch):
a request to another origin, a script error and a console error, each reported once."""

import pytest

from browser.conftest import Watch

pytestmark = pytest.mark.browser


def test_the_watch_reports_an_off_site_request_a_page_error_and_a_console_error(page, live_server):
    watch = Watch(page, live_server.url)
    page.goto(live_server.url + "/static/css/app.css")
    assert watch.problems == []
    page.set_content('<img src="http://tracker.invalid/pixel.png">')
    page.evaluate("() => { console.error('broken'); setTimeout(() => { throw new Error('boom'); }); }")
    page.wait_for_timeout(200)
    assert any(p == "off-site request: http://tracker.invalid/pixel.png" for p in watch.problems)
    assert "console: broken" in watch.problems
    assert any(p.startswith("page error:") and "boom" in p for p in watch.problems)
    with pytest.raises(AssertionError):
        watch.assert_clean()
