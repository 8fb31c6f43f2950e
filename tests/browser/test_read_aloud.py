"""Reading aloud (issue 15.2): off by default; once the pupil switches it on, a speaker button
reads the instruction, the running sum as the rulebook calls it (R5.4) and the feedback, in
the page's language, with a voice on the device only. The browser's speechSynthesis is
replaced by a recorder: headless Chromium has no voices, and the test hears what was said."""

import pytest
from playwright.sync_api import expect

from browser.drill_steps import current_puzzle, english_sum
from browser.pupil_steps import log_in, pupil_with_a_drill
from drill_helpers import right_answer

pytestmark = pytest.mark.browser

# Voices as a tablet has them: local ones for English and Dutch, and a network voice for German
# that must never be used (its text would leave the device).
FAKE_SPEECH = """
window.__spoken = [];
const voices = [
  {name: "Local English", lang: "en-GB", localService: true},
  {name: "Local Dutch", lang: "nl-NL", localService: true},
  {name: "Cloud German", lang: "de-DE", localService: false},
];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  getVoices: () => voices, cancel() {}, addEventListener() {},
  speak(u) { window.__spoken.push({text: u.text, lang: u.lang, voice: u.voice.name}); },
}});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""


def spoken(page):
    return page.evaluate("window.__spoken")


def test_reading_aloud_is_off_until_the_pupil_turns_it_on(page, live_server, watch):
    page.add_init_script(FAKE_SPEECH)
    page.set_viewport_size({"width": 1024, "height": 768})
    pupil = pupil_with_a_drill(live_server, name="Liv")
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Start today's drill").click()
    current_puzzle(page, live_server)
    assert page.locator("[data-speak]").count() >= 2  # the instruction and the sum
    for button in page.locator("[data-speak]").all():
        expect(button).to_be_hidden()

    page.get_by_role("link", name="My page").click()
    page.get_by_role("button", name="Read aloud").click()
    expect(page.locator(".kid-switch-form .kid-switch[aria-pressed=true]")).to_contain_text("Read aloud")
    page.get_by_role("button", name="Carry on with today's drill").click()
    _, puzzle = current_puzzle(page, live_server)

    page.locator(".instructions").get_by_role("button", name="Read aloud").click()
    [said] = spoken(page)
    assert said["text"] == page.locator(".instructions [data-speak-text]").inner_text()
    assert said["lang"] == "en-GB" and said["voice"] == "Local English"

    combo = right_answer(puzzle)[0]
    if not combo.get("none"):
        if "delta" in combo:
            page.locator(f'button[data-delta="{combo["delta"]}"]').click()
        cards = [combo["play"], *combo["capture"]]
        for card in cards:
            page.locator(f'button[data-card="{card}"]').click()
        page.locator(".sum-line").get_by_role("button", name="Read aloud").click()
        assert spoken(page)[-1]["text"] == english_sum(cards)  # "4 plus 3 is 7, plus 2 is 9"
    page.get_by_role("button", name="I don't know").click()
    expect(page.locator("[data-feedback]")).to_be_visible()
    page.locator(".feedback-head").get_by_role("button", name="Read aloud").click()
    heading = page.locator("[data-feedback] h1").inner_text()
    assert spoken(page)[-1]["text"].startswith(heading)
    watch.assert_clean()


def test_no_button_without_a_voice_on_the_device(page, live_server, watch):
    """In German the only voice is a network one: no speaker button, nothing said."""
    page.add_init_script(FAKE_SPEECH)
    pupil = pupil_with_a_drill(live_server, name="Ole")
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Read aloud").click()
    # The switch's answer redraws the page; a child picks the language on the page it brings.
    expect(page.locator(".kid-switch-form .kid-switch[aria-pressed=true]")).to_contain_text("Read aloud")
    page.get_by_label("Language").select_option("de")
    page.get_by_label("Language").press("Enter")
    expect(page.get_by_role("heading", name="Hallo Ole!")).to_be_visible()
    page.locator(".kid-button-drill").click()
    page.locator("[data-puzzle][data-started]").wait_for()
    expect(page.locator("[data-speak]").first).to_be_hidden()
    assert page.evaluate("document.documentElement.classList.contains('can-speak')") is False
    assert spoken(page) == []
    watch.assert_clean()
