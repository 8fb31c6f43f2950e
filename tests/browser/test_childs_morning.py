"""A child's morning, as a child does it (issue 15, "Done when"): log in with the class code,
the name and three pictures, one tap to the first puzzle, the whole drill, the level and the
star shown at home, a character picked, one tap to a game, a whole round by clicking (a card
put down and captures, the capture's sum said as it is picked, the score screen checked
against `trainer replay` of the stored record: issue 6). Taps
are counted from the login page (docs/pupils.md quotes the numbers). The home page fits each
tablet and phone size unscrolled, and its screenshots go to docs/screens/."""

import json
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser.axe import violations
from browser.drill_steps import answer, current_puzzle
from browser.screen_fit import PUPIL_SIZES
from browser.screens import SCREENS
from drill_helpers import CURATED
from trainer.engine.solver import best_capture, solve
from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import drills, puzzles
from web_helpers import Make

pytestmark = pytest.mark.browser

TRAINER = str(Path(sys.executable).with_name("trainer"))

SIZES = {f"{w}x{h}": (w, h) for w, h in PUPIL_SIZES}  # 844×390 too (issue 47.5)
PICTURES = ("Sun", "Tree", "Boat")
DRILL = 4


@pytest.fixture
def morning(live_server):
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    teacher_email = f"morning-{secrets.token_hex(4)}@school.example"
    class_id = make.klass(make.teacher(teacher_email), f"Morning class {teacher_email[8:16]}")
    pupil_id = make.pupil(class_id, "Mila", password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(DRILL, None, KINDS, 20.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    before = live_server.app.config["GAME_STEP_MS"]
    live_server.app.config["GAME_STEP_MS"] = 30
    yield {
        "pupil_id": pupil_id,
        "code": code,
        "class_id": class_id,
        "teacher": teacher_email,
        "class_name": f"Morning class {teacher_email[8:16]}",
    }
    live_server.app.config["GAME_STEP_MS"] = before


# Counts the notes celebrate.js would play (WebAudio oscillators), to check sounds stay off.
NOTE_COUNTER = """
window.__notes = 0;
const RealAudio = window.AudioContext;
window.AudioContext = function () {
  const ctx = new RealAudio();
  const make = ctx.createOscillator.bind(ctx);
  ctx.createOscillator = () => { window.__notes += 1; return make(); };
  return ctx;
};
"""


class Taps:
    def __init__(self):
        self.count = 0

    def __call__(self, locator):
        locator.click()
        self.count += 1


def fits(page):
    """Nothing to scroll, and every big button and switch inside the viewport."""
    assert page.evaluate("document.scrollingElement.scrollHeight <= window.innerHeight"), page.evaluate(
        "[document.scrollingElement.scrollHeight, window.innerHeight]"
    )
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    for button in page.locator(".kid-button, .kid-footer button").all():
        box = button.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box


def home_fits_everywhere(page, name, axe=False):
    """`axe`: and axe-core finds nothing at each size (the home page after a drill, with its new
    star and badge; the tour scans the first login's, tests/browser/tour.py)."""
    page.emulate_media(reduced_motion="reduce")  # still pictures for docs/pupils.md
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        expect(page.locator("#me")).to_be_visible()
        expect(page.locator(".burst")).to_have_count(0)  # reduced motion: no burst
        page.screenshot(path=str(SCREENS / f"{name}-{size}.png"))
        fits(page)
        if axe:
            assert violations(page) == [], f"axe-core on home after the drill at {size}"
    page.set_viewport_size({"width": 1024, "height": 768})
    page.emulate_media(reduced_motion="no-preference")
    page.reload()


def test_a_childs_morning_from_the_login_page_to_a_whole_round(page, live_server, watch, morning):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.add_init_script(NOTE_COUNTER)
    tap = Taps()
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(morning["code"])  # typed, not a tap
    tap(page.get_by_role("button", name="Next"))
    tap(page.get_by_role("link", name="Mila"))
    for picture in PICTURES:
        tap(page.get_by_role("button", name=picture))
    login_taps = tap.count
    # First login: the home page offers the characters, but the drill is one tap away anyway.
    expect(page.get_by_role("heading", name="Pick your character")).to_be_visible()
    expect(page.get_by_role("heading", name="Hello Mila!")).to_be_visible()
    home_fits_everywhere(page, "pupil-home-first-login")
    tap(page.get_by_role("button", name="Start today's drill"))
    current_puzzle(page, live_server)
    taps_to_first_puzzle = tap.count
    assert taps_to_first_puzzle <= 6

    for number in range(1, DRILL + 1):
        _, puzzle = current_puzzle(page, live_server)
        answer(page, puzzle, "mouse")
        expect(page.locator("[data-feedback]")).to_be_visible()
        # A right answer is celebrated (static/js/celebrate.js), silently: sounds are off.
        expect(
            page.locator(
                "[data-feedback][data-celebrated].has-burst, [data-feedback] [data-celebrated].has-burst"
            ).first
        ).to_be_attached()
        if number < DRILL:
            tap(page.get_by_role("button", name="Next puzzle"))
    expect(page.get_by_text("Today's drill is done. Well done!").first).to_be_visible()
    tap(page.locator("main a[href='/me']").first)

    # Level and stars at home, in words a child reads.
    expect(page.locator(".kid-level-name")).to_contain_text("Card Spotter")
    expect(page.get_by_text("1 star", exact=True)).to_be_visible()
    expect(page.get_by_text("1 day in a row!")).to_be_visible()
    expect(page.locator(".kid-badges li[title='First drill']")).to_have_count(1)
    expect(page.locator(".kid-goal")).to_contain_text("Sum Seeker")

    tap(page.get_by_role("button", name="Fox"))  # the character, one tap
    expect(page.locator(".kid-avatar img[src*='/avatars/fox']")).to_be_visible()
    expect(page.get_by_role("heading", name="Pick your character")).to_have_count(0)
    home_fits_everywhere(page, "pupil-home", axe=True)

    before_play = tap.count
    tap(page.get_by_role("button", name="Play"))
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#game[data-decision], #round-scores").first).to_be_visible(timeout=30_000)
    taps_to_first_move = None
    laid = captured = 0
    while page.locator("#round-scores").count() == 0:
        decision = page.locator("#game").get_attribute("data-decision")
        if page.locator(".discard").count():  # R7.4: the bot's Bomb asks for a card
            tap(page.locator(".discard button").first)
        else:
            hand = [b.get_attribute("data-pick-card") for b in page.locator(".hand-cards [data-pick-card]").all()]
            table = [b.get_attribute("data-pick-card") for b in page.locator(".table-cards [data-pick-card]").all()]
            target = int(page.locator(".target-card").inner_text())
            # A card put down first, once, then the best capture there is: both kinds of move.
            capture = best_capture(solve(hand, table, target)) if laid else None
            for card in [capture.play, *capture.capture] if capture else [hand[0]]:
                button = page.locator(f'[data-pick-card="{card}"]')
                tap(button)
                expect(button).to_have_attribute("aria-pressed", "true")
            if capture:
                expect(page.locator("#pick-status")).to_contain_text(capture.call())  # R5.4
                expect(page.locator("#pick-status")).to_contain_text("That makes the magic number!")
                tap(page.get_by_role("button", name="Take", exact=True))
                captured += 1
            else:
                tap(page.get_by_role("button", name=re.compile(r"^(Lay|Put down)$")))
                laid += 1
        if taps_to_first_move is None:
            # A child who plays before the drill: the login's taps, then Play, cards and a move.
            taps_to_first_move = login_taps + tap.count - before_play
        expect(page.locator(f'#game[data-decision="{decision}"]')).to_have_count(0)
        expect(page.locator("#game[data-decision], #round-scores").first).to_be_visible(timeout=30_000)
    assert captured >= 1 and laid >= 1
    # The score screen is what `trainer replay` makes of the stored record (issue 6), and every
    # move the child made is stored with the time it took.
    shown = [int(td.inner_text()) for td in page.locator("#round-scores td.points").all()]
    db = live_server.db()
    row = next(db.query("SELECT * FROM games WHERE pupil_id = ? ORDER BY id DESC", [morning["pupil_id"]]))
    moves = list(db.query("SELECT * FROM game_moves WHERE game_id = ?", [row["id"]]))
    db.close()
    replay = subprocess.run([TRAINER, "replay"], input=row["record"], capture_output=True, text=True, check=True)
    result = json.loads(replay.stdout)
    assert result["finished"] and shown == result["scores"]
    assert row["status"] == "finished" and row["pupil_points"] == result["scores"][0]
    assert len(moves) == captured + laid
    assert all(m["decision_ms"] is not None and m["decision_ms"] >= 0 for m in moves)
    expect(page.get_by_role("link", name="Play again")).to_be_visible()
    assert page.evaluate("window.__notes") == 0  # sounds are off by default
    print(f"\ntaps from the login page: first puzzle {taps_to_first_puzzle}, first game move {taps_to_first_move}")
    watch.assert_clean()


def test_the_character_can_be_changed_and_the_teacher_prints_a_certificate(page, live_server, watch, morning):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(morning["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Mila").click()
    for picture in PICTURES:
        page.get_by_role("button", name=picture).click()
    page.get_by_role("button", name="Owl").click()
    page.get_by_role("link", name="Change your character").click()
    expect(page.get_by_role("heading", name="Pick your character")).to_be_visible()
    expect(page.locator("[aria-current=true] img[src*='/avatars/owl']")).to_be_visible()
    fits(page)
    page.screenshot(path=str(SCREENS / "pupil-avatar-1024x768.png"))
    page.get_by_role("button", name="Panda").click()
    expect(page.locator(".kid-avatar img[src*='/avatars/panda']")).to_be_visible()

    # Longer words still fit: the home page in German and in Finnish, each size.
    for lang, label, hello in (("de", "Language", "Hallo Mila!"), ("fi", "Sprache", "Hei Mila!")):
        page.get_by_label(label).select_option(lang)
        page.get_by_label(label).press("Enter")
        expect(page.get_by_role("heading", name=hello)).to_be_visible()
        for width, height in SIZES.values():
            page.set_viewport_size({"width": width, "height": height})
            fits(page)
    page.get_by_label("Kieli").select_option("en")
    page.get_by_role("button", name="Vaihda").click()
    expect(page.get_by_role("heading", name="Hello Mila!")).to_be_visible()
    page.set_viewport_size({"width": 1024, "height": 768})

    # The pupil reaches level 2 (enough answers: a rating and its count as two weeks of drills).
    db = live_server.db()
    db.execute("UPDATE pupil_ratings SET count = 120 WHERE pupil_id = ?", [morning["pupil_id"]])
    db.execute(
        "INSERT OR IGNORE INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, 0, 120, '2026-01-01')",
        [morning["pupil_id"]],
    )
    db.conn.commit()
    db.close()
    page.reload()
    expect(page.locator(".kid-level-name")).to_contain_text("New level!")
    expect(page.locator(".kid-level-name")).to_contain_text("Sum Seeker")

    page.get_by_role("button", name="Log out Mila").click()
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(morning["teacher"])
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=morning["class_name"]).click()
    page.get_by_role("link", name="Mila").first.click()
    expect(page.get_by_text("Level 2: Sum Seeker")).to_be_visible()
    expect(page.locator("#pupil-panel img[src*='/avatars/panda']")).to_be_visible()
    page.get_by_role("link", name="Print a certificate").click()
    expect(page.get_by_role("heading", name="Certificate")).to_be_visible()
    expect(page.locator(".certificate-level-name")).to_have_text("Sum Seeker")
    expect(page.locator(".certificate-name")).to_have_text("Mila")
    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden() and page.get_by_role("button", name="Print").is_hidden()
    pdf = page.pdf(prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1  # one A4 page
    page.emulate_media(media="screen")
    page.screenshot(path=str(SCREENS / "pupil-certificate.png"), full_page=True)
    watch.assert_clean()
