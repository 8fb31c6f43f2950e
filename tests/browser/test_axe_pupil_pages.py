"""Every pupil page passes axe-core (WCAG 2.1 A/AA and best practices) at each tablet and phone
size (issue 15.8): the login steps, home with the character picker, the picker page, a puzzle,
its feedback, the end of the drill, the new-game form, the board and the end of a round —
reached by clicking from the first page."""
import re

import pytest
from playwright.sync_api import expect

from browser.axe import violations
from browser.drill_steps import current_puzzle
from browser.pupil_steps import log_in, pupil_with_a_drill
from trainer.engine.solver import best_capture, solve
from trainer.store import parent_links

pytestmark = pytest.mark.browser

SIZES = ((1024, 768), (768, 1024), (390, 844))


@pytest.fixture
def page(browser):
    # Only here: axe is injected as a script, which the app's CSP (rightly) refuses.
    context = browser.new_context(bypass_csp=True, reduced_motion="reduce")
    yield context.new_page()
    context.close()


class Scan:
    def __init__(self, page):
        self.page = page
        self.found = {}
        self.pages = 0

    def __call__(self, name):
        self.pages += 1
        for width, height in SIZES:
            self.page.set_viewport_size({"width": width, "height": height})
            problems = violations(self.page)
            if problems:
                self.found[f"{name} at {width}×{height}"] = problems
        self.page.set_viewport_size({"width": 1024, "height": 768})


def play_a_move(page):
    if page.locator(".discard").count():
        page.locator(".discard button").first.click()
        return
    hand = [b.get_attribute("data-pick-card") for b in page.locator(".hand-cards [data-pick-card]").all()]
    table = [b.get_attribute("data-pick-card") for b in page.locator(".table-cards [data-pick-card]").all()]
    target = int(page.locator(".target-card").inner_text())
    capture = best_capture(solve(hand, table, target))
    for card in [capture.play, *capture.capture] if capture else [hand[0]]:
        page.locator(f'[data-pick-card="{card}"]').click()
    if capture:
        page.get_by_role("button", name="Take", exact=True).click()
    else:
        page.get_by_role("button", name=re.compile(r"^(Lay|Put down)$")).click()


def test_axe_finds_nothing_on_any_pupil_page(page, live_server):
    live_server.app.config["GAME_STEP_MS"], before = 30, live_server.app.config["GAME_STEP_MS"]
    scan = Scan(page)
    pupil = pupil_with_a_drill(live_server, name="Axel")
    page.goto(live_server.url + "/")
    scan("the first page")
    page.get_by_role("link", name="I am a pupil").click()
    scan("the class code")
    page.get_by_label("Class code").fill(pupil["code"])
    page.get_by_role("button", name="Next").click()
    scan("the names")
    page.get_by_role("link", name="Axel").click()
    scan("the pictures")
    for picture in ("Sun", "Tree", "Boat"):
        page.get_by_role("button", name=picture).click()
    expect(page.get_by_role("heading", name="Pick your character")).to_be_visible()
    scan("home at the first login")
    page.get_by_role("button", name="Fox").click()
    page.get_by_role("link", name="Change your character").click()
    scan("the character picker")
    page.get_by_role("button", name="Owl").click()

    page.get_by_role("button", name="Start today's drill").click()
    current_puzzle(page, live_server)
    scan("a puzzle")
    for number in range(5):
        page.get_by_role("button", name="I don't know").click()
        expect(page.locator("[data-feedback]")).to_be_visible()
        if number == 0:
            scan("the feedback")
        if number < 4:
            page.get_by_role("button", name="Next puzzle").click()
            current_puzzle(page, live_server)
    scan("the end of the drill")
    page.get_by_role("link", name="Back to my page").click()
    scan("home after the drill")

    page.get_by_role("link", name="More choices").click()
    scan("the new-game form")
    page.get_by_role("link", name="My page", exact=True).click()
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#game[data-decision], #round-scores").first).to_be_visible(timeout=30_000)
    scan("the board")
    while page.locator("#round-scores").count() == 0:
        decision = page.locator("#game").get_attribute("data-decision")
        play_a_move(page)
        expect(page.locator(f'#game[data-decision="{decision}"]')).to_have_count(0)
        expect(page.locator("#game[data-decision], #round-scores").first).to_be_visible(timeout=30_000)
    scan("the end of the round")
    live_server.app.config["GAME_STEP_MS"] = before
    assert scan.pages == 13
    assert scan.found == {}


def test_axe_finds_nothing_on_check_our_table_and_the_parent_page(page, live_server):
    """The two pages axe faulted in issue 49.4 (minor, but a violation all the same): "Check our
    table" went from its h1 to the picker's h3, and the parent page's table had an empty header
    cell. "Check our table" as a child reaches it from their page, filled in, its captures shown
    and a capture tried; the parent page as the letter's link opens it."""
    scan = Scan(page)
    pupil = pupil_with_a_drill(live_server, name="Cleo")
    log_in(page, live_server, pupil)
    page.get_by_role("link", name="Check our table").click()
    expect(page.get_by_role("heading", name="Check our table")).to_be_visible()
    scan("Check our table, empty")
    page.locator("#check-target-9").check()
    page.get_by_label("on the table", exact=True).check()
    for card in ("R4", "B5"):
        page.locator(f"#pal-{card}").click()
    page.get_by_label("into the hand", exact=True).check()
    page.locator("#pal-G5").click()
    page.get_by_role("button", name="Show").click()
    expect(page.locator("[data-captures]")).to_be_visible()
    page.get_by_label("Tried from the hand: green 5").check()
    page.get_by_label("Tried from the table: red 4").check()
    expect(page.locator("[data-verdict]")).to_be_visible()
    scan("Check our table, shown and tried")

    db = live_server.db()
    class_id = db.execute("SELECT class_id FROM pupils WHERE id = ?", [pupil["id"]]).fetchone()[0]
    token = parent_links.links(db, live_server.app.config["SECRET_KEY"], class_id, [pupil["id"]], 365)[pupil["id"]]
    db.close()
    page.goto(f"{live_server.url}/family/{token}?lang=en")
    expect(page.get_by_role("heading", name="Cleo at TWEAK Trainer")).to_be_visible()
    scan("the parent page")
    assert scan.pages == 3
    assert scan.found == {}


def test_the_scan_reports_what_a_page_gets_wrong(page, live_server):
    """The scanner itself: a card without its colour name and an unlabelled button are found."""
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
        const b = document.createElement('button');
        b.appendChild(document.createElement('span'));
        document.querySelector('main').appendChild(b);
        const img = document.createElement('img');
        img.src = '/static/favicon.svg';
        document.querySelector('main').appendChild(img);
    }""")
    found = " ".join(violations(page))
    assert "button-name" in found and "image-alt" in found
