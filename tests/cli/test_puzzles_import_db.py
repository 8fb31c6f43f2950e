"""`trainer puzzles import FILE --db PATH`: a puzzle file into the web app's puzzle bank."""

from pathlib import Path

from trainer.cli.main import main
from trainer.store import migrations
from trainer.store.db import connect

SEED_FILE = Path(__file__).resolve().parents[2] / "seed_data" / "puzzles" / "rules-examples.jsonl"


def test_import_with_db_stores_the_puzzles_once(capsys, tmp_path):
    db_path = tmp_path / "bank.db"
    assert main(["puzzles", "import", str(SEED_FILE), "--db", str(db_path)]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 5 and "5 puzzles checked" in err and "5 new in the puzzle bank" in err
    assert main(["puzzles", "import", str(SEED_FILE), "--db", str(db_path)]) == 0
    assert "0 new in the puzzle bank" in capsys.readouterr().err
    db = connect(str(db_path))
    assert db.execute("SELECT count(*), min(source) FROM puzzles").fetchone() == (5, "teacher")
    db.close()


def test_import_of_a_bad_file_stores_nothing_and_names_the_line(capsys, tmp_path):
    db_path = tmp_path / "bank.db"
    db = connect(str(db_path))
    migrations.apply(db)
    path = tmp_path / "mine.jsonl"
    path.write_text(SEED_FILE.read_text().splitlines()[0] + "\n" + '{"target": 9, "table": ["R1a"], "hand": ["Z9"]}\n')
    assert main(["puzzles", "import", str(path), "--db", str(db_path)]) == 2
    out, err = capsys.readouterr()
    assert (
        out == "" and err.startswith("trainer puzzles: mine.jsonl: line 2: unknown card 'Z9'") and err.count("\n") == 1
    )
    assert db["puzzles"].count == 0
    db.close()


def test_import_into_a_missing_folder_is_exit_2(capsys, tmp_path):
    assert main(["puzzles", "import", str(SEED_FILE), "--db", str(tmp_path / "no" / "bank.db")]) == 2
    assert "does not exist" in capsys.readouterr().err
