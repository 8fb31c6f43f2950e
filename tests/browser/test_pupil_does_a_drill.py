"""A pupil logs in and does today's 5-puzzle drill by tapping cards (mouse, touch and keys),
sees feedback and the progress bar after each puzzle, and every answer is stored with positive
reaction times and the right outcome (issue 5.9)."""

import json
import re

import pytest
from playwright.sync_api import expect

from browser.drill_steps import answer, current_puzzle
from drill_helpers import CURATED, right_answer
from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import drills, puzzles
from web_helpers import Make

pytestmark = pytest.mark.browser

PICTURES = {"sun": "Sun", "tree": "Tree", "boat": "Boat"}


@pytest.fixture
def browser_context_args(browser_context_args):
    # A touch screen that also has a mouse and a keyboard, like a tablet with a keyboard cover.
    return {**browser_context_args, "has_touch": True}


@pytest.fixture
def drill_class(live_server):
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    class_id = make.klass(make.teacher(), "Drill class")
    pupil_id = make.pupil(class_id, "Mila", password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(5, None, KINDS, 20.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"pupil_id": pupil_id, "code": code}


def log_in(page, live_server, code):
    page.goto(live_server.url + "/join")
    page.get_by_label("Class code").fill(code)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Mila").click()
    for key in ("sun", "tree", "boat"):
        page.get_by_role("button", name=PICTURES[key]).click()
    expect(page.get_by_role("heading", name="Today's drill")).to_be_visible()


def test_pupil_does_a_five_puzzle_drill_with_taps(page, live_server, watch, drill_class):
    log_in(page, live_server, drill_class["code"])
    expect(page.locator("label[for=drill-progress]")).to_have_text("0 of 5 puzzles done")
    page.get_by_role("button", name="Start today's drill").click()

    ways = ["mouse", "touch", "keys", "mouse", "pass"]
    attempts = []
    for number, how in enumerate(ways, 1):
        attempt_id, puzzle = current_puzzle(page, live_server)
        attempts.append((attempt_id, puzzle, how))
        expect(page.locator("#countdown")).to_be_visible()
        page.wait_for_timeout(400)  # reading the cards
        if how == "pass":
            page.get_by_role("button", name="I don't know").click()
            expect(page.get_by_role("heading", name="No problem!")).to_be_visible()
        else:
            answer(page, puzzle, how)
            expect(page.locator("[data-feedback] h1")).to_have_text(re.compile(r"^(Well done!|Great!|Super!)$"))
            if puzzle.answer:
                expect(page.locator(".calls.right .call").first).to_be_visible()
            else:
                expect(page.get_by_text("Right: there is no TWEAK here.", exact=True)).to_be_visible()
            expect(page.get_by_text("Your time:")).to_be_visible()
        expect(page.locator("label[for=drill-progress]")).to_have_text(f"{number} of 5 puzzles done")
        expect(page.locator("progress#drill-progress")).to_have_attribute("value", str(number))
        if number < len(ways):
            page.get_by_role("button", name="Next puzzle").click()

    expect(page.get_by_text("Today's drill is done. Well done!")).to_be_visible()
    page.get_by_role("link", name="Back to my page").click()
    expect(page.get_by_text("1 day in a row!")).to_be_visible()
    expect(page.get_by_role("button", name="Practise more")).to_be_visible()

    db = live_server.db()
    for attempt_id, puzzle, how in attempts:
        row = dict(
            zip(
                ("client_ms", "server_ms", "first_correct_ms", "input_kind", "correct", "flags", "outcome", "taps"),
                db.execute(
                    "SELECT client_ms, server_ms, first_correct_ms, input_kind, correct, flags, outcome,"
                    " taps FROM attempts WHERE id = ?",
                    [attempt_id],
                ).fetchone(),
            )
        )
        outcome = json.loads(row["outcome"])
        assert 0 < row["client_ms"] <= row["server_ms"] + 250, how
        if how == "pass":
            assert outcome["passed"] and row["correct"] == 0 and row["first_correct_ms"] is None
            continue
        assert row["correct"] == 1 and outcome["grade"]["correct"] and outcome["rated"], (how, puzzle.id)
        assert json.loads(row["flags"]) == []
        assert 0 < row["first_correct_ms"] <= row["client_ms"]
        assert row["input_kind"] == how
        events = json.loads(row["taps"])
        assert events and all(e["ms"] > 0 and e["input"] == how for e in events)
        assert len([e for e in events if e["action"] == "tap"]) == sum(
            1 + len(c.get("capture", [])) for c in right_answer(puzzle) if not c.get("none")
        )
    assert (
        db.execute(
            "SELECT finished_at IS NOT NULL FROM practice_sessions WHERE pupil_id = ?", [drill_class["pupil_id"]]
        ).fetchone()[0]
        == 1
    )
    db.close()
    watch.assert_clean()


TWEAK_NONE = next(p for p in CURATED if p.kind == "tweak" and not p.answer)
JOKER = next(p for p in CURATED if p.kind == "joker" and all(c.target != p.position.target for c in p.answer))
QUICK = next(p for p in CURATED if p.kind == "quick")


@pytest.fixture
def small_bank_server(tmp_path):
    """A server of its own whose bank holds exactly three puzzles, so the test knows them."""
    from browser.conftest import LiveServer
    from web_helpers import make_app

    server = LiveServer(make_app(tmp_path / "small.db"))
    db = server.db()
    puzzles.store(db, [TWEAK_NONE, JOKER, QUICK], "curated")
    make = Make(db)
    class_id = make.klass(make.teacher(), "Keyboard class")
    make.pupil(class_id, "Mila", password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(3, None, ("tweak", "joker", "quick"), 8.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    server.start()
    yield server, code
    server.stop()


def test_joker_and_there_is_none_by_keyboard_and_a_time_out(page, small_bank_server):
    from browser.conftest import Watch

    server, code = small_bank_server
    watch = Watch(page, server.url)
    log_in(page, server, code)
    page.get_by_role("button", name="Start today's drill").click()
    seen = {}
    for number in (1, 2, 3):
        attempt_id, puzzle = current_puzzle(page, server)
        seen[puzzle.kind] = attempt_id
        if puzzle.kind == "quick":
            # Hands off: the countdown runs out and the page sends what it has (nothing).
            expect(page.get_by_role("heading", name="Time's up!")).to_be_visible(timeout=15_000)
        else:
            answer(page, puzzle, "keys")
            expect(page.locator("[data-feedback] h1")).to_have_text(re.compile(r"^(Well done!|Great!|Super!)$"))
        if number < 3:
            page.keyboard.press("Enter")  # Enter on the feedback screen: next puzzle
    expect(page.get_by_text("Today's drill is done. Well done!")).to_be_visible()

    db = server.db()
    rows = {
        kind: json.loads(db.execute("SELECT outcome FROM attempts WHERE id = ?", [aid]).fetchone()[0])
        for kind, aid in seen.items()
    }
    submitted = {
        kind: json.loads(db.execute("SELECT submitted FROM attempts WHERE id = ?", [aid]).fetchone()[0])
        for kind, aid in seen.items()
    }
    client_ms = db.execute("SELECT client_ms FROM attempts WHERE id = ?", [seen["quick"]]).fetchone()[0]
    db.close()
    assert submitted["tweak"] == [{"none": True}] and rows["tweak"]["grade"]["correct"]
    assert submitted["joker"][0].get("delta") in (-1, 1) and rows["joker"]["grade"]["correct"]
    assert rows["quick"]["ending"] == "time_up" and rows["quick"]["passed"] and client_ms >= 8000
    watch.assert_clean()
