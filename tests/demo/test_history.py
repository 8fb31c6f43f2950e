"""The demo class comes with weeks of history made by the real puzzle, rating and game code.

The demo is made on the day `trainer serve` first starts, so each test here sets that day
(tests/clock.py): a Wednesday in term unless it says otherwise."""

import json
from datetime import date

import pytest
import time_machine

from clock import DAYS, SCHOOL_MORNING
from trainer.demo import seed as demo
from trainer.engine.records import MATCH_FORMAT, replay_match, replay_round
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.puzzle import parse_puzzle
from trainer.puzzles.rating import Rating
from trainer.store import migrations, pupils
from trainer.store.db import connect
from trainer.web.dashboard.queries import overview


def _made_demo(tmp_path_factory, day):
    path = str(tmp_path_factory.mktemp("demo") / "demo.db")
    db = connect(path)
    migrations.apply(db)
    with time_machine.travel(day, tick=False):
        demo.ensure_demo_data(db, demo.login_file_for(path))
    return db


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory):
    db = _made_demo(tmp_path_factory, SCHOOL_MORNING)
    yield db
    db.close()


@pytest.fixture(scope="module", params=["saturday", "sunday"])
def weekend_demo(request, tmp_path_factory):
    db = _made_demo(tmp_path_factory, DAYS[request.param])
    yield db, DAYS[request.param].date()
    db.close()


def test_every_pupil_has_weeks_of_drills_and_two_finished_games(demo_db):
    for (pupil_id,) in demo_db.execute("SELECT id FROM pupils"):
        days = demo_db.execute(
            "SELECT count(DISTINCT day) FROM practice_sessions WHERE pupil_id = ?", [pupil_id]
        ).fetchone()[0]
        games = demo_db.execute(
            "SELECT count(*) FROM games WHERE pupil_id = ? AND status = 'finished'", [pupil_id]
        ).fetchone()[0]
        assert days >= 10 and games == 2


def test_stored_answers_are_what_score_attempt_says_for_them(demo_db):
    rows = list(
        demo_db.query(
            "SELECT a.*, p.data FROM attempts a JOIN puzzles p ON p.id = a.puzzle_id ORDER BY a.rowid LIMIT 40"
        )
    )
    for row in rows:
        puzzle = parse_puzzle(json.loads(row["data"]))
        outcome = json.loads(row["outcome"])
        again = score_attempt(
            puzzle,
            json.loads(row["submitted"]),
            pupil=Rating.from_json(outcome["pupil_before"]),
            puzzle_rating=Rating.from_json(outcome["puzzle_before"]),
            client_seconds=row["client_ms"] / 1000,
            server_seconds=row["server_ms"] / 1000,
        )
        assert bool(row["correct"]) == again.grade.correct and row["credit"] == again.grade.credit
        # Times are stored in whole milliseconds, so the re-scored rating may differ by a hair.
        assert row["pupil_rating_after"] == pytest.approx(again.pupil_after.value, abs=1e-3)


def test_each_pupils_rating_is_where_their_last_answer_left_it(demo_db):
    for pupil_id, rating, count in demo_db.execute("SELECT pupil_id, rating, count FROM pupil_ratings"):
        last = demo_db.execute(
            "SELECT pupil_rating_after FROM attempts WHERE pupil_id = ? ORDER BY answered_at DESC LIMIT 1", [pupil_id]
        ).fetchone()[0]
        rated = demo_db.execute(
            "SELECT count(*) FROM attempts WHERE pupil_id = ? AND instr(flags, 'faster_than_tapping') = 0", [pupil_id]
        ).fetchone()[0]
        assert rating == pytest.approx(last) and count == rated


def test_demo_games_replay_to_their_stored_points_and_analysed_plays(demo_db):
    for record, points, game_id in demo_db.execute("SELECT record, pupil_points, id FROM games"):
        record = json.loads(record)
        if record["format"] == MATCH_FORMAT:
            assert replay_match(record)["totals"][0] == points
        else:
            assert replay_round(record).scores()[0] == points
        plays = demo_db.execute("SELECT count(*) FROM game_moves WHERE game_id = ?", [game_id]).fetchone()[0]
        pupil_turns = sum(m["player"] == 0 for m in record["moves"])
        assert plays == pupil_turns


def _overview(db, day):
    class_id = db.execute("SELECT id FROM classes").fetchone()[0]
    return {r.name: r for r in overview.pupil_summaries(db, pupils.list_for_class(db, class_id), day)}


def test_the_overview_of_the_demo_class_has_pupils_who_need_attention(demo_db):
    rows = _overview(demo_db, SCHOOL_MORNING.date())
    assert "idle" in [r.code for r in rows["Chloé"].reasons]
    assert "falling" in [r.code for r in rows["Daan"].reasons]
    assert rows["Ada"].drill_today == "done" and rows["Daan"].drill_today == "started"
    assert all(r.games_played == 2 for r in rows.values())
    last_day = demo_db.execute("SELECT max(day) FROM attempts").fetchone()[0]
    assert date.fromisoformat(last_day) == SCHOOL_MORNING.date()


def test_a_demo_made_at_the_weekend_shows_fridays_drill(weekend_demo):
    """Issue 44.1: a teacher who first starts the demo on a Saturday or a Sunday sees the last
    school day's drill (Ada finished it, Daan started it) and the same worries as on a school
    day, not a class where nobody did anything."""
    db, weekend_day = weekend_demo
    friday = date(2026, 3, 13)
    assert weekend_day.weekday() in (5, 6) and friday.weekday() == 4
    assert db.execute("SELECT max(day) FROM attempts").fetchone()[0] == friday.isoformat()
    on_friday = _overview(db, friday)
    assert on_friday["Ada"].drill_today == "done" and on_friday["Daan"].drill_today == "started"
    on_the_day = _overview(db, weekend_day)
    assert "idle" in [r.code for r in on_the_day["Chloé"].reasons]
    assert "falling" in [r.code for r in on_the_day["Daan"].reasons]
    assert all(r.games_played == 2 for r in on_the_day.values())


def test_every_demo_child_has_a_character_of_their_own(demo_db):
    """Issue 39.2: the demo's class play shows who is who by face, each a different one."""
    chosen = dict(demo_db.execute("SELECT p.name, a.avatar FROM pupils p JOIN pupil_avatars a ON a.pupil_id = p.id"))
    assert set(chosen) == set(demo.DEMO_PUPILS)
    assert len(set(chosen.values())) == len(demo.DEMO_PUPILS)
