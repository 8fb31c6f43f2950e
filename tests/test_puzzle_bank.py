"""The puzzle bank in the database: curated and generated puzzles, stored once, ratings kept."""
from trainer.puzzles.loader import load_seed_puzzles
from trainer.puzzles.rating import Rating
from trainer.web.models import puzzles


def test_ensure_bank_stores_every_curated_puzzle_and_a_generated_set_once(db):
    puzzles.ensure_bank(db, generated=30)
    curated = {p.id for group in load_seed_puzzles().values() for p in group}
    sources = dict(db.execute("SELECT source, count(*) FROM puzzles GROUP BY source").fetchall())
    assert sources["curated"] == len(curated) and sources["generated"] >= 25
    before = db["puzzles"].count
    puzzles.ensure_bank(db, generated=30)
    assert db["puzzles"].count == before


def test_a_stored_puzzle_reads_back_equal_with_its_heat_map_columns(db):
    puzzle = next(iter(load_seed_puzzles().values()))[0]
    assert puzzles.store(db, [puzzle], "teacher") == 1
    assert puzzles.store(db, [puzzle], "teacher") == 0
    assert puzzles.get(db, puzzle.id) == puzzle
    target, size, combo = db.execute("SELECT target, table_size, combo_size FROM puzzles").fetchone()
    assert (target, size) == (puzzle.position.target, len(puzzle.position.table))
    assert combo == max((c.cards for c in puzzle.answer), default=0)
    assert puzzles.get(db, "no-such-puzzle") is None


def test_ratings_start_at_the_puzzles_difficulty_and_can_be_updated(db):
    puzzle = next(iter(load_seed_puzzles().values()))[0]
    puzzles.store(db, [puzzle], "curated")
    assert puzzles.rating(db, puzzle.id) == Rating(puzzle.difficulty, 0)
    puzzles.set_rating(db, puzzle.id, Rating(1.25, 3))
    assert puzzles.ratings(db, [puzzle.kind]) == {puzzle.id: Rating(1.25, 3)}
    assert puzzles.ratings(db, ["none"]) == {}
