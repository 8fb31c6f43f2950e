"""Loading a class or pupil for the logged-in teacher, or a 404.

Every view that takes a class, pupil or puzzle set id goes through here; a 404 (not 403) for another
teacher's ids avoids telling them that the id exists. tests/web/test_authorization.py checks
every such route.
"""

from __future__ import annotations

from trainer.store import classes, pupils, puzzle_sets
from trainer.web.core import login, security_log
from trainer.web.db import get_db


def own_class(class_id: int) -> dict:
    found = classes.get_for_teacher(get_db(), login.teacher_id(), class_id)
    if found is None:
        security_log.not_yours("class", class_id)
    return found


def own_pupil(pupil_id: int) -> dict:
    found = pupils.get_for_teacher(get_db(), login.teacher_id(), pupil_id)
    if found is None:
        security_log.not_yours("pupil", pupil_id)
    return found


def own_set(set_id: int) -> dict:
    found = puzzle_sets.get(get_db(), set_id)
    if found is None or found["teacher_id"] != login.teacher_id():
        security_log.not_yours("puzzle set", set_id)
    return found
