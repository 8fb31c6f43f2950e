"""The printable certificate a teacher prints when a pupil reaches a fluency level (issue 15;
templates pupil/certificate.html, A4 by print CSS), reached from the teacher's pupil page.
Also `avatar_name`, a character's name for any page."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, render_template, request

from trainer.puzzles import levels
from trainer.store import pupil_rewards
from trainer.web.core import login, school_day
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_pupil
from trainer.web.db import get_db
from trainer.web.pupils import standing, words

bp = Blueprint("certificates", __name__)


@bp.app_template_global()
def avatar_name(key: str | None) -> str:
    return words.avatar_name(key)


@bp.route("/pupils/<int:pupil_id>/certificate")
@login.teacher_required
def show(pupil_id):
    pupil = own_pupil(pupil_id)
    db = get_db()
    reached = pupil_rewards.levels_reached(db, pupil_id)
    current = standing.standing_of(db, pupil_id, pupil["class_id"], school_day.today()).level
    asked = request.args.get("level")
    number = whole_number(asked, 2) if asked is not None else current.number
    if number is None or not 1 <= number <= current.number:
        abort(404)
    day = reached.get(number)
    return render_template(
        "pupil/certificate.html",
        pupil=pupil,
        level=levels.by_number(number),
        day=date.fromisoformat(day) if day else None,
        avatar=pupil_rewards.avatar(db, pupil_id),
        words=words,
        reached=[levels.by_number(n) for n in range(1, current.number + 1)],
    )
