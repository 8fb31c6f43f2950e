"""Every class-play screen fits (issue 46.6): a match's end, as each child sees it after a class
tournament where the helper played for one of them (the points, what the helper won apart, the
way on), fits 1024×768, 768×1024, 390×844 and 844×390 without scrolling; the open table's
"Look again" is a real-size target. Screenshots only to a temporary folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.pupil_steps import log_in
from browser.screen_fit import PUPIL_SIZES, check_fit
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.play.presence import ARRIVE_WITHIN
from trainer.store import class_tables, tournaments
from trainer.web.core import school_day
from web_helpers import Make

pytestmark = pytest.mark.browser

SIZES = PUPIL_SIZES  # a phone held sideways too (issue 48.4)
TARGET = 44  # px: a finger's target (WCAG 2.5.5)
BOARD = (
    ("#target-heading .target-card", "the magic number"),
    (".table-cards", "the table"),
    (".hand-cards", "the hand"),
)


def _capture_first(game, _seat):
    moves = legal_moves(game.state)
    return next((m for m in moves if isinstance(m, Play) and m.capture), moves[0])


def test_a_match_end_with_the_helpers_points_fits_every_screen(browser, live_server, monkeypatch, tmp_path):
    base = school_day.now()
    now = [base]
    monkeypatch.setattr(school_day, "now", lambda: now[0])
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM classes").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"end{number}@school.example"), f"End class {number}")
    names = ("Ann", "Ben", "Cat")
    pupils = [make.pupil(class_id, name, password="sun,tree,boat") for name in names]
    code = make.class_row(class_id)["join_code"]
    tid = tournaments.start(db, class_id, [pupils], play_tables.tournament_games([pupils], "short", 11), now=base)
    table_id = tournaments.table_ids(db, tid)[0]
    page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    log_in(page, live_server, {"code": code, "name": "Ann"})
    page.get_by_role("link", name="Play with classmates").click()
    expect(page.locator("#table")).to_be_visible()
    now[0] += ARRIVE_WITHIN + 1  # Cat never comes: the helper plays her turns
    seats = {class_tables.seat_of(db, table_id, p): p for p in pupils}
    for _ in range(600):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.over:
            break
        pupil = pupils[0] if game.state.over else seats[game.to_act]
        if pupil == pupils[2] and not game.state.over:
            play_tables.tick(db, table_id, pupils[0], now[0])
        elif game.state.over:
            play_tables.play(db, table_id, pupil, row["version"], "next-round", None, now[0])
        else:
            play_tables.play(db, table_id, pupil, row["version"], f"e{row['version']}", _capture_first, now[0])
        now[0] += 1
    assert class_tables.load(class_tables.get(db, table_id)).over
    db.close()
    expect(page.locator(".round-over")).to_be_visible(timeout=15_000)
    must_see = [
        (".result-line", "who won"),
        (".result-points", "your points"),
        (".round-next .button.primary", "Play again"),
    ]
    check_fit(page, "the match's end", must_see, SIZES)
    page.screenshot(path=str(tmp_path / "match-end.png"))


def _look_again_is_big(page):
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        link = page.locator("#table").get_by_role("link", name="Look again")
        box = None
        for _ in range(40):  # the board is swapped in whole by its poll now and then
            expect(link).to_be_visible()
            box = link.bounding_box()
            if box:
                break
        assert box["width"] >= TARGET and box["height"] >= TARGET, (width, height, box)


def test_look_again_is_a_real_size_target_and_the_board_still_fits(browser, live_server):
    db = live_server.db()
    make = Make(db)
    number = db.execute("SELECT COUNT(*) FROM classes").fetchone()[0]
    class_id = make.klass(make.teacher(email=f"look{number}@school.example"), f"Look class {number}")
    pupils = [make.pupil(class_id, name, password="sun,tree,boat") for name in ("Ann", "Ben", "Cat")]
    code = make.class_row(class_id)["join_code"]
    page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    log_in(page, live_server, {"code": code, "name": "Cat"})
    page.get_by_role("link", name="Play with classmates").click()
    page.get_by_role("button", name="Open a table").click()
    _look_again_is_big(page)  # the open table's
    tournaments.start(
        db, class_id, [pupils[:2]], play_tables.tournament_games([pupils[:2]], "round", 2), now=school_day.now()
    )
    db.close()
    board = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    log_in(board, live_server, {"code": code, "name": "Ann"})
    board.get_by_role("link", name="Play with classmates").click()
    expect(board.locator("#table .target-card")).to_be_visible()
    _look_again_is_big(board)  # the board's
    check_fit(board, "the board", BOARD, SIZES)
