"""One switch (issue 49.2): a child whose teacher chose "One switch" plays a whole round against
a bot, and answers a drill puzzle, with one key, Space, as a switch interface sends it. After the
clicks that reach the board (the way in is a helper's), the test presses nothing but Space: it
waits, a step at a time, until the choice it wants has the light, and presses.

The step is the shortest a teacher can choose, 1 s, and costs no waiting: the page's clock is
the test's (Playwright's page.clock), paused once the board is on screen and moved on by hand,
so the light never moves between looking and pressing. The scan's order is checked once, a
whole round of it, and where the light goes after a choice (docs/pupils.md, "One switch")."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from playwright.sync_api import expect

from browser.axe import violations
from browser.class_steps import move
from browser.conftest import Watch
from browser.drill_steps import current_puzzle
from browser.pupil_steps import log_in
from browser.screens import SCREENS
from drill_helpers import right_answer
from trainer.engine.solver import best_capture, solve
from trainer.engine.view import view_of
from trainer.puzzles.drill_settings import DrillSettings
from trainer.store import class_tables, drills, puzzles
from web_helpers import Make

pytestmark = pytest.mark.browser

STEP_MS = 1000
REAL_WAIT_S = 20

# The control with the light: its name, and whether it (or, at a class table, its card) wears the
# ring drawn for the switch.
LIT = """() => {
    const el = document.activeElement;
    if (!el || el === document.body || el.tagName === 'MAIN') return null;
    const holder = el.closest('[data-pick-card]') || el;
    return {
        card: holder.getAttribute('data-pick-card') || el.getAttribute('data-card') || '',
        name: (el.getAttribute('aria-label') || el.innerText || '').replace(/\\s+/g, ' ').trim(),
        ringed: holder.classList.contains('switch-lit') && parseFloat(getComputedStyle(holder).outlineWidth) >= 5,
    };
}"""


def scanning_pupil(live_server, name, step=1.0, classmate=None):
    """{"id", "code", "name"} of a pupil who scans, in a class whose drill is one Check puzzle
    (with a classmate who does not scan, by that name)."""
    from drill_helpers import CURATED

    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM teachers").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"oneswitch{number}@school.example"), f"One switch {number}")
    pupil_id = make.pupil(class_id, name, password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(1, None, ("best",), 20.0))
    drills.set_needs(db, pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, switch_step_s=step)
    if classmate:
        make.pupil(class_id, classmate, password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"id": pupil_id, "code": code, "name": name}


class OneSwitch:
    """The child's one key, and the test's hand on the page's clock."""

    def __init__(self, page):
        self.page = page
        self.presses = 0

    def pause(self):
        self.page.clock.pause_at((self.page.evaluate("Date.now()") + 50) / 1000)  # Python: seconds

    def lit(self):
        """What has the light: a card by its id ("O2a": two cards may share a name), else the
        control's name."""
        found = self.page.evaluate(LIT)
        if found:
            assert found["ringed"], found
        return (found["card"] or found["name"]) if found else ""

    def step(self, ms=STEP_MS):
        self.page.clock.run_for(ms)

    def until(self, ready):
        """Moves the clock on in small steps until `ready()` (the server answers in real time)."""
        for _ in range(REAL_WAIT_S * 50):
            if ready():
                return
            self.step(250)  # a bot's move stays 300 ms in the browser tests (browser/conftest.py)
            self.page.wait_for_timeout(20)
        raise AssertionError("the page never got there")

    def press(self):
        self.page.keyboard.press("Space")
        self.presses += 1

    def wait_for_light(self, wanted, most=40):
        for _ in range(most):
            lit = self.lit()
            if lit == wanted or (isinstance(wanted, re.Pattern) and wanted.search(lit)):
                return
            self.step()
        raise AssertionError(f"{wanted} never lit; the light is on {self.lit()!r}")

    def choose(self, wanted, answer=None):
        """Waits for the light on `wanted` (what lit() says), presses the switch; with `answer`,
        until the server's answer to that URL part is in."""
        self.wait_for_light(wanted)
        if answer is None:
            self.press()
            return
        with self.page.expect_response(lambda r: r.request.method == "POST" and answer in r.url):
            self.press()


