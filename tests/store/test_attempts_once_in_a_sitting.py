"""m3805 (issue 38.5): a puzzle enters a sitting once, held by a unique index; a database that
already holds a sitting with a puzzle twice (the attack left three) keeps its rows."""

import pytest

from trainer.puzzles.loader import load_seed_puzzles
from trainer.store import migrations, practice, puzzles

PUZZLE = next(iter(load_seed_puzzles().values()))[0]


def _attempt(db, attempt_id, pupil_id, session_id):
    db.execute(
        "INSERT INTO attempts (id, pupil_id, session_id, puzzle_id, kind, day, issued_at, time_limit_s,"
        " target, combo_size) VALUES (?, ?, ?, ?, ?, '2025-03-12', 0, 20, 9, 2)",
        [attempt_id, pupil_id, session_id, PUZZLE.id, PUZZLE.kind],
    )


def test_the_step_keeps_a_sitting_that_holds_a_puzzle_three_times(db, make):
    puzzles.store(db, [PUZZLE], "curated")
    pupil_id = make.pupil(make.klass(make.teacher()), "Noor")
    session_id = practice.create_session(db, pupil_id, "drill", "2025-03-12", 0, planned=5)
    # Undo the step, write what the attack left, and apply it again.
    db.execute("DROP INDEX attempts_once_in_a_sitting")
    db.execute("ALTER TABLE attempts DROP COLUMN issued_by")
    db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm3805_a_puzzle_once_in_a_sitting'")
    for n in range(3):
        _attempt(db, f"old-{n}", pupil_id, session_id)
    migrations.apply(db)
    rows = db.execute("SELECT id, issued_by FROM attempts ORDER BY id").fetchall()
    assert rows == [("old-0", None), ("old-1", None), ("old-2", None)]
    # From now on the sitting of today takes each puzzle once.
    today = practice.create_session(db, pupil_id, "drill", "2025-03-13", 0, planned=5)
    made = dict(
        pupil_id=pupil_id,
        session_id=today,
        puzzle_id=PUZZLE.id,
        kind=PUZZLE.kind,
        day="2025-03-13",
        issued_at=1,
        time_limit=20,
        target=9,
        combo_size=2,
    )
    practice.new_attempt(db, **made)
    with pytest.raises(practice.AlreadyIssued):
        practice.new_attempt(db, **made, issued_by="ticket")
