"""Does a screen fit (issue 15.1, 15.7, 16): the board tests' one check, at several sizes,
without scrolling back first: the page opens at the top, is no wider than the window (and,
unless told otherwise, no taller), and what must be seen is inside it.

`check_page` is the check every page for children, parents and the wall gets (issue 48.4): its
sizes and what must be seen come from tests/page_checks.py, by the page's endpoint, and axe-core
runs at each size on the page already open."""
from __future__ import annotations

from browser.axe import violations
from browser.screens import SCREENS
from page_checks import FIT, PUPIL_SIZES, SIZES  # noqa: F401 - PUPIL_SIZES: the board tests take it from here
from route_table import audience, endpoint_of


def inside(page, selector, what, size):
    width, height = size
    elements = page.locator(selector).all()
    assert elements, f"{what} is not on the page at {width}×{height}"
    for element in elements:
        box = element.bounding_box()
        assert box, f"{what} is not shown at {width}×{height}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{what} is off the screen at {width}×{height}: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{what} sticks out at {width}×{height}: {box}"


def check_fit(page, screen, must_see, sizes, shot=None, shot_sizes=(), whole_height=True, axe=False):
    """`shot`: the screenshot's name in docs/screens (the size is added), taken at `shot_sizes`.
    `whole_height=False`: the page may scroll below what must be seen. `axe`: axe-core finds
    nothing at each size either. The window's size is put back after."""
    before = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        tall, y, wide, inner_width = page.evaluate(
            "[document.scrollingElement.scrollHeight, scrollY, document.scrollingElement.scrollWidth, innerWidth]")
        if whole_height and tall > height:
            page.screenshot(path=f"/tmp/too-tall-{width}x{height}.png")     # a full page would be laid out taller
        assert not whole_height or tall <= height, f"{screen} is {tall} px tall at {width}×{height} (/tmp/too-tall-*.png)"
        assert y == 0, f"{screen} opened scrolled {y} px down at {width}×{height}"
        assert wide <= inner_width, f"{screen} is {wide} px wide at {width}×{height}"
        for selector, what in must_see:
            inside(page, selector, f"{what} on {screen}", (width, height))
        if axe:
            problems = violations(page)
            assert problems == [], f"axe-core on {screen} at {width}×{height}: {problems}"
        if shot and (width, height) in shot_sizes:
            page.screenshot(path=str(SCREENS / f"{shot}-{width}x{height}.png"))
    page.set_viewport_size(before)


def check_page(page, app, endpoint, shot=None, shot_sizes=(), in_place_of=None):
    """The page open in `page` is `endpoint`'s (or, `in_place_of` that one, stands for it: the
    offline page the service worker shows at the address asked for): it fits each size of its
    audience as FIT says, and passes axe-core there."""
    at = endpoint_of(app, page.url)
    assert at == (in_place_of or endpoint), f"expected {endpoint}, the page is {page.url} ({at})"
    fit = FIT[endpoint]
    check_fit(page, endpoint, fit.must_see, SIZES[audience(app, endpoint)], shot, shot_sizes,
              whole_height=not fit.scrolls, axe=True)
