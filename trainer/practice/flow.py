"""A pupil's practice, step by step: today's drill or free practice, the next puzzle, an answer.

Idempotency (issue 5.7): the attempt row, with its id, is made when a puzzle is issued. An
answer is graded and stored inside one write transaction (BEGIN IMMEDIATE) that first reads the
row and writes only while `answered_at IS NULL`, and moves both ratings in that same
transaction. A double tap, a resubmit, a retry after a lost response, or two tabs posting at
once therefore find the first answer already there and change nothing. "Next puzzle" is
idempotent in the same way: while the sitting has an unanswered puzzle, that one is returned.

A puzzle left open (the tablet closed, the child walked away) is closed when the pupil next
comes back to it after its time limit plus GRACE_SECONDS: it counts as a time-out, as if the
page had sent an empty answer when the time ran out, so reloading never buys a fresh clock.
An answer that arrives after that moment is stored the same way, as a time-out ("time_up",
nothing entered, flagged LATE), whatever it says and whatever time it claims: by the
server's clock it came too late, and the page sends its answer by itself when time runs out.

Through a network drop (issue 18) the page keeps the answer and sends it again, saying how
long it held it (`queued_ms`). The server then judges the answer's lateness at the moment the
child gave it (that much earlier for the time limit), so the outage does not make it a
time-out. It is stored with `queued` in its outcome. The wait is the page's word, which the
server cannot check: it excuses lateness but never buys speed (issue 45). The timing check
gets the whole interval the server saw, so a claimed wait makes no answer faster than the
same answer without it (a script claimed 10.5 s of a 12 s answer and was believed 1.5 s).

What the page may claim is bounded (issue 38.4; docs/drills.md, "Through flaky Wi-Fi"): a wait
of at most MAX_QUEUED_SECONDS, what a Wi-Fi drop lasts. An answer that would be in time only by
a longer wait is stored as a time-out flagged HELD_TOO_LONG that moves no rating and does not
count towards the drill. And an answer counts only on its sitting's school day: one arriving on a
later day is refused (TooOld) and nothing is stored, so it never finishes yesterday's drill.

The school's clock and the way the settings are read come from the caller
(trainer/practice/caller.py).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import date

from sqlite_utils import Database

from trainer.practice.answers import PostedAnswer
from trainer.practice.caller import Clock, Reads
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.drill_settings import DrillSettings, limit_for
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.selection import aimed_difficulty, draw_aim, pick_closest
from trainer.puzzles.streaks import streak
from trainer.puzzles.timing import HELD_TOO_LONG, MAX_QUEUED_SECONDS
from trainer.store import practice, puzzle_sets, puzzles
from trainer.store.db import write_transaction

GRACE_SECONDS = 15  # a slow network or a slow tablet must not turn an answer into a time-out
LATE = "after_the_time_limit"  # flag of an answer that arrived past limit + grace
HELD = "held"  # the ending of an answer held on the tablet longer than a Wi-Fi drop
DRILL, PRACTICE = "drill", "practice"


@dataclass(frozen=True)
class Progress:
    mode: str
    answered: int
    spent: float  # seconds answering (each puzzle at most its limit)
    planned: int | None  # puzzles, for a drill of so many puzzles
    planned_minutes: int | None  # minutes, for a drill of so many minutes
    finished: bool

    @property
    def value(self) -> float:
        if self.planned_minutes:
            return min(self.spent, self.planned_minutes * 60)
        return min(self.answered, self.planned or 0)

    @property
    def maximum(self) -> float:
        return self.planned_minutes * 60 if self.planned_minutes else (self.planned or 0)

    @property
    def minutes_done(self) -> int:
        return min(int(self.spent // 60), self.planned_minutes or 0)


@dataclass(frozen=True)
class DrillStatus:
    settings: DrillSettings
    progress: Progress
    started: bool
    streak: int
    hide_countdown: bool


def progress(db: Database, session: dict) -> Progress:
    answered, spent = practice.session_totals(db, session["id"])
    return Progress(
        session["mode"],
        answered,
        spent,
        session["planned"],
        session["planned_minutes"],
        session["finished_at"] is not None,
    )


@dataclass(frozen=True)
class Home:
    """Where this request's practice happens (trainer.web.core.home_visit decides)."""

    at_home: bool = False
    counts: bool = True  # at home: a drill counts as the daily drill (else extra practice)


