"""Through flaky school Wi-Fi (issue 18.1–2): a pupil in the middle of a drill loses the network
for three answers — the first on the puzzle on screen, two more on the puzzles the server
handed out ahead — comes back, and each answer is stored exactly once, flagged `queued`, with
the ratings moved once each; a reload while answers wait on the tablet loses and doubles none."""

import json
from datetime import timedelta

import pytest
from itsdangerous import URLSafeSerializer
from playwright.sync_api import expect

from browser.drill_steps import answer
from browser.pupil_steps import log_in, pupil_with_a_drill
from trainer.store import puzzles
from trainer.web.core import school_day
from trainer.web.drills import ahead

pytestmark = pytest.mark.browser


@pytest.fixture
def drill_pupil(live_server):
    return pupil_with_a_drill(live_server)


def _log_in_and_start(page, live_server, pupil):
    log_in(page, live_server, pupil)
    page.get_by_role("button", name="Start today's drill").click()


def _puzzle_on_screen(page, live_server):
    """The puzzle the child sees: from the attempt row, or from the ticket of one handed ahead."""
    page.locator("[data-puzzle][data-started]:not(.is-sending)").wait_for()
    form = page.locator("[data-puzzle]:not(.is-sending) form")
    attempt_id = form.locator("input[name=attempt]").input_value()
    db = live_server.db()
    try:
        if form.locator("input[name=ahead]").count():
            ticket = form.locator("input[name=ahead]").input_value()
            data = URLSafeSerializer(live_server.app.secret_key, salt=ahead._SALT).loads(ticket)
            return attempt_id, puzzles.get(db, data["puzzle_id"])
        row = db.execute("SELECT puzzle_id FROM attempts WHERE id = ?", [attempt_id]).fetchone()
        return attempt_id, puzzles.get(db, row[0])
    finally:
        db.close()


def _answers(live_server, pupil_id):
    db = live_server.db()
    rows = [
        dict(zip(("id", "outcome", "correct"), r))
        for r in db.execute(
            "SELECT id, outcome, correct FROM attempts WHERE pupil_id = ? AND answered_at IS NOT NULL"
            " ORDER BY answered_at",
            [pupil_id],
        )
    ]
    rating = db.execute("SELECT count FROM pupil_ratings WHERE pupil_id = ?", [pupil_id]).fetchone()
    db.close()
    for row in rows:
        row["outcome"] = json.loads(row["outcome"])
    return rows, (rating[0] if rating else 0)


def _wait_for_queue(page, length, seconds=15):
    for _ in range(seconds * 4):
        if _queue_length(page) == length:
            return
        page.wait_for_timeout(250)
    assert _queue_length(page) == length


def _wait_until_sent(page, seconds=30):
    # Polled from here: the page's CSP forbids the eval that wait_for_function needs.
    for _ in range(seconds * 4):
        try:
            if _queue_length(page) == 0:
                return
        except Exception:  # the outbox reloads the page when it is done
            pass
        page.wait_for_timeout(250)
    raise AssertionError("the outbox never emptied")


def _assert_clean_but_offline(watch):
    # htmx reports each post the dropped network failed (htmx:sendError, afterRequest) on the
    # console; that is the outage itself. Anything else (a CSP violation, a script error, an
    # off-site request) is a bug.
    assert [
        p for p in watch.problems if "Failed to load resource" not in p and not p.startswith("console: htmx:")
    ] == []


def _queue_length(page):
    return page.evaluate("(JSON.parse(localStorage.getItem('tweak-outbox') || '[]')).length")


