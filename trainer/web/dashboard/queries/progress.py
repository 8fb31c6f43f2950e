"""A pupil's progress over time, and heat maps and hard puzzles for a pupil or a class."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta

from sqlite_utils import Database

from trainer.puzzles.puzzle import Puzzle, parse_puzzle
from trainer.web.dashboard import heatmap
from trainer.web.dashboard.days import days_in, iso, parse_day, week_start
from trainer.web.dashboard.queries import summaries
from trainer.web.dashboard.queries.summaries import ANSWERED, marks

# SQLite: the Monday of the day's week ('weekday 0' is the next Sunday, or the day itself).
WEEK_OF = "date(day, 'weekday 0', '-6 days')"


@dataclass(frozen=True)
class Bucket:
    start: date  # the day, or the Monday of the week
    answered: int = 0
    correct: int = 0
    median_ms: float | None = None
    rating: float | None = None  # after the bucket's last rated answer

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answered if self.answered else None


def series(db: Database, pupil_id: int, first: date, last: date, weekly: bool) -> list[Bucket]:
    """One bucket per day (or week) from `first` to `last`, empty ones included: charts space
    them evenly, so a week without practice shows as a gap."""
    rows = summaries.day_rows(db, [pupil_id], iso(first), iso(last))
    if not weekly:
        by_day = {r["day"]: r for r in rows}
        return [
            Bucket(
                d,
                by_day[iso(d)]["answered"],
                by_day[iso(d)]["correct"],
                by_day[iso(d)]["median_ms"],
                by_day[iso(d)]["rating"],
            )
            if iso(d) in by_day
            else Bucket(d)
            for d in days_in(first, last)
        ]
    medians = summaries.grouped_medians(
        db, [WEEK_OF], "pupil_id = ? AND day BETWEEN ? AND ?", [pupil_id, iso(first), iso(last)]
    )
    weeks: dict[date, dict] = {}
    for r in rows:  # in day order, so the last rating seen is the week's last
        w = weeks.setdefault(week_start(parse_day(r["day"])), {"answered": 0, "correct": 0, "rating": None})
        w["answered"] += r["answered"]
        w["correct"] += r["correct"]
        if r["rating"] is not None:
            w["rating"] = r["rating"]
    out, monday = [], week_start(first)
    while monday <= last:
        w = weeks.get(monday)
        out.append(
            Bucket(monday, w["answered"], w["correct"], medians.get((iso(monday),)), w["rating"])
            if w
            else Bucket(monday)
        )
        monday += timedelta(days=7)
    return out


def heat(db: Database, pupil_ids: list[int], first: str, last: str) -> heatmap.Grid:
    if not pupil_ids:
        return heatmap.build({}, {})
    where = f"pupil_id IN ({marks(pupil_ids)}) AND day BETWEEN ? AND ?"
    params = [*pupil_ids, first, last]
    counts = {
        (t, s): (a, c)
        for t, s, a, c in db.execute(
            f"SELECT target, combo_size, count(*), sum(correct = 1) FROM attempts"
            f" WHERE {where} AND {ANSWERED} GROUP BY target, combo_size",
            params,
        )
    }
    medians = summaries.grouped_medians(db, ["target", "combo_size"], where, params)
    return heatmap.build(counts, medians)


@dataclass(frozen=True)
class HardPuzzle:
    puzzle_id: str
    puzzle: Puzzle | None  # None if the stored JSON no longer reads (never expected)
    answered: int
    missed: int
    pupils: int
    pupils_missed: int

    @property
    def miss_rate(self) -> float:
        return self.missed / self.answered


def most_missed(db: Database, pupil_ids: list[int], first: str, last: str, limit: int = 10) -> list[HardPuzzle]:
    """The puzzles answered wrongly most often (ties: the larger share wrong)."""
    if not pupil_ids:
        return []
    rows = db.execute(
        f"""SELECT puzzle_id, count(*) AS answered, sum(correct = 0) AS missed,
                   count(DISTINCT pupil_id), count(DISTINCT CASE WHEN correct = 0 THEN pupil_id END)
            FROM attempts WHERE pupil_id IN ({marks(pupil_ids)}) AND day BETWEEN ? AND ? AND {ANSWERED}
            GROUP BY puzzle_id HAVING missed > 0
            ORDER BY missed DESC, missed * 1.0 / answered DESC, puzzle_id LIMIT ?""",
        [*pupil_ids, first, last, limit],
    ).fetchall()
    if not rows:
        return []
    data = dict(
        db.execute(f"SELECT id, data FROM puzzles WHERE id IN ({marks(rows)})", [r[0] for r in rows]).fetchall()
    )
    return [
        HardPuzzle(pid, _puzzle(data[pid]), answered, missed, pupils, pupils_missed)
        for pid, answered, missed, pupils, pupils_missed in rows
        if pid in data
    ]


def _puzzle(text: str) -> Puzzle | None:
    try:
        return parse_puzzle(json.loads(text))
    except ValueError:
        return None
