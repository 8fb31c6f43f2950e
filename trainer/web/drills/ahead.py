"""The next puzzles of a sitting, handed to the page ahead of time (issue 18.2), so that a child
goes on through a short Wi-Fi drop.

With each puzzle the page gets up to AHEAD_PUZZLES more (a setting, 2 by default), chosen now for the pupil's current rating.
They are not stored: each travels as a signed ticket (pupil, sitting, puzzle, the attempt id
it will have, when it was handed out, its time limit). Online, the page never uses them — the
next puzzle is chosen afresh after each answer, exactly as before. Only when an answer cannot
be sent does the page show the next ticket's puzzle; its answer, sent with the ticket, first
makes the attempt row (once: the id is in the ticket) and is then graded like any other, in
the order the outbox sends them. What is lost is the adaptivity between those few puzzles:
they were chosen at the rating before the answers the outage held back (docs/drills.md).

A ticket belongs to its sitting and that sitting's school day, and is used once (issue 38.5):
it expires at flow.answer_deadline (its time, the grace, the longest Wi-Fi drop) and at the
end of the day, whichever is first; a puzzle enters a sitting once, which the database holds
to (attempts_once_in_a_sitting), so tickets from several page loads answer it once.
"""

from __future__ import annotations

import random
import secrets
from functools import lru_cache

from flask import current_app
from itsdangerous import BadSignature, URLSafeSerializer
from sqlite_utils import Database

from trainer.practice.flow import answer_deadline
from trainer.puzzles.drill_settings import limit_for
from trainer.puzzles.selection import aimed_difficulty, draw_aim, pick_closest
from trainer.store import practice, puzzle_sets, puzzles
from trainer.store.db import write_transaction
from trainer.web.core import once, school_day

_SALT = "tweak-ahead-puzzle"


class TicketError(ValueError):
    """Not a ticket this server handed to this pupil for this attempt."""


class Expired(Exception):
    """A ticket of an earlier school day, or past the time any answer to it could count."""


class AlreadyUsed(Exception):
    """The sitting has had the ticket's puzzle (through another ticket, or from the server)."""


def _serializer() -> URLSafeSerializer:
    return _serializer_for(current_app.secret_key)


@lru_cache(maxsize=64)
def _serializer_for(secret_key) -> URLSafeSerializer:
    # Made once per school's key rather than for every ticket: it holds nothing that changes.
    return URLSafeSerializer(secret_key, salt=_SALT)


def _remaining(session: dict, answered: int) -> int:
    ahead = current_app.config["AHEAD_PUZZLES"]
    if not ahead or session["mode"] != "drill" or session["planned_minutes"]:
        return ahead
    return max(0, min(ahead, (session["planned"] or 0) - answered - 1))


def _choose(db: Database, pupil: dict, session: dict, count: int) -> list[str]:
    issued = practice.issued_puzzles(db, session["id"])
    if session["puzzle_set_id"] is not None:
        rest = [pid for pid in puzzle_sets.puzzle_ids(db, session["puzzle_set_id"]) if pid not in issued]
        return rest[:count]
    settings = once.class_settings(db, pupil["class_id"])
    rating = practice.pupil_rating(db, pupil["id"], pupil["class_id"])
    rng = random.Random(secrets.randbits(64))
    day = school_day.today().isoformat()
    chosen: list[str] = []
    for _ in range(count):
        pick = None
        # As flow._adaptive_choice: better not seen today; else not seen in this sitting.
        for sitting in (None, session["id"]):
            aim = draw_aim(rng)
            nearest = puzzles.nearest_unseen(
                db, settings.kinds, aimed_difficulty(rating, aim), pupil["id"], day, sitting, also_seen=chosen
            )
            pick = pick_closest(rating, aim, nearest, chosen, rng)
            if pick is not None:
                break
        if pick is None:
            break
        chosen.append(pick)
    return chosen


def tickets(db: Database, pupil: dict, session: dict, answered: int) -> list[dict]:
    """[{attempt, puzzle, ticket, keep_ms}] for the puzzles after the one on screen; `answered`:
    the sitting's answers so far (practice_flow.progress, read for the same screen)."""
    count = _remaining(session, answered)
    if not count:
        return []
    needs = once.pupil_settings(db, pupil["id"])
    settings = once.class_settings(db, pupil["class_id"])
    now = school_day.now()
    handed = []
    for puzzle_id in _choose(db, pupil, session, count):
        puzzle = puzzles.get(db, puzzle_id)
        attempt = {
            "id": secrets.token_urlsafe(16),
            "puzzle_id": puzzle.id,
            "session_id": session["id"],
            "issued_at": now,
            "time_limit_s": limit_for(settings, puzzle.time_limit, needs["extra_time_s"], needs["untimed"]),
            **({} if not needs["untimed"] else {"timed": False}),
        }
        ticket = _serializer().dumps({"pupil": pupil["id"], **attempt})
        # For the page only (static/js/outbox.js): how long it may show the puzzle at all.
        keep_ms = round((answer_deadline(now, attempt["time_limit_s"]) - now) * 1000)
        handed.append({"attempt": attempt, "puzzle": puzzle, "ticket": ticket, "keep_ms": keep_ms})
    return handed


def read(ticket: str) -> dict:
    """What a ticket says (pupil, sitting, puzzle, attempt id, when handed out, time limit).
    TicketError: not signed by this server."""
    try:
        data = _serializer().loads(ticket)
    except BadSignature:
        raise TicketError("bad signature") from None
    if not isinstance(data, dict):
        raise TicketError("not a ticket")
    return data


def claim(db: Database, pupil: dict, attempt_id: str, ticket: str, at_home: bool = False) -> None:
    """Makes the attempt of a ticket the page answered, unless it exists already (a resend).
    TicketError: forged, another pupil's, or not for this attempt; Expired: of an earlier
    school day or past its deadline; AlreadyUsed: the sitting has had its puzzle."""
    data = read(ticket)
    if data.get("pupil") != pupil["id"] or data.get("id") != attempt_id:
        raise TicketError("not this pupil's or not this attempt's")
    with write_transaction(db):
        if practice.attempt(db, attempt_id, pupil["id"]) is not None:
            return
        session = practice.session(db, data["session_id"])
        if session is None or session["pupil_id"] != pupil["id"]:
            raise TicketError("not this pupil's sitting")
        # The server's clock and date decide, never the page's.
        if session["day"] != school_day.today().isoformat() or school_day.now() > answer_deadline(
            data["issued_at"], data["time_limit_s"]
        ):
            raise Expired(attempt_id)
        puzzle = puzzles.get(db, data["puzzle_id"])
        try:
            practice.new_attempt(
                db,
                pupil_id=pupil["id"],
                session_id=session["id"],
                puzzle_id=puzzle.id,
                kind=puzzle.kind,
                day=session["day"],
                issued_at=data["issued_at"],
                time_limit=data["time_limit_s"],
                target=puzzle.position.target,
                combo_size=puzzles.combo_size(puzzle),
                attempt_id=attempt_id,
                issued_by="ticket",
                at_home=at_home,
                timed=data.get("timed", True) is not False,
            )
        except practice.AlreadyIssued:
            raise AlreadyUsed(attempt_id) from None