def test_three_answers_through_an_outage_are_stored_once_each(page, context, live_server, drill_pupil):
    _log_in_and_start(page, live_server, drill_pupil)
    _puzzle_on_screen(page, live_server)
    page.wait_for_timeout(1200)  # a child looks before the first tap

    context.set_offline(True)
    given = []
    for _ in range(3):
        attempt_id, puzzle = _puzzle_on_screen(page, live_server)
        answer(page, puzzle, "mouse")
        given.append(attempt_id)
        expect(page.locator("[data-outbox-status]")).to_be_visible()
        expect(page.locator("[data-outbox-status]")).to_contain_text("Saving")
    assert len(set(given)) == 3, "each answer was on a puzzle of its own"
    _wait_for_queue(page, 3)
    assert _answers(live_server, drill_pupil["id"])[0] == [], "nothing reached the server"

    context.set_offline(False)
    _wait_until_sent(page)
    page.wait_for_load_state("load")

    rows, rated = _answers(live_server, drill_pupil["id"])
    assert [r["id"] for r in rows] == given, "each stored once, in the order given"
    assert all(r["outcome"]["queued"] for r in rows)
    assert all(r["outcome"]["ending"] == "answer" and r["correct"] == 1 for r in rows), (
        "none judged late: each was given in time"
    )
    assert rated == 3, "the pupil's rating moved once per answer"
    # The screen is the server's again: the feedback of the last one, and the drill goes on.
    expect(page.get_by_role("button", name="Next puzzle")).to_be_visible()


def test_a_reload_while_answers_wait_loses_and_doubles_none(page, context, live_server, drill_pupil):
    _log_in_and_start(page, live_server, drill_pupil)
    _puzzle_on_screen(page, live_server)
    page.wait_for_timeout(1200)

    context.set_offline(True)
    given = []
    for _ in range(2):
        attempt_id, puzzle = _puzzle_on_screen(page, live_server)
        answer(page, puzzle, "keys")
        given.append(attempt_id)
    _wait_for_queue(page, 2)

    # The child (or a teacher) reloads while the Wi-Fi is still gone, then it comes back.
    page.reload()
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    context.set_offline(False)
    page.goto(live_server.url + "/practice")
    _wait_until_sent(page)
    page.wait_for_load_state("load")
    page.reload()  # and once more: nothing is sent again

    rows, rated = _answers(live_server, drill_pupil["id"])
    assert [r["id"] for r in rows] == given
    assert rated == 2


def test_a_puzzle_handed_out_too_long_ago_is_not_shown(page, context, live_server, drill_pupil, watch):
    # Issue 38.5: a ticket is good only while an answer to it could count (data-keep-ms); the
    # tablet slept with the page open, so the puzzles handed out ahead are stale.
    _log_in_and_start(page, live_server, drill_pupil)
    attempt_id, puzzle = _puzzle_on_screen(page, live_server)
    page.wait_for_timeout(1200)
    page.evaluate("""() => document.querySelectorAll('template[data-ahead]').forEach(t => {
        t.dataset.receivedAt = String(Date.now() - Number(t.dataset.keepMs) - 1000); })""")

    context.set_offline(True)
    answer(page, puzzle, "mouse")
    expect(page.locator("[data-outbox-status]")).to_contain_text("Saving")
    expect(page.locator("template[data-ahead]")).to_have_count(0)
    expect(page.locator("[data-puzzle]:not(.is-sending)")).to_have_count(0)

    context.set_offline(False)
    _wait_until_sent(page)
    expect(page.get_by_role("button", name="Next puzzle")).to_be_visible()
    rows, rated = _answers(live_server, drill_pupil["id"])
    assert [r["id"] for r in rows] == [attempt_id] and rated == 1
    _assert_clean_but_offline(watch)


def test_answers_held_overnight_do_not_count_and_the_child_is_told_kindly(
    page, context, live_server, drill_pupil, watch, monkeypatch
):
    # Issue 38.4–5: two answers wait on the tablet (one on a puzzle handed out ahead), and the
    # Wi-Fi comes back on the next school day. The server refuses both; the page loads the
    # server's screen, which says so in one calm line.
    _log_in_and_start(page, live_server, drill_pupil)
    _puzzle_on_screen(page, live_server)
    page.wait_for_timeout(1200)
    context.set_offline(True)
    for _ in range(2):
        _attempt_id, puzzle = _puzzle_on_screen(page, live_server)
        answer(page, puzzle, "keys")
    _wait_for_queue(page, 2)

    tomorrow = school_day.today() + timedelta(days=1)
    monkeypatch.setattr(school_day, "today", lambda: tomorrow)
    context.set_offline(False)
    _wait_until_sent(page)
    page.wait_for_url("**/me")
    expect(page.get_by_role("status").filter(has_text="too long")).to_have_count(1)
    expect(page.get_by_role("button", name="Start today's drill")).to_be_visible()
    assert _answers(live_server, drill_pupil["id"]) == ([], 0)
    _assert_clean_but_offline(watch)
