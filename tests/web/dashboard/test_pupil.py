"""A pupil's page: charts over time (with their table), heat map, and the latest answers drawn
as they were shown."""

import json
import re
from datetime import date, timedelta

import pytest

from dashboard_helpers import attempt, seed_puzzles
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.rating import Rating
from trainer.store import puzzles as bank
from trainer.web.dashboard.queries import progress

WEDNESDAY = date(2026, 3, 11)


@pytest.fixture
def pupil(make):
    return make.pupil(make.klass(make.teacher()), "Noor")


def history(db, pupil_id, puzzle, today):
    """Three practice days, 9 and 7 days ago and today. By hand, with today a Wednesday: the week
    of Monday today-9 has 4 answers, 3 right, right times 2, 4, 6 s (median 4 s), last rating
    0.3; this week 1 answer, right in 8 s, rating 0.5."""
    d1, d3, d9 = today - timedelta(days=9), today - timedelta(days=7), today
    attempt(db, pupil_id, d1, correct=True, ms=2000, puzzle_id=puzzle, rating_after=0.1, second=0)
    attempt(db, pupil_id, d1, correct=False, ms=1000, puzzle_id=puzzle, rating_after=0.0, second=60)
    attempt(db, pupil_id, d3, correct=True, ms=4000, puzzle_id=puzzle, rating_after=0.2, second=0)
    attempt(db, pupil_id, d3, correct=True, ms=6000, puzzle_id=puzzle, rating_after=0.3, second=60)
    attempt(db, pupil_id, d9, correct=True, ms=8000, puzzle_id=puzzle, rating_after=0.5)
    return d1, (d1, d3, d9)


def test_daily_buckets_cover_every_day_with_the_days_numbers(db, pupil):
    first, (d1, d3, d9) = history(db, pupil, seed_puzzles(db)[0], WEDNESDAY)
    buckets = progress.series(db, pupil, first, WEDNESDAY, weekly=False)
    assert len(buckets) == 10 and buckets[0].start == first
    by_day = {b.start: b for b in buckets}
    assert (by_day[d1].answered, by_day[d1].correct, by_day[d1].median_ms, by_day[d1].rating) == (2, 1, 2000, 0.0)
    assert (by_day[d3].answered, by_day[d3].median_ms, by_day[d3].rating) == (2, 5000, 0.3)
    assert (by_day[d9].answered, by_day[d9].median_ms, by_day[d9].rating) == (1, 8000, 0.5)
    assert by_day[d1 + timedelta(days=1)].answered == 0 and by_day[d1 + timedelta(days=1)].accuracy is None


def test_weekly_buckets_take_the_weeks_median_and_last_rating(db, pupil):
    first, _ = history(db, pupil, seed_puzzles(db)[0], WEDNESDAY)
    assert first.weekday() == 0
    week1, week2 = progress.series(db, pupil, first, WEDNESDAY, weekly=True)
    assert (week1.start, week1.answered, week1.correct, week1.median_ms, week1.rating) == (first, 4, 3, 4000, 0.3)
    assert (week2.answered, week2.correct, week2.median_ms, week2.rating) == (1, 1, 8000, 0.5)


def test_heat_map_cells_by_target_and_combination_size(db, pupil):
    puzzle = seed_puzzles(db)[0]
    for correct, ms in [(True, 3000), (False, 9000), (True, 5000)]:
        attempt(db, pupil, WEDNESDAY, correct=correct, ms=ms, puzzle_id=puzzle, target=9, combo_size=2)
    attempt(db, pupil, WEDNESDAY, correct=True, ms=3000, puzzle_id=puzzle, target=7, combo_size=3)
    attempt(db, pupil, WEDNESDAY - timedelta(days=40), correct=False, puzzle_id=puzzle, target=7, combo_size=3)
    grid = progress.heat(db, [pupil], "2026-02-10", "2026-03-11")
    nine = grid.cell(9, 2)
    assert (nine.answered, nine.correct, nine.median_ms) == (3, 2, 4000)
    assert (grid.cell(7, 3).answered, grid.cell(7, 3).accuracy) == (1, 1.0)  # the old answer is outside


