"""Is this pupil session "at home"? (issue 37.1; why this rule: docs/pupils.md, "Practice at
home").

A session is at home when, and only when, it began with the pupil's personal home QR
(home_login). The signed session cookie then holds the pupil's id and the generation of that
QR; the QR renewed by the teacher ends the home session at its next request. Nothing else a
child does (the class QR, the class code, the time of day, the network) makes a session a home
one, so no one can make a child's school work look like home work, or the other way round.
"""

from __future__ import annotations

from flask import g, session

from trainer.practice.flow import Home
from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice
from trainer.web.core import device, school_day
from trainer.web.db import get_db

KEY = "home"


def start(pupil_id: int, generation: int) -> None:
    """Right after login.login_pupil (which clears the session): this session is at home, with
    the home QR of this generation."""
    session[KEY] = {"pupil": pupil_id, "generation": generation}


def _mark() -> dict | None:
    mark = session.get(KEY)
    pupil = getattr(g, "pupil", None)
    if pupil is None or not isinstance(mark, dict) or mark.get("pupil") != pupil["id"]:
        return None
    return mark


def at_home() -> bool:
    """For the records this request makes: the logged-in pupil is practising at home."""
    return _mark() is not None


def key_lost() -> bool:
    """The teacher renewed the QR this session logged in with, or freed it from this device."""
    mark = _mark()
    return mark is not None and not home_practice.holds(get_db(), mark["pupil"], mark.get("generation"), device.key())


def class_hours() -> HomeHours:
    return home_practice.hours(get_db(), g.pupil["class_id"])


def open_now(hours: HomeHours) -> bool:
    return hours.is_open(school_day.local_now())


def class_code_works(class_id: int) -> bool:
    """The rule of issue 47.1 (trainer.pupils.home_hours): may the class code, the class QR or a
    school sign-in log a child of this class in now?"""
    return home_practice.hours(get_db(), class_id).class_code_works(school_day.local_now())


def practice_place() -> Home:
    """What the drills' flow needs to know of this request (trainer.practice.flow.Home)."""
    if not at_home():
        return Home()
    return Home(at_home=True, counts=class_hours().counts)
