"""The focus can be seen wherever it goes (issue 49.2; WCAG 2.2 SC 1.4.11, 2.4.11, 2.4.13). The
yellow ring had 1.65–1.82:1 on the page and was the yellow of "now playing". A keyboard child
tabs through their page and through a bot game's board (header, buttons, every card); at each
stop the ring's colours, read from the computed style (outline and box-shadow), are held to
the colours around them, the element's own background inside the ring and its parent's
outside: of the ring's two colours, one has at least 3:1 against each, and the two differ by at
least 9:1 (technique C40). The focused element is the one on top at its centre, never under
something else. And the focus looks unlike "now playing": another colour, a ring, not a frame."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import a_child, log_in

pytestmark = pytest.mark.browser

SIZES = ((1024, 768), (390, 844))

# What the focus looks like where it is now, and what surrounds it. A class table's card is a
# hidden checkbox in a label: the label draws the ring. A colour with some transparency is laid
# over what is behind it.
FOCUSED = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const host = el.closest('.card-pick') || el;
    const rgba = text => (text.match(/rgba?\\([^)]*\\)/g) || []).map(c => c.match(/[\\d.]+/g).map(Number));
    const over = (top, under) => {
        const a = top.length > 3 ? top[3] : 1;
        return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a));
    };
    const background = start => {
        const layers = [];
        for (let node = start; node && node.nodeType === 1; node = node.parentElement) {
            const [colour] = rgba(getComputedStyle(node).backgroundColor);
            if (colour && (colour.length < 4 || colour[3] > 0)) {
                layers.push(colour);
                if (colour.length < 4 || colour[3] === 1) break;
            }
        }
        return layers.reduceRight((under, top) => over(top, under), [255, 255, 255]);
    };
    const style = getComputedStyle(host);
    const card = host.querySelector('.card');
    const box = host.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return {
        what: (el.getAttribute('aria-label') || el.innerText || el.id || el.tagName).trim().slice(0, 40),
        outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
        ring: rgba(style.outlineColor)[0], halo: rgba(style.boxShadow),
        inside: card ? background(card) : background(host), outside: background(host.parentElement),
        onTop: !!hit && (host.contains(hit) || hit.contains(host)),
        visible: el.matches(':focus-visible'),
    };
}"""

NOW_PLAYING = """() => [...document.querySelectorAll('.seat--turn, .badge--turn')].map(el => {
    const s = getComputedStyle(el);
    const framed = s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) > 0;
    return {outline: s.outlineStyle, colours: framed ? [s.borderTopColor, s.backgroundColor] : [s.backgroundColor]};
})"""


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rgb(text):
    return [float(n) for n in re.findall(r"[\d.]+", text)[:3]]


def tab_through(page, where, size, most=60):
    """Every stop of one round of Tab from the top of the page: what is wrong at each."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    wrong, seen = [], []
    for _ in range(most):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUSED)
        if focus is None:
            break
        if seen and focus["what"] == seen[0]:
            break
        seen.append(focus["what"])
        at = f"{where} at {size[0]}×{size[1]}, {focus['what']!r}"
        if not focus["visible"]:
            wrong.append(f"{at}: no :focus-visible")
            continue
        if focus["outlineStyle"] != "solid" or focus["outlineWidth"] < 2 or not focus["ring"]:
            wrong.append(f"{at}: no ring ({focus})")
            continue
        ring, colours = focus["ring"], [focus["ring"], *focus["halo"][:1]]
        if len(colours) < 2 or contrast(ring, colours[1]) < 9:
            wrong.append(f"{at}: not two colours 9:1 apart ({colours})")
        for side in ("inside", "outside"):
            best = max(contrast(colour, focus[side]) for colour in colours)
            if best < 3:
                wrong.append(f"{at}: {best:.2f}:1 against {side} {focus[side]}")
        if not focus["onTop"]:
            wrong.append(f"{at}: under another element")
    assert len(seen) >= 5, f"only {seen} on {where}"
    return wrong, seen


@pytest.fixture
def child(live_server):
    return a_child(live_server, "Focus class", "Kai")


def test_the_focus_ring_stands_out_everywhere_a_child_tabs(page, live_server, watch, child, known_deal):
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1024, "height": 768})
    log_in(page, live_server, child)
    page.get_by_role("button", name="Fox").click()
    expect(page.get_by_role("heading", name="Pick your character")).to_have_count(0)
    wrong = []
    for size in SIZES:
        found, _seen = tab_through(page, "the pupil's page", size)
        wrong += found

    page.get_by_role("button", name="Play").click()
    expect(page.locator("#game[data-decision]")).to_be_visible(timeout=30_000)
    cards = 0
    for size in SIZES:
        found, seen = tab_through(page, "the board", size)
        wrong += found
        cards = max(cards, sum(", in your hand" in what or "on the table" in what for what in seen))
    assert cards >= 3, "the tab stops reach the cards"
    assert wrong == []

    # "Now playing" is a yellow frame; the focus is a dark ring and a white halo, no yellow.
    page.set_viewport_size({"width": 1024, "height": 768})
    playing = page.evaluate(NOW_PLAYING)
    assert playing, "a seat or a badge says whose turn it is"
    page.keyboard.press("Tab")
    focus = page.evaluate(FOCUSED)
    for marker in playing:
        assert marker["outline"] == "none"
        for colour in marker["colours"]:
            if colour.startswith("rgba(0, 0, 0, 0)"):
                continue
            assert rgb(colour) not in (focus["ring"][:3], focus["halo"][0][:3])
            assert contrast(rgb(colour), focus["ring"]) >= 3
    watch.assert_clean()
