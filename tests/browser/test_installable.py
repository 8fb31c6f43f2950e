"""An installable web app for tablets (issue 18.4): a manifest Chromium accepts, a service worker
that keeps only static files and the offline page — never a pupil's page, never an answer —
and, with the Wi-Fi gone, a calm page that shows nobody's name."""

import re

import pytest
from playwright.sync_api import expect

from browser.conftest import wifi_gone
from browser.pupil_steps import log_in, pupil_with_a_drill
from browser.screen_fit import check_page

pytestmark = pytest.mark.browser


@pytest.fixture
def pupil(live_server):
    return pupil_with_a_drill(live_server, name="Zofia")


def _cached_urls(page):
    return page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
    }""")


def test_the_manifest_names_the_app_and_its_icons_load(page, live_server):
    page.goto(live_server.url + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(live_server.url + href).json()
    assert manifest["name"] == "TWEAK Trainer" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes  # what Chromium asks for to offer "Install"
    for icon in manifest["icons"]:
        assert page.request.get(live_server.url + icon["src"]).ok, icon["src"]


def test_the_worker_keeps_only_static_files_and_a_nameless_offline_page(page, live_server, pupil):
    log_in(page, live_server, pupil)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # Click around a little as a child does, so the worker sees pages go by.
    page.reload()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")

    cached = _cached_urls(page)
    assert "/offline" in cached
    others = [url for url in cached if url != "/offline"]
    assert others and all(re.fullmatch(r"/static/.+\.[0-9a-f]{12}\.\w+", url) for url in others), cached

    body = page.evaluate("""async () => {
        const hit = await caches.match('/offline');
        return hit.text();
    }""")
    assert "Zofia" not in body, "the offline page was cached without the pupil's cookie"


def test_without_wifi_the_tablet_shows_the_offline_page_then_recovers(page, context, live_server, pupil):
    log_in(page, live_server, pupil)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the worker controls the page
    here = page.url

    wifi_gone(context, page)
    page.goto(here)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_text("Zofia")).to_have_count(0)
    check_page(page, live_server.app, "install.offline", in_place_of="pupil_home.home")

    context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    expect(page.get_by_text("Zofia").first).to_be_visible()
