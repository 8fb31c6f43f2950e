"""A pupil's progress page, their older attempts, and the printable pupil report."""

from __future__ import annotations

from datetime import timedelta

from flask import request

from trainer.web.core import htmx, login
from trainer.web.core.ownership import own_pupil
from trainer.web.dashboard import params
from trainer.web.dashboard.attempt_view import attempt_view
from trainer.web.dashboard.blueprint import bp
from trainer.web.dashboard.days import iso, school_today
from trainer.web.dashboard.progress_charts import charts
from trainer.web.dashboard.queries import attempt_log, class_games, game_review, overview, progress
from trainer.web.db import get_db

REPORT_PERIOD = 91
REPORT_ATTEMPTS = 5


def _progress(pupil: dict, days: int) -> dict:
    db = get_db()
    today = school_today()
    first = today - timedelta(days=days - 1)
    weekly = days > params.DAILY_UP_TO
    return {
        "summary": overview.pupil_summaries(db, [pupil], today)[0],
        "charts": charts(progress.series(db, pupil["id"], first, today, weekly), weekly),
        "grid": progress.heat(db, [pupil["id"]], iso(first), iso(today)),
        "days": days,
        "today": today,
    }


def _attempts(pupil_id: int, before: float | None = None, limit: int = attempt_log.RECENT):
    rows = attempt_log.recent(get_db(), pupil_id, before, limit + 1)
    # One row more than shown tells whether there are older ones.
    return [attempt_view(r) for r in rows[:limit]], len(rows) > limit


@bp.route("/pupils/<int:pupil_id>/progress")
@login.teacher_required
def pupil_page(pupil_id):
    pupil = own_pupil(pupil_id)
    days = params.period(request.args, params.PUPIL_PERIODS, params.DEFAULT_PUPIL_PERIOD)
    attempts, more = _attempts(pupil_id)
    return htmx.render(
        "dashboard/pupil.html",
        "dashboard/_pupil.html",
        pupil=pupil,
        periods=params.PUPIL_PERIODS,
        attempts=attempts,
        more=more,
        games=game_review.games(get_db(), pupil_id),
        family_games=game_review.games(get_db(), pupil_id, family=True),
        class_rounds=class_games.rounds(get_db(), pupil_id),
        **_progress(pupil, days),
    )


@bp.route("/pupils/<int:pupil_id>/attempts")
@login.teacher_required
def pupil_attempts(pupil_id):
    pupil = own_pupil(pupil_id)
    before = params.epoch(request.args, "before")
    attempts, more = _attempts(pupil_id, before)
    return htmx.render("dashboard/attempts.html", "dashboard/_attempts.html", pupil=pupil, attempts=attempts, more=more)


@bp.route("/pupils/<int:pupil_id>/report")
@login.teacher_required
def pupil_report(pupil_id):
    pupil = own_pupil(pupil_id)
    attempts, _more = _attempts(pupil_id, limit=REPORT_ATTEMPTS)
    return htmx.render(
        "dashboard/pupil_report.html",
        "dashboard/_pupil_report.html",
        pupil=pupil,
        attempts=attempts,
        games=game_review.games(get_db(), pupil_id),
        family_games=game_review.games(get_db(), pupil_id, family=True),
        class_rounds=class_games.rounds(get_db(), pupil_id),
        **_progress(pupil, REPORT_PERIOD),
    )