AT_SCHOOL = Home()


@dataclass(frozen=True)
class DrillPlan:
    planned: int | None
    planned_minutes: int | None
    puzzle_set_id: int | None  # the teacher's set for the day (issue 20), else adaptive


def drill_plan(db: Database, class_id: int, day: str, reads: Reads) -> DrillPlan:
    """Today's drill for the class: the teacher's set for the day, its puzzles in the set's
    order; otherwise the adaptive drill of the class's settings."""
    chosen = puzzle_sets.drill_set(db, class_id, day)
    if chosen is not None:
        return DrillPlan(len(puzzle_sets.puzzle_ids(db, chosen["id"])), None, chosen["id"])
    settings = reads.class_settings(db, class_id)
    return DrillPlan(settings.puzzles, settings.minutes, None)


def drill_status(db: Database, pupil: dict, *, clock: Clock, reads: Reads) -> DrillStatus:
    """What the pupil's home page shows: today's drill, its progress, the streak."""
    today = clock.today()
    settings = reads.class_settings(db, pupil["class_id"])
    session = practice.day_session(db, pupil["id"], today.isoformat(), DRILL)
    if session is None:
        plan = drill_plan(db, pupil["class_id"], today.isoformat(), reads)
        shown = Progress(DRILL, 0, 0.0, plan.planned, plan.planned_minutes, False)
    else:
        shown = progress(db, session)
    days = [date.fromisoformat(d) for d in practice.drill_days(db, pupil["id"])]
    return DrillStatus(
        settings,
        shown,
        session is not None,
        streak(days, today),
        reads.pupil_settings(db, pupil["id"])["hide_countdown"],
    )


# Reading back ---------------------------------------------------------------------------------
# The store answers None for an id it does not hold. These ids it holds: a sitting or attempt
# this flow has just found or made (they go only with their pupil, or by the purge of days long
# past), a puzzle an attempt or a drill names (a foreign key keeps it in the bank).


def _session(db: Database, session_id: int) -> dict:
    found = practice.session(db, session_id)
    assert found is not None, "a sitting the flow has found or made"
    return found


def _attempt(db: Database, attempt_id: str, pupil_id: int) -> dict:
    found = practice.attempt(db, attempt_id, pupil_id)
    assert found is not None, "an attempt the flow has found or made"
    return found


def _puzzle(db: Database, puzzle_id: str) -> Puzzle:
    found = puzzles.get(db, puzzle_id)
    assert found is not None, "a puzzle an attempt or a drill names is in the bank"
    return found


# Issuing puzzles ------------------------------------------------------------------------------


def _sitting(db: Database, pupil: dict, mode: str, day: str, now: float, home: Home, reads: Reads) -> dict:
    """Today's sitting of the mode, made when missing. Free practice comes after the drill:
    asking for it before the drill is done gives the drill. At home, where the teacher made
    home drills extra (issue 37.1), every sitting is free practice: the daily drill waits for
    school."""
    drill = practice.day_session(db, pupil["id"], day, DRILL)
    extra = home.at_home and not home.counts
    if extra or (mode == PRACTICE and drill is not None and drill["finished_at"] is not None):
        found = practice.day_session(db, pupil["id"], day, PRACTICE)
        if found is None:
            found = _session(db, practice.create_session(db, pupil["id"], PRACTICE, day, now, at_home=home.at_home))
        return found
    if drill is None:
        plan = drill_plan(db, pupil["class_id"], day, reads)
        drill = _session(
            db,
            practice.create_session(
                db,
                pupil["id"],
                DRILL,
                day,
                now,
                planned=plan.planned,
                planned_minutes=plan.planned_minutes,
                puzzle_set_id=plan.puzzle_set_id,
                at_home=home.at_home,
            ),
        )
    return drill


