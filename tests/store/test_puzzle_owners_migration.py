"""Migration m3801 (issue 38.1): every stored puzzle is kept; teachers' earlier uploads, which
went straight into the shared bank with the file's own numbers, become their uploader's own
puzzles waiting for review, at the difficulty of their features plus what answers moved them."""

import json

import pytest

from trainer.engine.positions import Position
from trainer.puzzles.features import default_time_limit, initial_difficulty
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import migrations, passwords, puzzles, teachers
from trainer.store.db import connect

CURATED = make_puzzle("all", Position(9, ("R1a", "O3a", "Y3a"), ("B4", "P6", "G2a")))
UPLOADED = make_puzzle("quick", Position(5, ("R1a", "O2a"), ("B4",)), time_limit=3, difficulty=-3)
IMPORTED = make_puzzle("best", Position(8, ("G1a", "O2b", "B3a"), ("Y2a", "R5", "P6")), difficulty=-2)


@pytest.fixture
def before(tmp_path):
    db = connect(tmp_path / "old.db")
    migrations.migrations.apply(db, stop_before="m3801_puzzle_owners_and_review")
    teacher = teachers.create(db, "t@school.example", "T", passwords.hash_password("correct horse battery"))
    puzzles.store(db, [CURATED], "curated")
    puzzles.store(db, [UPLOADED], "teacher", teacher)
    puzzles.store(db, [IMPORTED], "teacher")  # `trainer puzzles import --db`: no teacher
    # Two answers moved the upload by +0.25 since.
    db.execute("UPDATE puzzles SET rating = -2.75, rating_count = 2 WHERE id = ?", [UPLOADED.id])
    yield db, teacher
    db.close()


def test_earlier_uploads_become_their_teachers_waiting_puzzles(before):
    db, teacher = before
    ids = [r[0] for r in db.execute("SELECT id FROM puzzles ORDER BY id")]
    migrations.apply(db)
    assert [r[0] for r in db.execute("SELECT id FROM puzzles ORDER BY id")] == ids
    status = dict(db.execute("SELECT id, status FROM puzzles").fetchall())
    assert status == {CURATED.id: "shared", UPLOADED.id: "pending", IMPORTED.id: "shared"}
    assert db.execute("SELECT teacher_id, puzzle_id FROM puzzle_owners").fetchall() == [(teacher, UPLOADED.id)]
    estimate = initial_difficulty(UPLOADED.features)
    rating, count, data = db.execute(
        "SELECT rating, rating_count, data FROM puzzles WHERE id = ?", [UPLOADED.id]
    ).fetchone()
    assert rating == pytest.approx(estimate + 0.25) and count == 2
    assert json.loads(data)["difficulty"] == estimate
    assert json.loads(data)["time_limit"] == default_time_limit(UPLOADED.features) == 20
    # The operator's import keeps the file's numbers: a trusted path (docs/puzzles.md).
    assert db.execute("SELECT rating FROM puzzles WHERE id = ?", [IMPORTED.id]).fetchone()[0] == -2