@pytest.fixture
def own_pupil(class_id, make):
    return make.pupil(class_id, "Noor")


def test_the_charts_have_names_summaries_and_a_table_of_their_numbers(client, db, own_pupil):
    history(db, own_pupil, seed_puzzles(db)[0], date.today())
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    for chart in ("chart-accuracy", "chart-speed", "chart-rating"):
        assert f'role="img" aria-labelledby="{chart}-title {chart}-desc"' in html
    assert re.search(r'<desc id="chart-accuracy-desc">Right answers: 50% on [^,]+, 100% on [^;]+; 3 values\.', html)
    table = html.split('<table id="chart-numbers">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r"<tr><th scope=\"row\">([^<]+)</th><td>(\d+)</td><td>([^<]+)</td>\s*<td>([^<]+)</td><td>([^<]+)</td></tr>",
        table,
    )
    assert [r[1:] for r in rows] == [
        ("2", "50%", "2.0 s", "0.00"),
        ("2", "100%", "5.0 s", "0.30"),
        ("1", "100%", "8.0 s", "0.50"),
    ]


def test_a_long_period_is_charted_week_by_week(client, db, own_pupil):
    history(db, own_pupil, seed_puzzles(db)[0], date.today())
    html = client.get(f"/pupils/{own_pupil}/progress?days=91").get_data(as_text=True)
    assert "Right answers per week" in html and "week of " in html
    assert '<strong aria-current="page">91 days</strong>' in html


def _find(db, kind, min_answers):
    seed_puzzles(db)
    for (pid,) in db.execute("SELECT id FROM puzzles WHERE kind = ? ORDER BY id", [kind]):
        p = bank.get(db, pid)
        if len(p.answer) >= min_answers and not p.position.joker:
            return p
    raise AssertionError(f"no curated {kind} puzzle with {min_answers} answers")


def _store(db, pupil_id, puzzle, submitted, second):
    outcome = score_attempt(
        puzzle,
        submitted,
        pupil=Rating(),
        puzzle_rating=Rating(puzzle.difficulty),
        client_seconds=6.0,
        server_seconds=6.2,
    )
    attempt(
        db,
        pupil_id,
        date.today(),
        correct=outcome.grade.correct,
        credit=outcome.grade.credit,
        ms=6000,
        puzzle_id=puzzle.id,
        kind=puzzle.kind,
        submitted=submitted,
        outcome=outcome.to_json(),
        second=second,
    )
    return outcome


def test_an_answer_is_shown_with_its_puzzle_what_was_entered_and_what_was_missed(client, db, own_pupil):
    puzzle = _find(db, "all", 2)
    first = puzzle.answer[0]
    _store(db, own_pupil, puzzle, [{"play": first.play, "capture": list(first.capture)}], 0)
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    item = html.split('<li class="attempt attempt--partly">', 1)[1].split("</li>\n</ol>", 1)[0]
    share = f"{round(100 / len(puzzle.answer))}%"
    assert f"Partly right ({share})" in item and "Find them all" in item
    for card in (*puzzle.position.table, *puzzle.position.hand):
        assert f'data-card="{card}"' in item
    assert f"= {first.target}" in item and "Not found" in item
    assert item.count("✓</span> right") == 1


def test_a_wrong_sum_says_so_and_shows_a_right_answer(client, db, own_pupil):
    puzzle = _find(db, "quick", 1)
    right = puzzle.answer[0]
    spare = [c for c in puzzle.position.table if c not in right.capture]
    wrong = (
        {"play": right.play, "capture": list(right.capture) + spare[:1]}
        if spare
        else {"play": right.play, "capture": list(right.capture)[:-1]}
    )
    outcome = _store(db, own_pupil, puzzle, [wrong], 0)
    assert outcome.grade.wrong[0].reason == "wrong_sum"
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    item = html.split('<li class="attempt attempt--wrong">', 1)[1]
    assert "(wrong sum)" in item and "Right would have been" in item


