"""The language picker changes the page when asked, and the choice sticks. By keyboard (issue
49.2) the arrow keys move through the languages without leaving the page; Enter, or Change
beside the picker, confirms, and the page in its new language keeps the focus on the picker."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_language_switch_changes_the_page_and_is_remembered(page, live_server, watch):
    page.goto(live_server.url + "/join")
    expect(page.get_by_role("heading", name="Log in to your class")).to_be_visible()
    expect(page.get_by_role("button", name="Change")).to_be_hidden()  # nothing to confirm yet
    page.get_by_label("Language").select_option("nl")
    page.get_by_role("button", name="Change").click()
    expect(page.get_by_role("heading", name="Log in bij je klas")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "nl"
    page.get_by_role("link", name="Spelregels").click()
    expect(page.get_by_role("heading", name="Zo speel je TWEAK")).to_be_visible()
    page.get_by_label("Taal").select_option("cs")
    page.get_by_role("button", name="Wijzigen").click()
    expect(page.get_by_role("heading", name="Jak se hraje TWEAK")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Jak se hraje TWEAK")).to_be_visible()
    watch.assert_clean()


def focused_id(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_arrow_keys_only_move_through_the_languages_and_enter_confirms(page, live_server, watch):
    page.goto(live_server.url + "/join")
    expect(page.get_by_role("heading", name="Log in to your class")).to_be_visible()
    picker = page.get_by_label("Language")
    # Tab from the top of the page, as a keyboard child comes: to the picker in the header.
    for _ in range(20):
        page.keyboard.press("Tab")
        if focused_id(page) == "lang-select":
            break
    assert focused_id(page) == "lang-select"

    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(500)  # a page that switched on change would be on its way now
    expect(picker).to_have_value("da")
    expect(page.get_by_role("heading", name="Log in to your class")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "en"
    assert focused_id(page) == "lang-select"
    expect(page.get_by_role("button", name="Change")).to_be_visible()

    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Log ind i din klasse")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "da"
    expect(page.get_by_label("Sprog")).to_be_focused()
    assert page.evaluate("document.activeElement.matches(':focus-visible')")

    # Change beside it confirms too, reached by Tab; the focus comes back to the picker.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("heading", name="Log ind i din klasse")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Skift")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Log in to your class")).to_be_visible()
    expect(page.get_by_label("Language")).to_be_focused()
    watch.assert_clean()


def test_language_picker_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/how-to-play")
    page.get_by_label("Language").select_option("fi")
    page.get_by_role("button", name="Change").click()
    expect(page.get_by_role("heading", name="Näin pelaat TWEAKia")).to_be_visible()
    context.close()
