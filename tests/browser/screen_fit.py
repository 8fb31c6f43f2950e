"""Does a screen fit (issue 15.1, 15.7, 16): the board tests' one check, at several sizes,
without scrolling back first: the page opens at the top, is no wider than the window (and,
unless told otherwise, no taller), and what must be seen is inside it."""
from __future__ import annotations

from browser.screens import SCREENS

# The sizes every pupil page is checked at: a tablet either way up and a phone either way up
# (issue 47.5: a phone held sideways, 844×390, is how many children hold it at home).
TABLET, TABLET_UPRIGHT, PHONE, PHONE_SIDEWAYS = (1024, 768), (768, 1024), (390, 844), (844, 390)
PUPIL_SIZES = (TABLET, TABLET_UPRIGHT, PHONE, PHONE_SIDEWAYS)


def inside(page, selector, what, size):
    width, height = size
    elements = page.locator(selector).all()
    assert elements, f"{what} is not on the page at {width}×{height}"
    for element in elements:
        box = element.bounding_box()
        assert box, f"{what} is not shown at {width}×{height}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{what} is off the screen at {width}×{height}: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{what} sticks out at {width}×{height}: {box}"


def check_fit(page, screen, must_see, sizes, shot=None, shot_sizes=(), whole_height=True):
    """`shot`: the screenshot's name in docs/screens (the size is added), taken at `shot_sizes`.
    `whole_height=False`: the page may scroll below what must be seen. Back to 1024×768 after."""
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
        if shot and (width, height) in shot_sizes:
            page.screenshot(path=str(SCREENS / f"{shot}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
