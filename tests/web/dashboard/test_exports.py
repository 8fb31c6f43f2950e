"""CSV downloads read back to the numbers on the page, and carry no spreadsheet formulas."""

import csv
import io
from datetime import date, timedelta

import pytest

from dashboard_helpers import attempt, backdate_class, seed_puzzles, session
from trainer.store import classes


def _read(response):
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    body = response.get_data(as_text=True)
    assert body.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))


@pytest.fixture
def klass(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher, "Class 6")
    puzzle = seed_puzzles(db)[0]
    today = date.today()
    ada, bob = make.pupil(class_id, "Ada"), make.pupil(class_id, "Bob")
    backdate_class(db, class_id, today - timedelta(days=14))
    s = session(db, ada, today)
    attempt(db, ada, today, correct=True, ms=3500, puzzle_id=puzzle, session_id=s, rating_after=-0.25, second=0)
    attempt(
        db,
        ada,
        today,
        correct=False,
        ms=1200,
        puzzle_id=puzzle,
        session_id=s,
        rating_after=-0.5,
        second=30,
        flags=["faster_than_tapping"],
        credit=0.0,
    )
    attempt(db, ada, today - timedelta(days=1), correct=True, ms=4500, puzzle_id=puzzle, second=0)
    attempt(db, bob, today, correct=True, ms=2500, puzzle_id=puzzle, answered=False)  # issued only
    other = make.pupil(make.klass(make.teacher()), "Eve")
    attempt(db, other, today, correct=True, puzzle_id=puzzle)
    return {"id": class_id, "ada": ada, "bob": bob, "puzzle": puzzle, "today": today}


def test_attempts_csv_round_trips_every_answer_of_the_class(client, klass):
    rows = _read(client.get(f"/classes/{klass['id']}/export/attempts.csv"))
    assert [(r["Pupil"], r["Day"], r["Right"], r["Seconds"]) for r in rows] == [
        ("Ada", (klass["today"] - timedelta(days=1)).isoformat(), "1", "4.5"),
        ("Ada", klass["today"].isoformat(), "1", "3.5"),
        ("Ada", klass["today"].isoformat(), "0", "1.2"),
    ]
    first = rows[1]
    assert first["Puzzle"] == klass["puzzle"] and first["Target"] == "9" and first["Mode"] == "drill"
    assert first["Rating after"] == "-0.25"  # a number, not neutralised text
    assert rows[2]["Flags"] == '["faster_than_tapping"]'
    assert first["Answered at"].startswith(klass["today"].isoformat())


def test_a_pupils_attempts_csv_has_only_theirs(client, klass):
    assert _read(client.get(f"/pupils/{klass['bob']}/export/attempts.csv")) == []
    assert len(_read(client.get(f"/pupils/{klass['ada']}/export/attempts.csv"))) == 3


def test_summary_csv_has_the_overview_numbers(client, klass):
    rows = {r["Pupil"]: r for r in _read(client.get(f"/classes/{klass['id']}/export/pupils.csv"))}
    ada = rows["Ada"]
    assert ada["Today's drill"] == "Done" and ada["Answers (7 days)"] == "3"
    assert float(ada["Right (7 days)"]) == pytest.approx(2 / 3)
    assert float(ada["Median time of right answers (s, 7 days)"]) == 4.0  # of 3.5 and 4.5
    assert rows["Bob"]["Needs attention"] == "Has not practised yet"
    assert rows["Bob"]["Right (7 days)"] == ""


def test_cells_that_would_be_formulas_are_neutralised(client, klass, db):
    classes.rename(db, klass["id"], '=HYPERLINK("http://evil.example","x")')
    db.execute("UPDATE attempts SET flags = ? WHERE pupil_id = ?", ["@SUM(1+1)", klass["ada"]])
    db.execute("UPDATE pupils SET name = ? WHERE id = ?", ["+Ada", klass["ada"]])
    body = client.get(f"/classes/{klass['id']}/export/attempts.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))[1:]
    assert {r[0] for r in rows} == {"'+Ada"} and {r[13] for r in rows} == {"'@SUM(1+1)"}
    for cell in (c for row in rows for c in row):
        assert not cell.startswith(("=", "+", "@", "\t", "\r"))
        if cell.startswith("-"):
            float(cell)  # only our own negative numbers may start with a minus


def test_csv_headers_follow_the_teachers_language(client, klass):
    client.post("/language", data={"lang": "nl", "next": "/"})
    header = client.get(f"/classes/{klass['id']}/export/pupils.csv").get_data(as_text=True).splitlines()[0]
    assert header.lstrip("\ufeff").startswith("Leerling,")
