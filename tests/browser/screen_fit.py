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

# Every element's box, for several selectors, in one round trip to the browser: the fit checks
# run after every move of whole rounds, at four sizes, and one bounding_box() call per element
# was most of the browser tests' time. A box is None where the element is not rendered
# (display: none), as Playwright's bounding_box() says.
# A selector only Playwright reads (button:text(...)) comes back as None, for its locator.
_BOXES = """selectors => selectors.map(selector => {
    let elements;
    try { elements = [...document.querySelectorAll(selector)]; } catch (error) { return null; }
    return elements.map(element => {
        if (!element.getClientRects().length) return null;
        const box = element.getBoundingClientRect();
        return {x: box.x, y: box.y, width: box.width, height: box.height};
    });
})"""
_MEASURE = f"""selectors => [document.scrollingElement.scrollHeight, scrollY, document.scrollingElement.scrollWidth,
                 innerWidth, ({_BOXES})(selectors)]"""


def within(found, what, size):
    width, height = size
    assert found, f"{what} is not on the page at {width}×{height}"
    for box in found:
        assert box, f"{what} is not shown at {width}×{height}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (
            f"{what} is off the screen at {width}×{height}: {box}"
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{what} sticks out at {width}×{height}: {box}"


def _boxes(page, selectors, found):
    return [
        each if each is not None else [element.bounding_box() for element in page.locator(selector).all()]
        for selector, each in zip(selectors, found)
    ]


def boxes(page, selector) -> list:
    """The boxes of every element the selector finds (None for one not rendered)."""
    return _boxes(page, [selector], page.evaluate(_BOXES, [selector]))[0]


def inside(page, selector, what, size):
    within(boxes(page, selector), what, size)


def check_fit(page, screen, must_see, sizes, shot=None, shot_sizes=(), whole_height=True, axe=False):
    """`shot`: the screenshot's name in docs/screens (the size is added), taken at `shot_sizes`.
    `whole_height=False`: the page may scroll below what must be seen. `axe`: axe-core finds
    nothing at each size either. The window's size is put back after."""
    # Measured as the child sees it once htmx has settled: a boosted link's page is scrolled to
    # its top only when the swap settles, a few milliseconds after its content is there.
    page.wait_for_function("() => !document.querySelector('.htmx-swapping, .htmx-settling')")
    before = page.viewport_size
    # The size the page already has first: a resize is a whole new layout.
    for width, height in sorted(sizes, key=lambda size: size != (before["width"], before["height"])):
        if (width, height) != (page.viewport_size["width"], page.viewport_size["height"]):
            page.set_viewport_size({"width": width, "height": height})
        selectors = [selector for selector, _what in must_see]
        tall, y, wide, inner_width, found = page.evaluate(_MEASURE, selectors)
        measured = _boxes(page, selectors, found)
        if whole_height and tall > height:
            page.screenshot(path=f"/tmp/too-tall-{width}x{height}.png")  # a full page would be laid out taller
        assert not whole_height or tall <= height, (
            f"{screen} is {tall} px tall at {width}×{height} (/tmp/too-tall-*.png)"
        )
        assert y == 0, f"{screen} opened scrolled {y} px down at {width}×{height}"
        assert wide <= inner_width, f"{screen} is {wide} px wide at {width}×{height}"
        for (_selector, what), found in zip(must_see, measured):
            within(found, f"{what} on {screen}", (width, height))
        if axe:
            problems = violations(page)
            assert problems == [], f"axe-core on {screen} at {width}×{height}: {problems}"
        if shot and (width, height) in shot_sizes:
            page.screenshot(path=str(SCREENS / f"{shot}-{width}x{height}.png"))
    if page.viewport_size != before:
        page.set_viewport_size(before)


def check_page(page, app, endpoint, shot=None, shot_sizes=(), in_place_of=None):
    """The page open in `page` is `endpoint`'s (or, `in_place_of` that one, stands for it: the
    offline page the service worker shows at the address asked for): it fits each size of its
    audience as FIT says, and passes axe-core there."""
    at = endpoint_of(app, page.url)
    assert at == (in_place_of or endpoint), f"expected {endpoint}, the page is {page.url} ({at})"
    fit = FIT[endpoint]
    check_fit(
        page,
        endpoint,
        fit.must_see,
        SIZES[audience(app, endpoint)],
        shot,
        shot_sizes,
        whole_height=not fit.scrolls,
        axe=True,
    )
