"""What the parent page reads of one pupil's answers (issue 37.3): the days and minutes of
practice in a span of days, and how they do per sum and number of cards. One pupil only: every
query names the pupil by id, and nothing here can list a class."""

from __future__ import annotations

from sqlite_utils import Database

ANSWERED = "answered_at IS NOT NULL"


def practice(db: Database, pupil_id: int, first: str, last: str) -> tuple[int, int]:
    """(days practised, minutes) between two ISO days: the time on each puzzle, up to its limit,
    so a tablet left open does not count."""
    days, seconds = db.execute(
        f"SELECT count(DISTINCT day), COALESCE(sum(min(answered_at - issued_at, time_limit_s)), 0)"
        f" FROM attempts WHERE pupil_id = ? AND day BETWEEN ? AND ? AND {ANSWERED}",
        [pupil_id, first, last],
    ).fetchone()
    return days, round(seconds / 60)


def skills(db: Database, pupil_id: int, since: str) -> list[tuple[int, int, int, int]]:
    """(target, cards, answered, correct) since an ISO day, per magic number and number of
    cards in the capture (0: "there is none")."""
    return [
        tuple(r)
        for r in db.execute(
            f"SELECT target, combo_size, count(*), sum(correct = 1) FROM attempts"
            f" WHERE pupil_id = ? AND day >= ? AND {ANSWERED} GROUP BY target, combo_size",
            [pupil_id, since],
        )
    ]