def ids(locator):
    return [element.get_attribute("data-pick-card") for element in locator.all()]


def value(page, card):
    name = page.locator(f'[data-pick-card="{card}"]').get_attribute("aria-label")
    return int(name.split(",")[0].split()[-1])


def a_turn(page, target, hand, table):
    """A hand card and the table cards (at most two) that make the magic number, else a hand card to put down."""
    for size in (1, 2):
        for card in hand:
            for taken in combinations(table, size):
                if value(page, card) + sum(value(page, t) for t in taken) == target:
                    return card, list(taken)
    return hand[0], None


def test_a_one_switch_child_plays_a_whole_round_with_a_single_key(browser, live_server, known_deal):
    pupil = scanning_pupil(live_server, "Sami")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    watch = Watch(page, live_server.url)
    page.clock.install()
    log_in(page, live_server, pupil)
    page.get_by_role("link", name="New game").click()
    page.get_by_label("One round").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Magic number")
    child = OneSwitch(page)
    child.pause()

    hand = page.get_by_role("button", name=re.compile(", in your hand"))
    table = page.get_by_role("button", name=re.compile(", on the table"))
    end = page.get_by_role("link", name="Play again")
    give_up = page.get_by_role("button", name=re.compile("^Give up"))
    turns = 0
    while True:
        child.until(lambda: hand.first.is_visible() or end.is_visible() or give_up.first.is_visible())
        if end.is_visible():
            break
        if give_up.first.is_visible():  # a bot's Bomb: a card from the hand goes to the table
            child.choose(give_up.first.get_attribute("aria-label"), answer="/move")  # no card id: a plain button
            expect(give_up.first).to_be_hidden()
            continue
        in_hand, on_table = ids(hand), ids(table)
        if turns == 0:
            # The order, one whole round of it: the hand, the table, then Take and Put down.
            child.wait_for_light(in_hand[0])
            seen = [child.lit()]
            for _ in range(len(in_hand) + len(on_table) + 1):
                child.step()
                seen.append(child.lit())
            assert seen[: len(in_hand) + len(on_table)] == in_hand + on_table
            assert seen[-2:] == ["Take ↵", "Put down P"], seen
        target = int(re.search(r"\d+", page.get_by_role("heading", level=1).first.inner_text()).group())
        card, taken = a_turn(page, target, in_hand, on_table)
        child.choose(card, answer="/tap")
        expect(page.locator(f'[data-pick-card="{card}"]')).to_have_attribute("aria-pressed", "true")
        # The light rests on the chosen card one step, then goes to the table's first card.
        assert child.lit() == card
        child.step()
        if on_table:
            assert child.lit() == on_table[0]
        if turns == 0:  # mid-scan: a card chosen, the light on the table (docs/pupils.md's pictures)
            page.screenshot(path=SCREENS / "pupil-board-one-switch-1024x768.png")
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=SCREENS / "pupil-board-one-switch-390x844.png")
            page.set_viewport_size({"width": 1024, "height": 768})
            page.clock.resume()  # axe-core waits on timers of its own
            assert violations(page) == []
            child.pause()
        if taken is None:
            child.choose("Put down P", answer="/move")
        else:
            for name in taken:
                child.choose(name, answer="/tap")
                expect(page.locator(f'[data-pick-card="{name}"]')).to_have_attribute("aria-pressed", "true")
            child.step()
            assert child.lit() == "Take ↵"  # the capture is ready: Take first
            child.choose("Take ↵", answer="/move")
        expect(hand.first).to_be_hidden()  # the move went: the bots' turns, or the round's end
        turns += 1
    assert turns >= 3
    expect(page.get_by_role("status").last).to_contain_text(re.compile(r"(won|draw).*point", re.S))
    # Only Space was pressed, once per choice: a turn is 2–4 presses.
    assert child.presses <= 4 * turns + 3
    watch.assert_clean()
    context.close()


