"""pupil_days and game_summaries follow every write to attempts and game_moves (migration m301),
so the drills and games code need not know they exist."""

from datetime import date

import pytest

from dashboard_helpers import attempt, seed_puzzles
from trainer.store import migrations

DAY = date(2026, 3, 4)


@pytest.fixture
def pupil(make, db):
    class_id = make.klass(make.teacher())
    return make.pupil(class_id, "Noor")


@pytest.fixture
def puzzle(db):
    return seed_puzzles(db)[0]


def _day(db, pupil_id, day=DAY):
    rows = list(db.query("SELECT * FROM pupil_days WHERE pupil_id = ? AND day = ?", [pupil_id, day.isoformat()]))
    return rows[0] if rows else None


def test_a_day_counts_answers_right_answers_and_the_median_time_of_right_ones(db, pupil, puzzle):
    for correct, ms in [(True, 3000), (True, 5000), (False, 1000), (True, 9000)]:
        attempt(db, pupil, DAY, correct=correct, ms=ms, puzzle_id=puzzle)
    row = _day(db, pupil)
    assert (row["answered"], row["correct"], row["timed"]) == (4, 3, 3)
    assert row["median_ms"] == 5000  # of 3000, 5000, 9000: the wrong 1000 is not speed


def test_an_even_count_takes_the_mean_of_the_two_middle_times(db, pupil, puzzle):
    for ms in (2000, 4000, 6000, 10000):
        attempt(db, pupil, DAY, correct=True, ms=ms, puzzle_id=puzzle)
    assert _day(db, pupil)["median_ms"] == 5000


def test_answers_too_fast_to_be_real_count_but_give_no_time(db, pupil, puzzle):
    attempt(db, pupil, DAY, correct=True, ms=100, puzzle_id=puzzle, flags=["faster_than_tapping"])
    attempt(db, pupil, DAY, correct=True, ms=4000, puzzle_id=puzzle)
    row = _day(db, pupil)
    assert (row["answered"], row["correct"], row["too_fast"], row["timed"], row["median_ms"]) == (2, 2, 1, 1, 4000)


def test_the_days_rating_is_the_one_after_its_last_rated_answer(db, pupil, puzzle):
    attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle, rating_after=0.4, second=0)
    attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle, rating_after=0.9, second=60)
    attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle, rating_after=None, second=120)
    assert _day(db, pupil)["rating"] == 0.9


def test_an_issued_puzzle_counts_only_once_it_is_answered(db, pupil, puzzle):
    attempt_id = attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle, answered=False)
    assert _day(db, pupil) is None
    db.execute(
        "UPDATE attempts SET answered_at = issued_at + 3, believed_ms = 3000, correct = 1 WHERE id = ?", [attempt_id]
    )
    row = _day(db, pupil)
    assert (row["answered"], row["correct"], row["median_ms"]) == (1, 1, 3000)


def test_a_resubmitted_answer_replaces_rather_than_adds(db, pupil, puzzle):
    attempt_id = attempt(db, pupil, DAY, correct=False, ms=4000, puzzle_id=puzzle)
    db.execute("UPDATE attempts SET correct = 1 WHERE id = ?", [attempt_id])
    db.execute("UPDATE attempts SET correct = 1 WHERE id = ?", [attempt_id])
    row = _day(db, pupil)
    assert (row["answered"], row["correct"]) == (1, 1)


def test_moving_an_answer_to_another_day_recounts_both_days(db, pupil, puzzle):
    keep = attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle)
    move = attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle)
    db.execute("UPDATE attempts SET day = '2026-03-05' WHERE id = ?", [move])
    assert _day(db, pupil)["answered"] == 1
    assert _day(db, pupil, date(2026, 3, 5))["answered"] == 1
    db.execute("DELETE FROM attempts WHERE id = ?", [keep])
    assert _day(db, pupil) is None


