"""The dashboard's reads of attempts stay on the covering index, and the summary triggers find a
day's rows by index, with no ANALYZE statistics (the app never gathers any): otherwise a page
or every single answer would scan a pupil's whole history."""

from datetime import date

from dashboard_helpers import attempt, seed_puzzles
from trainer.store import pupils
from trainer.web.dashboard.queries import overview, progress


def _plans(db, action):
    statements = []
    db.conn.set_trace_callback(statements.append)
    try:
        action()
    finally:
        db.conn.set_trace_callback(None)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT") and "attempts" in s]
    return {s: " | ".join(r[3] for r in db.execute("EXPLAIN QUERY PLAN " + s)) for s in selects}


def test_dashboard_reads_of_attempts_use_the_covering_index(db, make):
    class_id = make.klass(make.teacher())
    pupil = make.pupil(class_id, "Noor")
    attempt(db, pupil, date(2026, 3, 4), correct=True, puzzle_id=seed_puzzles(db)[0])
    today = date(2026, 3, 11)

    def read():
        overview.pupil_summaries(db, pupils.list_for_class(db, class_id), today)
        progress.heat(db, [pupil], "2026-01-01", "2026-03-11")
        progress.most_missed(db, [pupil], "2026-01-01", "2026-03-11")
        progress.series(db, pupil, date(2026, 1, 1), today, weekly=True)

    plans = _plans(db, read)
    assert len(plans) >= 4
    for sql, plan in plans.items():
        assert "COVERING INDEX attempts_dashboard" in plan, (sql, plan)


def test_the_summary_trigger_reads_the_day_by_index(db):
    body = db.execute("SELECT sql FROM sqlite_master WHERE name = 'attempts_days_insert'").fetchone()[0]
    assert body.count("FROM attempts INDEXED BY attempts_dashboard") == body.count("FROM attempts")