def next_puzzle(
    db: Database,
    pupil: dict,
    mode: str,
    bank_size: int,
    rng: random.Random | None = None,
    home: Home | None = None,
    *,
    clock: Clock,
    reads: Reads,
) -> tuple[dict, str | None]:
    """(sitting, attempt id) for the puzzle to show now; the id is None when the sitting is
    over (the drill is done, or every puzzle of the chosen kinds was seen today). `home`: a
    home session's (issue 37.1), marked on what is made."""
    home = home or AT_SCHOOL
    if not puzzles.any_puzzle(db):
        # A fresh installation that skipped `trainer serve`'s start-up (tests, a WSGI server).
        puzzles.ensure_bank(db, generated=bank_size)
    rng = rng or random.Random(secrets.randbits(64))
    now, day = clock.now(), clock.today().isoformat()
    with write_transaction(db):
        session = _sitting(db, pupil, mode, day, now, home, reads)
        if session["finished_at"] is not None:
            return session, None
        pending = practice.pending_attempt(db, session["id"])
        if pending is not None:
            if not _expired(pending, now):
                return session, pending["id"]
            _close(db, pupil, pending, PostedAnswer.without_page_times(), now, "abandoned")
            if _finish_if_planned(db, session, now):
                return _session(db, session["id"]), None
        attempt_id = _issue(db, pupil, session, day, now, rng, home.at_home, reads)
        if attempt_id is not None:
            return session, attempt_id  # issuing a puzzle leaves the sitting's row as it was
        if session["mode"] == DRILL:
            practice.finish_session(db, session["id"], now)
        return _session(db, session["id"]), None


def _issue(
    db: Database, pupil: dict, session: dict, day: str, now: float, rng: random.Random, at_home: bool, reads: Reads
) -> str | None:
    settings = reads.class_settings(db, pupil["class_id"])
    if session["puzzle_set_id"] is not None:
        chosen = _next_of_set(db, session)
    else:
        chosen = _adaptive_choice(db, pupil, session, settings, day, rng)
    if chosen is None:
        return None
    puzzle = _puzzle(db, chosen)
    needs = reads.pupil_settings(db, pupil["id"])
    return practice.new_attempt(
        db,
        pupil_id=pupil["id"],
        session_id=session["id"],
        puzzle_id=puzzle.id,
        kind=puzzle.kind,
        day=day,
        issued_at=now,
        time_limit=limit_for(settings, puzzle.time_limit, needs["extra_time_s"], needs["untimed"]),
        target=puzzle.position.target,
        combo_size=puzzles.combo_size(puzzle),
        at_home=at_home,
        timed=not needs["untimed"],
    )


def _next_of_set(db: Database, session: dict) -> str | None:
    """A drill from the teacher's set: its puzzles in the set's order, each once."""
    issued = practice.issued_puzzles(db, session["id"])
    return next((pid for pid in puzzle_sets.puzzle_ids(db, session["puzzle_set_id"]) if pid not in issued), None)


def _adaptive_choice(
    db: Database, pupil: dict, session: dict, settings: DrillSettings, day: str, rng: random.Random
) -> str | None:
    rating = practice.pupil_rating(db, pupil["id"], pupil["class_id"])
    # Not twice in a sitting (issue 5.3), and better not twice in a day: practice after the drill
    # should not repeat the drill. Only when today has used them all does a sitting fall back.
    for sitting in (None, session["id"]):
        aim = draw_aim(rng)
        nearest = puzzles.nearest_unseen(db, settings.kinds, aimed_difficulty(rating, aim), pupil["id"], day, sitting)
        chosen = pick_closest(rating, aim, nearest, (), rng)
        if chosen is not None:
            return chosen
    return None


