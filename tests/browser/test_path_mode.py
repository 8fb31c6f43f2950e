"""Two schools by path prefix on one server, in Chromium (issue 34.4, issue 38.7): a teacher who
opens a class page logged out is back on it after the password, inside /oak/; a pupil's login
stays in /oak/, the service worker installs there with the scope /oak/ and the Wi-Fi gone shows
the school's offline page. tests/schools/test_path_mode.py checks the same by request."""

import re

import pytest
from playwright.sync_api import expect

from browser.conftest import LiveServer, Watch, wifi_gone
from browser.pupil_steps import PICTURES
from school_helpers import add_school, dispatcher, school_path
from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def schools(tmp_path_factory):
    folder = tmp_path_factory.mktemp("path-schools")
    add_school(folder, "Oak Lane Primary", "oak")
    add_school(folder, "Birch Road", "birch")
    db = connect(school_path(folder, "oak"))
    make = Make(db)
    class_id = make.klass(make.teacher(email="ada@oak.example"), "Oak owls")
    make.pupil(class_id, "Alma", password="sun,tree,boat")
    ids = {"class_id": class_id, "code": make.class_row(class_id)["join_code"]}
    db.close()
    server = LiveServer(dispatcher(folder, select_by="path"))
    server.start()
    yield server, ids
    server.stop()


def test_a_teacher_comes_back_to_the_class_page_inside_the_schools_prefix(page, schools):
    server, ids = schools
    watch = Watch(page, server.url)
    # The test is about this address: a bookmark of a class page, opened logged out.
    page.goto(f"{server.url}/oak/classes/{ids['class_id']}")
    expect(page.get_by_role("heading", name="Teacher login")).to_be_visible()
    assert "/oak/login?next=" in page.url
    page.get_by_label("E-mail address").fill("ada@oak.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{server.url}/oak/classes/{ids['class_id']}")
    expect(page.get_by_role("heading", name="Oak owls")).to_be_visible()
    watch.assert_clean()


def test_a_pupil_logs_in_and_the_offline_page_installs_under_the_prefix(page, context, schools):
    server, ids = schools
    watch = Watch(page, server.url)
    page.goto(f"{server.url}/oak/")
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_label("Class code").fill(ids["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Alma").click()
    for picture in PICTURES:
        page.get_by_role("button", name=picture).click()
    page.wait_for_url(re.compile(r".*/oak/me$"))

    # The worker claims the page once it is active; before the fix there was none to wait for.
    claimed = page.evaluate("""() => new Promise(resolve => {
        if (navigator.serviceWorker.controller) return resolve(true);
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
        setTimeout(() => resolve(false), 20000);
    })""")
    assert claimed, "no service worker took the page"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{server.url}/oak/"  # was /sw.js: a 404, so no worker at all
    cached = page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
    }""")
    assert "/oak/offline" in cached
    assert all(url == "/oak/offline" or url.startswith("/oak/static/") for url in cached), cached

    page.reload()  # now the worker controls the page
    here = page.url
    wifi_gone(context, page)
    page.goto(here)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_text("Alma")).to_have_count(0)
    context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    expect(page.get_by_text("Alma").first).to_be_visible()
    assert page.url.startswith(f"{server.url}/oak/")
    watch.assert_clean()
