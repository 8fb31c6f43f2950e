"""The use cases of practice run for any caller (trainer/practice/caller.py): outside a Flask app,
on the clock and the settings reads they are given. The moments stored are the given clock's,
the school day is its date, and the settings are the ones the caller read."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone

import pytest
from flask import has_app_context

from drill_helpers import CURATED, right_answer
from trainer.practice import flow
from trainer.practice.answers import PostedAnswer
from trainer.practice.caller import EACH_TIME
from trainer.puzzles.drill_settings import DEFAULT, limit_for
from trainer.puzzles.grading import Combination
from trainer.store import drills, practice, puzzles

# A moment far from the machine's own clock, so nothing stored can come from it by chance.
MORNING = datetime(2031, 5, 14, 9, 30, tzinfo=timezone.utc)


@dataclass
class Clock:
    moment: datetime

    def now(self) -> float:
        return self.moment.timestamp()

    def today(self) -> date:
        return self.moment.date()

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


class ExtraTime:
    """The settings as a caller that gives the pupil 12 more seconds read them."""

    def class_settings(self, db, class_id):
        return EACH_TIME.class_settings(db, class_id)

    def pupil_settings(self, db, pupil_id):
        return {**EACH_TIME.pupil_settings(db, pupil_id), "extra_time_s": 12.0}


@pytest.fixture
def pupil(db, make):
    puzzles.store(db, CURATED, "curated")
    class_id = make.klass(make.teacher())
    drills.save(db, class_id, replace(DEFAULT, puzzles=2, minutes=None))
    return {"id": make.pupil(class_id, "Noor"), "class_id": class_id}


def test_a_drill_runs_on_the_clock_it_is_given_outside_the_web_app(db, pupil):
    assert not has_app_context()
    clock = Clock(MORNING)
    session, attempt_id = flow.next_puzzle(db, pupil, flow.DRILL, 0, random.Random(1), clock=clock, reads=EACH_TIME)
    attempt = practice.attempt(db, attempt_id, pupil["id"])
    assert session["day"] == "2031-05-14" and session["planned"] == 2
    assert attempt["issued_at"] == clock.now() and attempt["day"] == "2031-05-14"

    clock.advance(8)
    combos = [Combination.from_json(c) for c in right_answer(puzzles.get(db, attempt["puzzle_id"]))]
    row, stored = flow.record_answer(db, pupil, attempt_id, PostedAnswer.without_page_times(combos), clock=clock)
    assert stored and row["correct"] == 1
    assert row["answered_at"] == clock.now() and row["server_ms"] == 8000

    status = flow.drill_status(db, pupil, clock=clock, reads=EACH_TIME)
    assert status.started and status.progress.answered == 1 and status.progress.maximum == 2
    assert flow.current_screen(db, pupil, clock=clock).attempt["id"] == attempt_id


def test_an_answer_on_the_next_day_of_the_given_clock_is_refused(db, pupil):
    clock = Clock(MORNING)
    _session, attempt_id = flow.next_puzzle(db, pupil, flow.DRILL, 0, random.Random(2), clock=clock, reads=EACH_TIME)
    clock.advance(24 * 3600)
    with pytest.raises(flow.TooOld):
        flow.record_answer(db, pupil, attempt_id, PostedAnswer.without_page_times(), clock=clock)
    assert practice.attempt(db, attempt_id, pupil["id"])["answered_at"] is None


def test_the_time_limit_comes_from_the_settings_the_caller_read(db, pupil):
    _session, attempt_id = flow.next_puzzle(
        db, pupil, flow.DRILL, 0, random.Random(3), clock=Clock(MORNING), reads=ExtraTime()
    )
    attempt = practice.attempt(db, attempt_id, pupil["id"])
    settings, puzzle = drills.settings_for_class(db, pupil["class_id"]), puzzles.get(db, attempt["puzzle_id"])
    assert drills.pupil_settings(db, pupil["id"])["extra_time_s"] == 0
    assert (
        attempt["time_limit_s"] == limit_for(settings, puzzle.time_limit, 12) != limit_for(settings, puzzle.time_limit)
    )