def _expired(attempt: dict, now: float) -> bool:
    return now - attempt["issued_at"] > attempt["time_limit_s"] + GRACE_SECONDS


def answer_deadline(issued_at: float, time_limit_s: float) -> float:
    """The last moment an answer to a puzzle issued then can still count: its time, the grace,
    and the longest Wi-Fi drop believed. An offline ticket expires then
    (trainer/web/drills/ahead.py)."""
    return issued_at + time_limit_s + GRACE_SECONDS + MAX_QUEUED_SECONDS


# Answers --------------------------------------------------------------------------------------


class NotYours(LookupError):
    """No attempt of this pupil's has that id (another pupil's, or none at all)."""


class TooOld(Exception):
    """An answer for a sitting of an earlier school day: refused, nothing stored."""


def record_answer(
    db: Database, pupil: dict, attempt_id: str, posted: PostedAnswer, at_home: bool = False, *, clock: Clock
) -> tuple[dict, bool]:
    """Grade and store the answer, move both ratings, finish the drill when its plan is met.
    `at_home`: where this answer is given (issue 47.1): an answer is at home when the request
    that brings it is a home session's, whatever the sitting or the puzzle's issue was.

    Returns (the attempt as stored, whether this call stored it). An attempt that already has
    an answer keeps it, whatever this call sent. NotYours: not this pupil's attempt;
    TooOld: the attempt's sitting is of an earlier school day."""
    now, today = clock.now(), clock.today().isoformat()
    with write_transaction(db):
        row = practice.attempt(db, attempt_id, pupil["id"])
        if row is None:
            raise NotYours(attempt_id)
        if row["answered_at"] is not None:
            return row, False
        if row["day"] != today:
            raise TooOld(attempt_id)
        claimed = posted.queued_ms / 1000 if posted.queued_ms else 0.0
        nothing = PostedAnswer.without_page_times()
        if not _expired(row, now - _queued_seconds(posted, row, now)):
            ending = "time_up" if posted.time_up else ("pass" if not posted.combinations else "answer")
            stored = _close(db, pupil, row, posted, now, ending, at_home=at_home)
        elif claimed and not _expired(row, now - claimed):
            # In time only by a wait longer than a Wi-Fi drop: kept for the teacher, judged on
            # nothing (an honest tablet offline that long is not the child's doing), and not a
            # time-out either: the feedback shows the answer without "time's up".
            stored = _close(db, pupil, row, nothing, now, HELD, (HELD_TOO_LONG,), rated=False, at_home=at_home)
        else:
            stored = _close(db, pupil, row, nothing, now, "time_up", (LATE,), at_home=at_home)
        if stored:
            _finish_if_planned(db, _session(db, row["session_id"]), now)
    return _attempt(db, attempt_id, pupil["id"]), stored


def _queued_seconds(posted: PostedAnswer, row: dict, now: float) -> float:
    """How long the page held the answer, as far as it can be believed: not longer than the
    puzzle has been out, nor than MAX_QUEUED_SECONDS."""
    if not posted.queued_ms:
        return 0.0
    seconds = posted.queued_ms / 1000
    if seconds > MAX_QUEUED_SECONDS:
        return 0.0
    return min(seconds, max(0.0, now - row["issued_at"]))


