"""Reads of the dashboard's summaries: pupil days, window medians, drills, ratings, game totals.

`pupil_days` and `game_summaries` are kept by triggers (migration m301); nothing here writes.
Every read of `attempts` names `answered_at IS NOT NULL`, the condition of the partial index
`attempts_dashboard` that covers these reads.
"""

from __future__ import annotations

import re

from sqlite_utils import Database

from trainer.store import pupil_export
from trainer.store.game_kinds import FAMILY_SQL

ANSWERED = "answered_at IS NOT NULL"
# A right answer with a believable time (the same rule as the summary triggers).
TIMED = "correct = 1 AND believed_ms IS NOT NULL AND instr(coalesce(flags, ''), 'faster_than_tapping') = 0"
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def marks(ids) -> str:
    return ", ".join("?" * len(ids))


def day_literal(day: str) -> str:
    """An ISO date for SQL text (window expressions are repeated, which parameters make
    awkward); checked, so nothing but a date can get in."""
    if not _ISO_DAY.fullmatch(day):
        raise ValueError(f"not an ISO date: {day!r}")
    return f"'{day}'"


def grouped_medians(db: Database, groups: list[str], where: str, params: list) -> dict[tuple, float]:
    """Median believed time of timed right answers per group, computed by SQLite's window
    functions so only the one or two middle rows of each group reach Python."""
    names = [f"g{i}" for i in range(len(groups))]
    partition = ", ".join(groups)
    sql = f"""
        SELECT {", ".join(names)}, v FROM (
            SELECT {", ".join(f"{expr} AS {name}" for expr, name in zip(groups, names))},
                   believed_ms AS v,
                   row_number() OVER (PARTITION BY {partition} ORDER BY believed_ms) AS rn,
                   count(*) OVER (PARTITION BY {partition}) AS n
            FROM attempts WHERE {where} AND {ANSWERED} AND {TIMED})
        WHERE rn IN ((n + 1) / 2, (n + 2) / 2)"""
    middles: dict[tuple, list[float]] = {}
    for row in db.execute(sql, params):
        middles.setdefault(tuple(row[:-1]), []).append(row[-1])
    return {key: sum(values) / len(values) for key, values in middles.items()}


def day_rows(db: Database, pupil_ids: list[int], first: str, last: str) -> list[dict]:
    return list(
        db.query(
            f"SELECT * FROM pupil_days WHERE pupil_id IN ({marks(pupil_ids)}) AND day BETWEEN ? AND ?"
            " ORDER BY pupil_id, day",
            [*pupil_ids, first, last],
        )
    )


def last_practice(db: Database, pupil_ids: list[int]) -> dict[int, str]:
    return dict(
        db.execute(
            f"SELECT pupil_id, max(day) FROM pupil_days WHERE pupil_id IN ({marks(pupil_ids)}) GROUP BY pupil_id",
            pupil_ids,
        ).fetchall()
    )


def drill_days(db: Database, pupil_ids: list[int], since: str) -> dict[int, dict[str, bool]]:
    """pupil -> day -> whether a drill that day was finished (a day with only a started one: False)."""
    out: dict[int, dict[str, bool]] = {}
    for pupil_id, day, finished in db.execute(
        f"SELECT pupil_id, day, max(finished_at IS NOT NULL) FROM practice_sessions"
        f" WHERE pupil_id IN ({marks(pupil_ids)}) AND day >= ? AND mode = 'drill'"
        " GROUP BY pupil_id, day",
        [*pupil_ids, since],
    ):
        out.setdefault(pupil_id, {})[day] = bool(finished)
    return out


def ratings(db: Database, pupil_ids: list[int]) -> dict[int, tuple[float, int]]:
    return {
        pid: (rating, count)
        for pid, rating, count in db.execute(
            f"SELECT pupil_id, rating, count FROM pupil_ratings WHERE pupil_id IN ({marks(pupil_ids)})", pupil_ids
        )
    }


def games_played(db: Database, pupil_ids: list[int]) -> dict[int, int]:
    return dict(
        db.execute(
            f"SELECT pupil_id, count(*) FROM games g WHERE pupil_id IN ({marks(pupil_ids)})"
            f" AND status = 'finished' AND NOT {FAMILY_SQL} GROUP BY pupil_id",
            pupil_ids,
        ).fetchall()
    )


def game_totals(db: Database, pupil_ids: list[int]) -> dict[int, dict]:
    return {
        row["pupil_id"]: row
        for row in db.query(
            f"SELECT pupil_id, sum(plays) AS plays, sum(capture_chances) AS capture_chances,"
            f" sum(missed_captures) AS missed_captures, sum(tweak_chances) AS tweak_chances,"
            f" sum(missed_tweaks) AS missed_tweaks, sum(tweaks) AS tweaks"
            f" FROM game_summaries s WHERE pupil_id IN ({marks(pupil_ids)})"
            f" AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = s.game_id AND {FAMILY_SQL})"
            f" GROUP BY pupil_id",
            pupil_ids,
        )
    }


def home_days(db: Database, pupil_ids: list[int], first: str, last: str) -> dict[int, int]:
    """pupil -> days between `first` and `last` with practice at home (an answer or a game of
    a home session, issue 37.1). A game counts where and when its last move was made (issue
    47.1): its mark is that move's place, its day that move's, on the server's local clock."""
    ids = marks(pupil_ids)
    return dict(
        db.execute(
            f"""SELECT pupil_id, count(DISTINCT day) FROM (
              SELECT pupil_id, day FROM attempts WHERE pupil_id IN ({ids}) AND {ANSWERED}
                AND at_home = 1 AND day BETWEEN ? AND ?
              UNION ALL
              SELECT pupil_id, date(updated_at, 'unixepoch', 'localtime') AS day FROM games
                WHERE pupil_id IN ({ids}) AND at_home = 1 AND status != 'abandoned'
                AND date(updated_at, 'unixepoch', 'localtime') BETWEEN ? AND ?)
            GROUP BY pupil_id""",
            [*pupil_ids, first, last, *pupil_ids, first, last],
        ).fetchall()
    )


@pupil_export.section("summaries", tables=("pupil_days", "game_summaries"))
def _export(db: Database, pupil_id: int) -> dict:
    return {
        "days": list(db.query("SELECT * FROM pupil_days WHERE pupil_id = ? ORDER BY day", [pupil_id])),
        "games": list(db.query("SELECT * FROM game_summaries WHERE pupil_id = ? ORDER BY game_id", [pupil_id])),
    }
