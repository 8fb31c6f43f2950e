"""The class overview reads its levels in a few queries for the whole class (issue 36.3: it
read four per row), so a class of 30 costs the statements a class of 3 does; and the levels
read for the class are the ones each pupil's own page shows."""

from datetime import date

import trainer.web.db as web_db
from dashboard_helpers import attempt, seed_puzzles
from trainer.demo import history
from trainer.pupils.avatars import AVATARS
from trainer.store import pupil_rewards
from trainer.web.dashboard.days import school_today
from trainer.web.pupils import standing
from web_helpers import AuthActions


def _overview_statements(app, db, make, monkeypatch, teacher, count: int) -> int:
    class_id = make.klass(teacher, f"Class of {count}")
    puzzle = seed_puzzles(db)[0]
    for n in range(count):
        pupil = make.pupil(class_id, f"P{n}")
        attempt(db, pupil, school_today(), correct=True, puzzle_id=puzzle, rating_after=1000.0 + n)
        pupil_rewards.set_avatar(db, pupil, AVATARS[n % len(AVATARS)], 1.0)
    statements = []
    client = app.test_client()
    AuthActions(client, make).login("t@school.example")
    plain = web_db.connect

    def traced(*args, **kwargs):
        conn = plain(*args, **kwargs)
        conn.conn.set_trace_callback(statements.append)
        return conn

    with monkeypatch.context() as patch:
        patch.setattr(web_db, "connect", traced)
        assert client.get(f"/classes/{class_id}/dashboard").status_code == 200
    return len(statements)


def test_a_class_of_30_costs_the_statements_of_a_class_of_3(app, db, make, monkeypatch):
    teacher = make.teacher(email="t@school.example")
    three = _overview_statements(app, db, make, monkeypatch, teacher, 3)
    thirty = _overview_statements(app, db, make, monkeypatch, teacher, 30)
    assert thirty == three


def test_the_class_levels_are_each_pupils_own(db, make):
    class_id = make.klass(make.teacher())
    ids = [make.pupil(class_id, name) for name in ("Ada", "Bram", "Chloe", "Daan", "Emma", "Finn")]
    today = date.today()
    history.add_history(db, class_id, ids[:5], today)  # Finn has done nothing yet
    pupil_rewards.record_levels(db, ids[0], 3, today.isoformat())
    one_by_one = {pid: standing.standing_of(db, pid, class_id, today).level for pid in ids}
    assert standing.class_levels(db, class_id, ids, today) == one_by_one
    assert len({level.number for level in one_by_one.values()}) > 1  # the data tells them apart