def _close(
    db: Database,
    pupil: dict,
    row: dict,
    posted: PostedAnswer,
    now: float,
    ending: str,
    flags: tuple[str, ...] = (),
    rated: bool = True,
    at_home: bool | None = None,
) -> bool:
    """Grade (trainer.puzzles.attempt.score_attempt) and store; the caller holds the transaction.
    `at_home`: where an answer the pupil sent was given (None for a puzzle closed unanswered)."""
    puzzle = _puzzle(db, row["puzzle_id"])
    pupil_before = practice.pupil_rating(db, pupil["id"], pupil["class_id"])
    puzzle_before = puzzles.rating(db, puzzle.id)
    queued = _queued_seconds(posted, row, now)
    # What the server saw, the claimed wait included: a claim excuses lateness (record_answer),
    # never slowness (issue 45). The server confirms no wait of its own to take off.
    server_seconds = max(0.0, now - row["issued_at"])
    client_seconds = posted.client_ms / 1000 if posted.client_ms is not None else None
    outcome = score_attempt(
        puzzle,
        posted.combinations,
        pupil=pupil_before,
        puzzle_rating=puzzle_before,
        client_seconds=client_seconds,
        server_seconds=server_seconds,
        limit=row["time_limit_s"],
        timed=bool(row["timed"]),
    )
    if not rated:
        outcome = outcome.unrated()
    trusted_client = outcome.timing.source == "client"
    wrote = practice.store_answer(
        db,
        row["id"],
        {
            "answered_at": now,
            "client_ms": round(posted.client_ms) if posted.client_ms is not None else None,
            "server_ms": round(server_seconds * 1000),
            "believed_ms": round(outcome.timing.seconds * 1000),
            "first_correct_ms": posted.first_correct_ms(outcome.grade.first_right) if trusted_client else None,
            "input_kind": posted.input_kind,
            "taps": list(posted.events),
            "submitted": [c.to_json() for c in posted.combinations],
            "outcome": {
                **outcome.to_json(),
                "ending": ending,
                **({"queued": True, "queued_ms": round(queued * 1000)} if queued else {}),
            },
            "correct": int(outcome.grade.correct),
            "credit": outcome.grade.credit,
            "score": outcome.score,
            "flags": [*outcome.timing.flags, *flags],
            "pupil_rating_before": outcome.pupil_before.value,
            "pupil_rating_after": outcome.pupil_after.value,
            "puzzle_rating_before": outcome.puzzle_before.value,
            "puzzle_rating_after": outcome.puzzle_after.value,
        },
        at_home=at_home,
    )
    if wrote and outcome.update is not None:
        practice.set_pupil_rating(db, pupil["id"], outcome.pupil_after)
        puzzles.set_rating(db, puzzle.id, outcome.puzzle_after)
    return wrote


def _finish_if_planned(db: Database, session: dict, now: float) -> bool:
    if session["mode"] != DRILL or session["finished_at"] is not None:
        return session["finished_at"] is not None
    answered, spent = practice.session_totals(db, session["id"])
    if (session["planned"] and answered >= session["planned"]) or (
        session["planned_minutes"] and spent >= session["planned_minutes"] * 60
    ):
        practice.finish_session(db, session["id"], now)
        return True
    return False


# What to show ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Screen:
    session: dict
    attempt: dict | None  # the puzzle to answer, or the last one answered (feedback)
    answering: bool


def current_screen(db: Database, pupil: dict, *, clock: Clock) -> Screen | None:
    """Today's latest sitting and where it stands; None when the pupil has not started today."""
    day = clock.today().isoformat()
    session = practice.latest_session(db, pupil["id"], day)
    if session is None:
        return None
    shown = practice.current_attempt(db, session["id"], pupil["id"])
    if shown is None or shown["answered_at"] is not None:
        return Screen(session, shown, False)
    if not _expired(shown, clock.now()):
        return Screen(session, shown, True)
    now = clock.now()
    with write_transaction(db):
        row = _attempt(db, shown["id"], pupil["id"])
        if row["answered_at"] is None and _close(db, pupil, row, PostedAnswer.without_page_times(), now, "abandoned"):
            _finish_if_planned(db, _session(db, session["id"]), now)
    session = _session(db, session["id"])
    last = practice.last_attempt_id(db, session["id"])
    return Screen(session, practice.attempt(db, last, pupil["id"]) if last else None, False)
