"""Fluency levels (issue 15.3): a status a child climbs, read from the pupil's rating and the
median time of their right answers. Pure: the thresholds and the names in six languages are in
seed_data/levels.json; bench/learner_sim.py --climb measured them (docs/performance.md).

A level needs all three of: enough rated answers (so one lucky first drill cannot jump a
child to the top), a rating, and — from the middle levels on — right answers in at most so
many seconds (median), like "3 s a question" in Times Tables Rock Stars. A level once
reached is kept (the store keeps the highest): a bad day never takes a level away."""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from trainer.engine.cards import SEED_DATA

LEVELS_FILE = SEED_DATA / "levels.json"
LANGUAGES = ("en", "nl", "da", "de", "fi", "cs")
RECENT_ANSWERS = 50  # the median time is over this many of the latest timed right answers


@dataclass(frozen=True, slots=True)
class Level:
    number: int  # 1 = where everyone starts
    key: str  # names the picture (static/css/pupil.css) and the certificate
    answers: int  # rated answers at least
    rating: float | None  # rating at least (logits); None: no condition
    median_s: float | None  # median seconds of right answers at most; None: no condition
    names: dict[str, str]

    def name(self, language: str | None) -> str:
        return self.names.get((language or "en").split("_")[0].lower(), self.names["en"])

    def reached_by(self, rating: float | None, answers: int, median_s: float | None) -> bool:
        if answers < self.answers:
            return False
        if self.rating is not None and (rating is None or rating < self.rating):
            return False
        if self.median_s is not None and (median_s is None or median_s > self.median_s):
            return False
        return True


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a pupil is: the level (the highest reached), the next one and how far to it."""

    level: Level
    next: Level | None
    progress: float  # 0..1 of the way from this level's rating to the next's
    need_answers: int  # more rated answers the next level needs
    need_rating: float  # rating still missing (0 when met)
    need_faster_s: float  # seconds faster the median must get (0 when met)
    days_like_today: int | None  # school days like today to the next level; None: cannot say

    @property
    def top(self) -> bool:
        return self.next is None


def parse_levels(data: dict) -> tuple[Level, ...]:
    """Levels from the file's JSON; raises ValueError naming the first problem."""
    rows = data.get("levels") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not rows:
        raise ValueError("levels.json: 'levels' must be a non-empty list")
    levels = []
    for number, row in enumerate(rows, 1):
        names = row.get("names", {})
        missing = [lang for lang in LANGUAGES if not isinstance(names.get(lang), str) or not names[lang]]
        if missing:
            raise ValueError(f"levels.json: level {number} has no name in {', '.join(missing)}")
        levels.append(
            Level(
                number, str(row["key"]), int(row.get("answers", 0)), row.get("rating"), row.get("median_s"), dict(names)
            )
        )
    for low, high in zip(levels, levels[1:]):
        if high.answers < low.answers or (low.rating is not None and (high.rating or -math.inf) < low.rating):
            raise ValueError(f"levels.json: level {high.number} asks for less than level {low.number}")
    if levels[0].answers or levels[0].rating is not None or levels[0].median_s is not None:
        raise ValueError("levels.json: the first level is where everyone starts, without conditions")
    return tuple(levels)


@cache
def levels() -> tuple[Level, ...]:
    return parse_levels(json.loads(LEVELS_FILE.read_text(encoding="utf-8")))


def by_number(number: int, table: tuple[Level, ...] | None = None) -> Level:
    table = table or levels()
    return table[max(1, min(number, len(table))) - 1]


def level_now(
    rating: float | None, answers: int, median_s: float | None, table: tuple[Level, ...] | None = None
) -> Level:
    """The highest level whose conditions hold now (levels are climbed in order)."""
    table = table or levels()
    reached = table[0]
    for level in table[1:]:
        if not level.reached_by(rating, answers, median_s):
            break
        reached = level
    return reached


def median_seconds(right_answer_ms: Iterable[float]) -> float | None:
    times = [ms for ms in right_answer_ms if ms is not None]
    return statistics.median(times) / 1000 if times else None


def standing(
    kept: int,
    rating: float | None,
    answers: int,
    median_s: float | None,
    gain_per_day: float | None,
    answers_per_day: int = 10,
    table: tuple[Level, ...] | None = None,
) -> Standing:
    """The pupil's standing: `kept` is the highest level number stored so far; `gain_per_day`
    the rating a recent school day added (None: cannot say), `answers_per_day` the answers
    of a day like today. "Days like today" counts the rating and the answers still missing;
    a missing speed is told apart (it is not a matter of days)."""
    table = table or levels()
    number = max(kept, level_now(rating, answers, median_s, table).number)
    level = by_number(number, table)
    if number >= len(table):
        return Standing(level, None, 1.0, 0, 0.0, 0.0, None)
    nxt = table[number]
    need_rating = (
        max(0.0, (nxt.rating or -math.inf) - (rating if rating is not None else -math.inf))
        if nxt.rating is not None
        else 0.0
    )
    if rating is None and nxt.rating is not None:
        need_rating = math.inf
    need_answers = max(0, nxt.answers - answers)
    need_faster = 0.0
    if nxt.median_s is not None:
        need_faster = math.inf if median_s is None else max(0.0, median_s - nxt.median_s)
    low = level.rating if level.rating is not None else (nxt.rating - 1.0 if nxt.rating is not None else 0.0)
    if nxt.rating is None or rating is None:
        progress = 0.0 if nxt.rating is not None else min(1.0, answers / max(1, nxt.answers))
    else:
        progress = min(1.0, max(0.0, (rating - low) / max(1e-9, nxt.rating - low)))
    days = None
    answer_days = math.ceil(need_answers / answers_per_day) if need_answers and answers_per_day > 0 else 0
    if need_rating == 0:
        days = answer_days if answer_days else (0 if not need_answers else None)
    elif gain_per_day is not None and gain_per_day > 0 and math.isfinite(need_rating):
        days = max(1, answer_days, math.ceil(need_rating / gain_per_day - 1e-9))  # 0.3 / 0.1 is 3 days
    return Standing(level, nxt, progress, need_answers, need_rating, need_faster, days)
