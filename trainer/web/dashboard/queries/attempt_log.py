"""Single attempts: the latest ones for the pupil page, and every one for the CSV export."""

from __future__ import annotations

from collections.abc import Iterator

from sqlite_utils import Database

from trainer.web.dashboard.queries.summaries import ANSWERED, marks

RECENT = 20


def recent(db: Database, pupil_id: int, before: float | None = None, limit: int = RECENT) -> list[dict]:
    """The pupil's latest answered attempts (older than `before`, an answered_at, when given),
    each with its puzzle's JSON as `puzzle_data`."""
    return list(
        db.query(
            f"""SELECT a.*, p.data AS puzzle_data FROM attempts a JOIN puzzles p ON p.id = a.puzzle_id
            WHERE a.pupil_id = ? AND a.{ANSWERED} AND a.answered_at < ?
            ORDER BY a.answered_at DESC LIMIT ?""",
            [pupil_id, before if before is not None else float("inf"), limit],
        )
    )


def export_rows(db: Database, pupil_ids: list[int]) -> Iterator[tuple]:
    """Every answered attempt of these pupils, pupil by pupil in time order; the columns of
    export_views._attempt_header."""
    if not pupil_ids:
        return iter(())
    return db.execute(
        f"""SELECT p.name, a.day, datetime(a.answered_at, 'unixepoch', 'localtime'), a.kind,
                   a.puzzle_id, a.target, a.combo_size, a.correct, a.credit, a.believed_ms / 1000.0,
                   a.time_limit_s, a.score, a.pupil_rating_after, a.flags, s.mode, a.at_home
            FROM attempts a JOIN pupils p ON p.id = a.pupil_id
            LEFT JOIN practice_sessions s ON s.id = a.session_id
            WHERE a.pupil_id IN ({marks(pupil_ids)}) AND a.{ANSWERED}
            ORDER BY p.name COLLATE NOCASE, p.id, a.answered_at""",
        pupil_ids,
    )
