"""Light pages that load once (issue 18.3): the bytes a tablet really fetches, counted by
Chromium (CDP `Network.loadingFinished`, compressed sizes with headers), for the puzzle screen
and the game board — on a first visit with an empty cache, and on a repeat visit.

The service worker is blocked here: what it fetches is not seen by the page's network log,
and a tablet that has it only fetches less. Budgets: first visit ≤ 100 KB in total, repeat visit ≤ 15 KB. The figures are printed for
docs/performance.md (`pytest -s tests/browser/test_page_weight.py`)."""

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import log_in, pupil_with_a_drill

pytestmark = pytest.mark.browser

FIRST_VISIT_BUDGET = 100 * 1024
REPEAT_VISIT_BUDGET = 15 * 1024


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


class Transfer:
    """Bytes that came over the network for this page since `start()`."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.bytes = {}
        self.urls = {}
        self.cdp.on("Network.requestWillBeSent", lambda e: self.urls.__setitem__(e["requestId"], e["request"]["url"]))
        self.cdp.on("Network.loadingFinished", lambda e: self.bytes.__setitem__(e["requestId"], e["encodedDataLength"]))

    def start(self):
        self.bytes.clear()

    def clear_cache(self):
        self.cdp.send("Network.clearBrowserCache")

    def total(self):
        return sum(self.bytes.values())

    def breakdown(self):
        return {self.urls.get(rid, rid): size for rid, size in self.bytes.items()}


def _measure(page, transfer, url, ready):
    """(first visit, repeat visit) in bytes for a full load of `url`."""
    transfer.clear_cache()
    transfer.start()
    page.goto(url)
    ready()
    page.wait_for_load_state("networkidle")
    first = transfer.total()
    first_parts = transfer.breakdown()

    transfer.start()
    page.goto(url)
    ready()
    page.wait_for_load_state("networkidle")
    repeat = transfer.total()
    print(f"\n{url}: first visit {first / 1024:.1f} KB, repeat {repeat / 1024:.1f} KB")
    for part, size in sorted(first_parts.items(), key=lambda item: -item[1]):
        print(f"    {size / 1024:6.1f} KB  {part}")
    return first, repeat, first_parts


@pytest.fixture
def pupil(live_server):
    return pupil_with_a_drill(live_server)


def test_the_puzzle_screen_is_light_first_and_lighter_again(page, live_server, pupil):
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Start today's drill").click()
    page.locator("[data-puzzle][data-started]").wait_for()
    transfer = Transfer(page)

    first, repeat, parts = _measure(page, transfer, page.url, lambda: page.locator("[data-puzzle]").wait_for())
    assert first <= FIRST_VISIT_BUDGET, parts
    assert repeat <= REPEAT_VISIT_BUDGET
    # The static files were fetched compressed: no script or stylesheet arrives at full size.
    htmx = next(size for url, size in parts.items() if "/vendor/htmx" in url)
    assert htmx < 25 * 1024, "htmx (51 KB minified) travels brotli- or gzip-compressed"


def test_the_game_board_is_light_first_and_lighter_again(page, live_server, pupil):
    log_in(page, live_server, pupil)
    page.get_by_role("link", name="New game").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#game")).to_be_visible()
    transfer = Transfer(page)

    first, repeat, parts = _measure(page, transfer, page.url, lambda: page.locator("#game").wait_for())
    assert first <= FIRST_VISIT_BUDGET, parts
    assert repeat <= REPEAT_VISIT_BUDGET