def test_deleting_a_pupil_deletes_their_summaries(db, pupil, puzzle, make):
    attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle)
    from trainer.store import pupils

    pupils.delete(db, pupil)
    assert db.execute("SELECT count(*) FROM pupil_days").fetchone()[0] == 0


def _game(db, pupil_id):
    return db.execute(
        "INSERT INTO games (pupil_id, settings, state, record, status, created_at, updated_at)"
        " VALUES (?, '{}', '{}', '{}', 'finished', 0, 0)",
        [pupil_id],
    ).lastrowid


def _move(db, game_id, pupil_id, turn, *, available, missed, tweak_available=0, missed_tweak=0, tweak=0):
    db.execute(
        "INSERT INTO game_moves (game_id, pupil_id, round, turn, target, captures_available, best_points,"
        " tweak_available, points, tweak, missed_capture, missed_tweak, decision_ms, hint_used, analysis,"
        " created_at) VALUES (?, ?, 0, ?, 9, ?, 4, ?, 0, ?, ?, ?, 1000, 0, '{}', 0)",
        [game_id, pupil_id, turn, available, tweak_available, tweak, missed, missed_tweak],
    )


def test_a_game_summary_counts_chances_and_misses(db, pupil):
    game_id = _game(db, pupil)
    _move(db, game_id, pupil, 0, available=2, missed=1)
    _move(db, game_id, pupil, 1, available=0, missed=0)
    _move(db, game_id, pupil, 2, available=1, missed=0, tweak_available=1, tweak=1)
    _move(db, game_id, pupil, 3, available=3, missed=1, tweak_available=1, missed_tweak=1)
    row = next(db.query("SELECT * FROM game_summaries WHERE game_id = ?", [game_id]))
    assert (row["plays"], row["capture_chances"], row["missed_captures"]) == (4, 3, 2)
    assert (row["tweak_chances"], row["missed_tweaks"], row["tweaks"]) == (2, 1, 1)
    db.execute("DELETE FROM game_moves WHERE game_id = ? AND turn = 3", [game_id])
    row = next(db.query("SELECT * FROM game_summaries WHERE game_id = ?", [game_id]))
    assert (row["plays"], row["missed_captures"], row["missed_tweaks"]) == (3, 1, 0)
    db.execute("DELETE FROM games WHERE id = ?", [game_id])
    assert db.execute("SELECT count(*) FROM game_summaries").fetchone()[0] == 0


def test_the_migration_summarises_rows_written_before_it(db, pupil, puzzle):
    """As when the drills branch is merged (and has data) before the dashboard."""
    attempt(db, pupil, DAY, correct=True, ms=3000, puzzle_id=puzzle, rating_after=0.5)
    attempt(db, pupil, DAY, correct=False, ms=8000, puzzle_id=puzzle)
    game_id = _game(db, pupil)
    _move(db, game_id, pupil, 0, available=1, missed=1)
    # Undo m301 (keeping the rows it summarises) and apply it again.
    for trigger in [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]:
        db.execute(f"DROP TRIGGER {trigger}")
    db.execute("DROP INDEX attempts_dashboard")
    db.execute("DROP TABLE pupil_days")
    db.execute("DROP TABLE game_summaries")
    db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm301_dashboard_summaries'")
    migrations.apply(db)
    row = _day(db, pupil)
    assert (row["answered"], row["correct"], row["median_ms"], row["rating"]) == (2, 1, 3000, 0.5)
    assert next(db.query("SELECT missed_captures FROM game_summaries"))["missed_captures"] == 1


def test_an_answer_stored_before_it_is_graded_counts_as_answered_not_right(db, pupil, puzzle):
    attempt_id = attempt(db, pupil, DAY, correct=True, puzzle_id=puzzle)
    db.execute("UPDATE attempts SET correct = NULL WHERE id = ?", [attempt_id])
    row = _day(db, pupil)
    assert (row["answered"], row["correct"], row["timed"]) == (1, 0, 0)
