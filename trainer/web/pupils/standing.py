"""What the pupil's home page and the teacher's pages show of a pupil's climb: the fluency
level (trainer.puzzles.levels) and the stars and badges (trainer.pupils.rewards), read
from the store. Reaching a level is recorded here, when the pupil's home page is shown."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlite_utils import Database

from trainer.pupils import rewards
from trainer.puzzles import levels
from trainer.store import drills, pupil_rewards
from trainer.store.db import write_transaction

RECENT_DAYS = 6  # the rating after each of the latest days: today's gain, or a recent average


@dataclass(frozen=True, slots=True)
class Climb:
    standing: levels.Standing
    new_levels: tuple[int, ...]  # reached just now (the home page celebrates them)
    rewards: rewards.Rewards
    today: date


def _gain(day_ratings: list[tuple[str, float]], rating: float | None, today: date) -> float | None:
    """The rating today added, else the average of the recent days' gains, when positive."""
    if rating is None or len(day_ratings) < 2:
        return None
    days = [d for d, _ in day_ratings]
    values = [r for _, r in day_ratings]
    if days[-1] == today.isoformat() and values[-1] - values[-2] > 0:
        return values[-1] - values[-2]
    average = (values[-1] - values[0]) / (len(values) - 1)
    return average if average > 0 else None


def standing_of(db: Database, pupil_id: int, class_id: int, today: date) -> levels.Standing:
    rating, answers, times = pupil_rewards.fluency_inputs(db, pupil_id, levels.RECENT_ANSWERS)
    kept = max(pupil_rewards.levels_reached(db, pupil_id), default=1)
    per_day = drills.settings_for_class(db, class_id).puzzles or 10
    return _standing(
        kept, (rating, answers, times), pupil_rewards.recent_day_ratings(db, pupil_id, RECENT_DAYS), per_day, today
    )


def _standing(
    kept: int,
    inputs: tuple[float | None, int, list[float]],
    day_ratings: list[tuple[str, float]],
    per_day: int,
    today: date,
) -> levels.Standing:
    rating, answers, times = inputs
    return levels.standing(
        kept, rating, answers, levels.median_seconds(times), _gain(day_ratings, rating, today), answers_per_day=per_day
    )


def rewards_of(db: Database, pupil_id: int, today: date) -> rewards.Rewards:
    tweak = pupil_rewards.first_game_tweak(db, pupil_id)
    find_all = pupil_rewards.first_complete_find_all(db, pupil_id)
    return rewards.count(
        [date.fromisoformat(d) for d in pupil_rewards.finished_drill_days(db, pupil_id)],
        today,
        datetime.fromtimestamp(tweak).date() if tweak else None,
        date.fromisoformat(find_all) if find_all else None,
    )


def climb(db: Database, pupil: dict, today: date) -> Climb:
    """The pupil's level (recording any level reached now), stars and badges."""
    standing = standing_of(db, pupil["id"], pupil["class_id"], today)
    new: list[int] = []
    if standing.level.number > 1:
        with write_transaction(db):
            new = pupil_rewards.record_levels(db, pupil["id"], standing.level.number, today.isoformat())
    return Climb(standing, tuple(new), rewards_of(db, pupil["id"], today), today)


def class_levels(db: Database, class_id: int, pupil_ids, today: date) -> dict[int, levels.Level]:
    """Each pupil's level for the teacher: the highest kept or reached now (not recorded here:
    the child sees it first, on their own page). A few reads for the whole class, however
    many pupils it has (issue 36.3: the overview read four per row)."""
    inputs = pupil_rewards.class_fluency_inputs(db, class_id, levels.RECENT_ANSWERS)
    kept = pupil_rewards.class_kept_levels(db, class_id)
    day_ratings = pupil_rewards.class_recent_day_ratings(db, class_id, RECENT_DAYS)
    per_day = drills.settings_for_class(db, class_id).puzzles or 10
    return {
        pid: _standing(kept.get(pid, 1), inputs.get(pid, (None, 0, [])), day_ratings.get(pid, []), per_day, today).level
        for pid in pupil_ids
    }
