"""The class overview, what the class finds hard, and the printable class report."""

from __future__ import annotations

from flask import request
from flask_babel import get_locale

from trainer.store import pupil_rewards, pupils
from trainer.web.core import htmx, login
from trainer.web.core.ownership import own_class
from trainer.web.dashboard import params
from trainer.web.dashboard.blueprint import bp
from trainer.web.dashboard.days import school_today, window
from trainer.web.dashboard.metrics import sort_summaries
from trainer.web.dashboard.queries import overview, progress
from trainer.web.db import get_db
from trainer.web.pupils import standing

MOST_MISSED = 10
REPORT_MISSED = 5


def class_rows(class_id: int, sort: str = "name", descending: bool = False):
    """The class's active pupils' summaries in the overview's order (the page and its CSV)."""
    db = get_db()
    language = str(get_locale())
    active = pupils.list_for_class(db, class_id, language=language)
    return sort_summaries(overview.pupil_summaries(db, active, school_today()), sort, descending, language)


@bp.route("/classes/<int:class_id>/dashboard")
@login.teacher_required
def overview_page(class_id):
    klass = own_class(class_id)
    sort, descending = params.sort_order(request.args)
    db = get_db()
    rows = class_rows(class_id, sort, descending)
    return htmx.render(
        "dashboard/class.html",
        "dashboard/_overview.html",
        klass=klass,
        rows=rows,
        sort=sort,
        descending=descending,
        drill=overview.drill_settings(db, class_id),
        today=school_today(),
        avatars=pupil_rewards.class_avatars(db, class_id),
        levels=standing.class_levels(db, class_id, [row.pupil_id for row in rows], school_today()),
    )


def _hard(class_id: int, days: int, limit: int):
    db = get_db()
    ids = [p["id"] for p in pupils.list_for_class(db, class_id)]
    first, last = window(school_today(), days)
    return progress.heat(db, ids, first, last), progress.most_missed(db, ids, first, last, limit)


@bp.route("/classes/<int:class_id>/dashboard/hard")
@login.teacher_required
def class_hard(class_id):
    klass = own_class(class_id)
    days = params.period(request.args, params.CLASS_PERIODS, params.DEFAULT_CLASS_PERIOD)
    grid, missed = _hard(class_id, days, MOST_MISSED)
    return htmx.render(
        "dashboard/hard.html",
        "dashboard/_hard.html",
        klass=klass,
        grid=grid,
        missed=missed,
        days=days,
        periods=params.CLASS_PERIODS,
    )


@bp.route("/classes/<int:class_id>/report")
@login.teacher_required
def class_report(class_id):
    klass = own_class(class_id)
    grid, missed = _hard(class_id, params.DEFAULT_CLASS_PERIOD, REPORT_MISSED)
    return htmx.render(
        "dashboard/class_report.html",
        "dashboard/_class_report.html",
        klass=klass,
        rows=class_rows(class_id),
        grid=grid,
        missed=missed,
        days=params.DEFAULT_CLASS_PERIOD,
        today=school_today(),
    )