def test_a_one_switch_child_answers_a_drill_puzzle_with_the_single_key(browser, live_server):
    pupil = scanning_pupil(live_server, "Tove")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    watch = Watch(page, live_server.url)
    page.clock.install()
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Start today's drill").click()
    _attempt, puzzle = current_puzzle(page, live_server)
    assert violations(page) == []  # axe-core, the light moving
    child = OneSwitch(page)
    child.pause()
    # No countdown for a child who scans: nothing is sent however long they take.
    expect(page.locator("[data-puzzle][data-untimed]")).to_have_count(1)
    expect(page.get_by_text("Time left")).to_have_count(0)
    child.step(120_000)
    expect(page.locator("[data-puzzle]")).to_have_count(1)

    combo = right_answer(puzzle)[0]
    for card in [combo["play"], *combo["capture"]]:
        child.choose(card)
        child.step()
    assert child.lit().startswith("Check")  # the capture is ready: Check first
    child.choose(re.compile("^Check"), answer="/practice/answer")
    child.until(lambda: page.locator("[data-feedback]").count() == 1)
    expect(page.locator(".feedback--right")).to_have_count(1)
    assert child.presses == len(combo["capture"]) + 2
    watch.assert_clean()
    context.close()


def test_at_a_class_table_the_light_goes_over_the_cards_and_space_plays_a_turn(browser, live_server, known_deal):
    """A class table's cards are checkboxes and radio buttons in labels (the ring goes round the
    card), its board polls while the child scans (a poll is no choice's answer: the rest never
    waits for one), and Take comes first once the chosen cards make the magic number."""
    pupil = scanning_pupil(live_server, "Ann", classmate="Ben")
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(2)]
    ann, ben = (c.new_page() for c in contexts)
    watch = Watch(ann, live_server.url)
    ann.clock.install()
    for name, page in (("Ann", ann), ("Ben", ben)):
        log_in(page, live_server, {"code": pupil["code"], "name": name})
        page.get_by_role("link", name="Play with classmates").click()
    ann.get_by_label("How many players?").select_option("2")
    ann.get_by_role("button", name="Open a table").click()
    ben.get_by_role("button", name="Join Ann").click()
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("heading", level=1)).to_contain_text("Magic number")
    child = OneSwitch(ann)
    child.pause()

    db = live_server.db()
    table_id = class_tables.pupils_table(db, pupil["id"])
    seat = class_tables.seat_of(db, table_id, pupil["id"])
    row = class_tables.get(db, table_id)
    if class_tables.load(row).state.current_player != seat:  # Ben first, by his mouse
        expect(ben.locator("#table")).to_have_attribute("data-version", str(row["version"]))
        move(ben, class_tables.load(row).state, 1 - seat, by_keyboard=False)
        expect(ben.locator("#table")).to_have_attribute("data-version", str(row["version"] + 1))
        row = class_tables.get(db, table_id)
    child.until(lambda: ann.locator("#table").get_attribute("data-version") == str(row["version"]))
    view = view_of(class_tables.load(row).state, seat)
    best = best_capture(solve(view.hand, view.table, view.target))
    for card in [best.play, *best.capture] if best else [view.hand[0]]:
        child.choose(card)
        expect(ann.locator(f"#table input[value='{card}']")).to_be_checked()
    child.step()
    if best:
        assert child.lit() == "Take ↵"  # the capture is ready: Take first
    child.choose("Take ↵" if best else "Put down P")
    child.until(lambda: ann.locator("#table").get_attribute("data-version") == str(row["version"] + 1))
    assert child.presses == (len(best.capture) + 2 if best else 2)
    db.close()
    watch.assert_clean()
    for c in contexts:
        c.close()
