"""Colour is never a card's only cue, and some children count (issue 49.4, 49.5): a bot game's
board at 1024×768 as it is, with dot faces, with ten-frames and the number line, and in
greyscale, under protanopia and under deuteranopia (a colour matrix on <html>, in this test
only). Under greyscale every card still carries its colour's word and its own pattern, six
patterns for six colours (on "Check our table", where all 54 cards are).

Saves docs/screens/pupil-board-colours-*.png for docs/pupils.md ("What a child needs")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import a_child, log_in
from browser.screens import SCREENS
from trainer.store import drills

pytestmark = pytest.mark.browser

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB: SVG filters work in
# linearRGB unless told otherwise.
MATRICES = {
    "protanopia": "0.152286 1.052583 -0.204868 0 0  0.114503 0.786281 0.099216 0 0  "
    "-0.003882 -0.048116 1.051998 0 0  0 0 0 1 0",
    "deuteranopia": "0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  "
    "-0.011820 0.042940 0.968881 0 0  0 0 0 1 0",
}
SEE = """([name, matrix]) => {
    document.getElementById('seen-as')?.remove();
    if (matrix) {
        const ns = 'http://www.w3.org/2000/svg';
        const svg = document.createElementNS(ns, 'svg');
        svg.id = 'seen-as';
        svg.setAttribute('width', '0');
        svg.setAttribute('height', '0');
        svg.style.position = 'absolute';
        const filter = document.createElementNS(ns, 'filter');
        filter.id = 'seen-as-' + name;
        const colours = document.createElementNS(ns, 'feColorMatrix');
        colours.setAttribute('type', 'matrix');
        colours.setAttribute('values', matrix);
        filter.appendChild(colours);
        svg.appendChild(filter);
        document.body.appendChild(svg);
    }
    // The filtered <html> is as tall as the window at least, so no band below it escapes the filter.
    document.documentElement.style.minHeight = name ? '100vh' : '';
    document.documentElement.style.filter =
        name === 'greyscale' ? 'grayscale(1)' : matrix ? `url(#seen-as-${name})` : '';
}"""
# Each numeric card's colour word and pattern, as the page draws them.
CARDS = """() => [...document.querySelectorAll('.card[data-card]')].map(card => ({
    id: card.dataset.card,
    word: card.querySelector('.card-color').textContent.trim(),
    pattern: getComputedStyle(card).backgroundImage,
    shown: getComputedStyle(card.querySelector('.card-color')).display !== 'none',
}))"""


@pytest.fixture
def child(live_server):
    return a_child(live_server, "Colour class", "Iris")


def needs(live_server, child, faces, number_line=False):
    db = live_server.db()
    drills.set_needs(
        db, child["id"], extra_time_s=0, read_aloud=False, no_timer=False, card_faces=faces, number_line=number_line
    )
    db.close()


def shot(page, name):
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / f"pupil-board-colours-{name}-1024x768.png"))


def assert_word_and_pattern_per_colour(cards, all_six):
    by_colour: dict[str, set] = {}
    for card in cards:
        assert card["word"] and card["pattern"] not in ("", "none"), card
        by_colour.setdefault(card["id"][0], set()).add((card["word"], card["pattern"]))
    assert all(len(kinds) == 1 for kinds in by_colour.values()), by_colour  # one look per colour
    patterns = [next(iter(kinds))[1] for kinds in by_colour.values()]
    assert len(set(patterns)) == len(patterns), "two colours share a pattern"
    if all_six:
        assert set(by_colour) == set("ROYGBP")


def test_a_board_in_each_face_and_seen_in_greyscale_and_by_colour_blind_eyes(
    page, live_server, watch, child, known_deal
):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, child)
    page.get_by_role("link", name="More choices").click()
    page.get_by_label("Bot 1", exact=True).select_option("beginner")
    page.get_by_role("button", name="Start the game").click()
    board = page.locator("#game[data-decision]")
    if page.locator(".replay-bar").count():
        page.get_by_role("link", name="Skip", exact=True).click()
    expect(board).to_be_visible(timeout=30_000)
    assert page.locator(".card-count").count() == 0
    shot(page, "normal")

    for name, matrix in [("greyscale", None), *MATRICES.items()]:
        page.evaluate(SEE, [name, matrix])
        if name == "greyscale":
            cards = page.evaluate(CARDS)
            assert len(cards) >= 4 and all(card["shown"] for card in cards)
            assert_word_and_pattern_per_colour(cards, all_six=False)
        shot(page, name)
    page.evaluate(SEE, ["", None])

    needs(live_server, child, "dots")
    page.reload()
    expect(board).to_be_visible()
    expect(page.locator(".table-cards .card-count--dots").first).to_be_visible()
    assert page.locator(".card-count").count() == page.locator(".card[data-card]").count()
    shot(page, "dots")

    needs(live_server, child, "ten-frame", number_line=True)
    page.reload()
    expect(board).to_be_visible()
    expect(page.locator(".hand-cards .card-count--ten-frame").first).to_be_visible()
    # The number line follows the cards chosen: a hand card's value of the magic number.
    target = page.locator("#target-heading").get_attribute("data-target")
    first = page.locator(".hand-cards [data-pick-card]").first
    value = first.locator(".card-value").inner_text()
    expect(page.locator("[data-number-line-words]")).to_have_text(f"0 of {target}")
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-number-line-words]")).to_have_text(f"{value} of {target}")
    expect(page.locator(".number-line-step--here")).to_have_text(value)
    shot(page, "ten-frame")

    # Every colour, on the page that shows all 54 cards, still has its word and its pattern in grey.
    needs(live_server, child, "digits")
    page.get_by_role("link", name="My page").first.click()
    page.get_by_role("link", name="Check our table").click()
    expect(page.get_by_role("heading", name="Check our table")).to_be_visible()
    page.evaluate(SEE, ["greyscale", None])
    assert_word_and_pattern_per_colour(page.evaluate(CARDS), all_six=True)
    watch.assert_clean()
