"""The language picker changes the page, and the choice sticks."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_language_switch_changes_the_page_and_is_remembered(page, live_server, watch):
    page.goto(live_server.url + "/join")
    expect(page.get_by_role("heading", name="Log in to your class")).to_be_visible()
    page.get_by_label("Language").select_option("nl")
    expect(page.get_by_role("heading", name="Log in bij je klas")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "nl"
    page.get_by_role("link", name="Spelregels").click()
    expect(page.get_by_role("heading", name="Zo speel je TWEAK")).to_be_visible()
    page.get_by_label("Taal").select_option("cs")
    expect(page.get_by_role("heading", name="Jak se hraje TWEAK")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Jak se hraje TWEAK")).to_be_visible()
    watch.assert_clean()


def test_language_picker_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/how-to-play")
    page.get_by_label("Language").select_option("fi")
    page.get_by_role("button", name="Change").click()
    expect(page.get_by_role("heading", name="Näin pelaat TWEAKia")).to_be_visible()
    context.close()