def test_older_answers_are_a_page_further(client, db, own_pupil):
    puzzle = seed_puzzles(db)[0]
    for i in range(25):
        attempt(db, own_pupil, date.today(), correct=True, puzzle_id=puzzle, second=i)
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    assert html.count('<li class="attempt ') == 20
    older = re.search(r'href="(/pupils/\d+/attempts\?before=[^"]+)"', html).group(1)
    html = client.get(older.replace("&amp;", "&")).get_data(as_text=True)
    assert html.count('<li class="attempt ') == 5 and "Older answers" not in html


def test_a_pupil_without_answers_gets_calm_empty_states(client, own_pupil):
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    assert "No answers yet." in html and "No games yet." in html
    assert html.count("No answers in this period") >= 3


def test_a_tweak_puzzle_without_a_sweep_says_none_was_the_answer(client, db, own_pupil):
    seed_puzzles(db)
    puzzle = next(
        p
        for p in (bank.get(db, pid) for (pid,) in db.execute("SELECT id FROM puzzles WHERE kind = 'tweak' ORDER BY id"))
        if not p.answer
    )
    _store(db, own_pupil, puzzle, [{"play": puzzle.position.hand[0], "capture": list(puzzle.position.table[:1])}], 0)
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    item = html.split('<li class="attempt attempt--wrong">', 1)[1]
    assert "TWEAK or not?" in item and "Right would have been</span> “There is none”" in item


def test_the_taps_event_log_shows_cards_taken_back():
    from trainer.web.dashboard.attempt_view import _taps

    events = [
        {"ms": 100, "action": "tap", "card": "R1a", "input": "touch"},
        {"ms": 200, "action": "tap", "card": "O3a", "input": "touch"},
        {"ms": 300, "action": "untap", "card": "O3a", "input": "touch"},
        {"ms": 400, "action": "tap", "card": "Y3a", "input": "touch"},
        {"ms": 500, "action": "add", "input": "touch"},
        {"ms": 600, "action": "tap", "card": "G2a", "input": "touch"},
        {"ms": 700, "action": "clear", "input": "touch"},
        {"ms": 800, "action": "done", "input": "touch"},
    ]
    assert _taps(events) == (("R1a", False), ("O3a", True), ("Y3a", False), ("G2a", True))
    assert _taps("not a list") == () and _taps([{"action": "tap", "card": "Q9"}]) == ()


def test_a_card_taken_back_is_shown_in_the_tap_order(client, db, own_pupil):
    puzzle = _find(db, "quick", 1)
    right = puzzle.answer[0]
    spare = next(c for c in puzzle.position.table if c not in right.capture)
    events = [{"ms": 100 * i, "action": "tap", "card": c, "input": "mouse"} for i, c in enumerate([right.play, spare])]
    events += [{"ms": 300, "action": "untap", "card": spare, "input": "mouse"}]
    events += [{"ms": 400 + i, "action": "tap", "card": c, "input": "mouse"} for i, c in enumerate(right.capture)]
    outcome = _store(db, own_pupil, puzzle, [{"play": right.play, "capture": list(right.capture)}], 0)
    db.execute("UPDATE attempts SET taps = ?", [json.dumps(events)])
    assert outcome.grade.correct
    html = client.get(f"/pupils/{own_pupil}/progress").get_data(as_text=True)
    line = html.split('class="attempt-taps"', 1)[1].split("</p>", 1)[0]
    assert '<span class="tap--back">' in line and "(taken back)" in line


def test_the_dashboard_and_the_drill_page_name_the_kinds_alike():
    # Issue 47.6: one set of names for the drill kinds everywhere.
    from trainer.web.dashboard.labels import KINDS
    from trainer.web.drills.screen import KIND_NAMES

    assert KINDS == KIND_NAMES
