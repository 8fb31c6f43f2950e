"""A pupil logs in with the class code, their name and their three pictures."""

import pytest
from playwright.sync_api import expect

from web_helpers import Make

pytestmark = pytest.mark.browser

PICTURE_LABELS = {"sun": "Sun", "tree": "Tree", "boat": "Boat", "moon": "Moon"}


@pytest.fixture
def demo_class(live_server):
    db = live_server.db()
    make = Make(db)
    teacher = make.teacher()
    class_id = make.klass(teacher, "Pupil login class")
    pupil_id = make.pupil(class_id, "Zoë", password="sun,tree,boat")
    make.pupil(class_id, "Ravi", password="moon,sun,tree")
    code = make.class_row(class_id)["join_code"]
    token = make.class_row(class_id)["qr_token"]
    db.close()
    return {"class_id": class_id, "pupil_id": pupil_id, "code": code, "token": token}


def tap_pictures(page, keys):
    for key in keys:
        page.get_by_role("button", name=PICTURE_LABELS[key]).click()


def test_pupil_logs_in_with_typed_code_name_and_pictures(page, live_server, watch, demo_class):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_label("Class code").fill(demo_class["code"].lower())
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    page.get_by_role("link", name="Zoë").click()
    expect(page.get_by_role("heading", name="Hello Zoë!")).to_be_visible()
    tap_pictures(page, ["sun", "tree"])
    expect(page.get_by_text("2 of 3 pictures chosen")).to_be_visible()
    tap_pictures(page, ["boat"])
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    assert page.url == live_server.url + "/me"
    assert demo_class["code"] not in page.url
    watch.assert_clean()


def test_wrong_pictures_are_refused_and_the_pupil_can_try_again(page, live_server, watch, demo_class):
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(demo_class["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Zoë").click()
    tap_pictures(page, ["boat", "tree", "sun"])  # quick taps, no waiting in between
    expect(page.get_by_text("Not quite. Try again!")).to_be_visible()
    expect(page.get_by_text("0 of 3 pictures chosen")).to_be_visible()
    tap_pictures(page, ["sun", "tree", "boat"])
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    watch.assert_clean()


def test_qr_card_logs_in_without_the_code_or_token_staying_in_the_url(page, live_server, watch, demo_class):
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{live_server.url}/join#k={demo_class['token']}")
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    assert demo_class["token"] not in page.url
    assert not any(demo_class["token"] in url or demo_class["code"] in url for url in requested)
    page.get_by_role("link", name="Ravi").click()
    tap_pictures(page, ["moon", "sun", "tree"])
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    watch.assert_clean()


def test_picture_pad_works_by_keyboard(page, live_server, watch, demo_class):
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(demo_class["code"])
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Zoë").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Hello Zoë!")).to_be_visible()
    for key in ["sun", "tree", "boat"]:
        page.get_by_role("button", name=PICTURE_LABELS[key]).focus()
        page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    watch.assert_clean()


def test_codes_and_pictures_never_reach_the_request_log(page, live_server, demo_class, caplog):
    caplog.set_level("DEBUG")
    page.goto(f"{live_server.url}/join#k={demo_class['token']}")
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    page.get_by_role("button", name="This is not my class").click()
    page.get_by_label("Class code").fill(demo_class["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Zoë").click()
    tap_pictures(page, ["sun", "tree", "boat"])
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    log = caplog.text
    assert "POST /join/pupil/" in log  # the request log was captured
    for secret in (demo_class["code"], demo_class["token"], "sun", "tree,boat"):
        assert secret not in log


def test_pupil_login_works_without_javascript(browser, live_server, demo_class):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(demo_class["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Zoë").click()
    tap_pictures(page, ["sun"])
    expect(page.get_by_text("1 of 3 pictures chosen")).to_be_visible()
    tap_pictures(page, ["tree", "boat"])
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    context.close()
