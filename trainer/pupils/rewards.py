"""Stars and badges, counted from what a pupil did (issue 15.4).

A star for every daily drill finished (effort, not results: a drill with many wrong answers
earns it too). Badges for firsts and streaks; each is earned once and kept. Nothing is spent
and nothing is compared with classmates."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from trainer.puzzles.streaks import streak

STREAK_BADGES = (5, 10, 20)
BADGES = ("first_drill", "first_tweak", "find_all", *(f"streak_{n}" for n in STREAK_BADGES))


@dataclass(frozen=True, slots=True)
class Badge:
    key: str
    earned: bool
    on: date | None  # when it was earned, where known


@dataclass(frozen=True, slots=True)
class Rewards:
    stars: int  # drills finished, ever
    star_today: bool  # today's drill is finished
    streak: int  # school days in a row now
    best_streak: int
    badges: tuple[Badge, ...]

    @property
    def earned(self) -> tuple[Badge, ...]:
        return tuple(b for b in self.badges if b.earned)

    @property
    def next_badge(self) -> Badge | None:
        return next((b for b in self.badges if not b.earned), None)


def streak_history(days: list[date]) -> dict[int, date]:
    """{streak length: the day it was first reached} for every length reached."""
    first: dict[int, date] = {}
    for day in sorted(set(days)):
        length = streak([d for d in days if d <= day], day)
        for n in range(1, length + 1):
            first.setdefault(n, day)
    return first


def count(drill_days: list[date], today: date, first_tweak: date | None, first_find_all: date | None) -> Rewards:
    """The pupil's rewards from the days their drill was finished and the first game TWEAK and
    complete "find them all" answer (None: not yet)."""
    done = sorted(set(drill_days))
    history = streak_history(done)
    firsts = {"first_drill": done[0] if done else None, "first_tweak": first_tweak, "find_all": first_find_all}
    for n in STREAK_BADGES:
        firsts[f"streak_{n}"] = history.get(n)
    badges = tuple(Badge(key, firsts[key] is not None, firsts[key]) for key in BADGES)
    return Rewards(len(done), today in done, streak(done, today), max(history, default=0), badges)
