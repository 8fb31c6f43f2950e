"""What was done at home shows on the dashboard (issue 37.1): a column "At home" in the
overview (days of the last 7), the pupil page (summary, each answer, each game) and both CSVs.
The mark itself is written by home sessions (tests/web/pupils/test_home_records.py)."""

import csv
import io
from datetime import date, timedelta

import pytest

from dashboard_helpers import at, attempt, backdate_class, seed_puzzles, session
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import games


def _read(response):
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


@pytest.fixture
def klass(auth, make, db):
    """Ada practised at home yesterday (an answer) and today (a game), and at school today;
    Bob only at school."""
    class_id = make.klass(auth.login_new_teacher(), "Class 6")
    puzzle = seed_puzzles(db)[0]
    today = date.today()
    ada, bob = make.pupil(class_id, "Ada"), make.pupil(class_id, "Bob")
    backdate_class(db, class_id, today - timedelta(days=14))
    at_home = attempt(
        db,
        ada,
        today - timedelta(days=1),
        correct=True,
        puzzle_id=puzzle,
        session_id=session(db, ada, today - timedelta(days=1)),
    )
    db.execute("UPDATE attempts SET at_home = 1 WHERE id = ?", [at_home])
    attempt(db, ada, today, correct=True, puzzle_id=puzzle, session_id=session(db, ada, today), second=5)
    attempt(db, bob, today, correct=True, puzzle_id=puzzle, session_id=session(db, bob, today))
    games.create(db, ada, new_game(GameSettings(("random",)), seed=1), at(today), at_home=True)
    return {"id": class_id, "ada": ada, "bob": bob}


def test_the_overview_has_an_at_home_column(client, klass):
    html = client.get(f"/classes/{klass['id']}/dashboard").get_data(as_text=True)
    assert ">At home<" in html
    rows = {name: html.split(f">{name}</a>", 1)[1].split("</tr>", 1)[0] for name in ("Ada", "Bob")}
    assert "2 days" in rows["Ada"].split('col-home">', 1)[1]
    assert rows["Bob"].split('col-home">', 1)[1].startswith("–")


def test_the_overview_sorts_by_it(client, klass):
    html = client.get(f"/classes/{klass['id']}/dashboard?sort=home&dir=desc").get_data(as_text=True)
    assert html.index(">Ada</a>") < html.index(">Bob</a>")


def test_the_pupil_page_marks_home_answers_and_games(client, klass):
    html = client.get(f"/pupils/{klass['ada']}/progress").get_data(as_text=True)
    assert "At home (7 days)" in html and "2 days" in html
    assert html.count("⌂</span> at home") == 2  # the answer of yesterday, the game
    bob = client.get(f"/pupils/{klass['bob']}/progress").get_data(as_text=True)
    assert "⌂</span> at home" not in bob


def test_the_csvs_carry_it(client, klass):
    answers = _read(client.get(f"/classes/{klass['id']}/export/attempts.csv"))
    assert sorted((r["Pupil"], r["At home"]) for r in answers) == [("Ada", "0"), ("Ada", "1"), ("Bob", "0")]
    pupils = {r["Pupil"]: r for r in _read(client.get(f"/classes/{klass['id']}/export/pupils.csv"))}
    assert pupils["Ada"]["Days at home (7 days)"] == "2" and pupils["Bob"]["Days at home (7 days)"] == "0"
