"""CSV downloads: every attempt of a class or a pupil, and the class overview per pupil."""

from __future__ import annotations

from trainer.store import pupils
from trainer.web.core import login
from trainer.web.core.csv_export import csv_response
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_class, own_pupil
from trainer.web.dashboard import labels
from trainer.web.dashboard.blueprint import bp
from trainer.web.dashboard.class_views import class_rows
from trainer.web.dashboard.csv_stream import csv_stream_response
from trainer.web.dashboard.days import school_today
from trainer.web.dashboard.queries import attempt_log
from trainer.web.db import get_db


def _attempt_header() -> list[str]:
    return [
        _("Pupil"),
        _("Day"),
        _("Answered at"),
        _("Kind"),
        _("Puzzle"),
        _("Target"),
        _("Cards in combination"),
        _("Right"),
        _("Credit"),
        _("Seconds"),
        _("Time limit (s)"),
        _("Score"),
        _("Rating after"),
        _("Flags"),
        _("Mode"),
        _("At home"),
    ]


def _attempts_download(pupil_ids: list[int], filename: str):
    def rows():
        # Runs while the response streams: the view's own connection is closed by then, and
        # get_db() opens one for the streaming context (closed when the stream ends).
        yield from attempt_log.export_rows(get_db(), pupil_ids)

    return csv_stream_response(filename, _attempt_header(), rows())


@bp.route("/classes/<int:class_id>/export/attempts.csv")
@login.teacher_required
def class_attempts_csv(class_id):
    own_class(class_id)
    ids = [p["id"] for p in pupils.list_for_class(get_db(), class_id, include_archived=True)]
    return _attempts_download(ids, f"class-{class_id}-attempts-{school_today()}.csv")


@bp.route("/pupils/<int:pupil_id>/export/attempts.csv")
@login.teacher_required
def pupil_attempts_csv(pupil_id):
    own_pupil(pupil_id)
    return _attempts_download([pupil_id], f"pupil-{pupil_id}-attempts-{school_today()}.csv")


@bp.route("/classes/<int:class_id>/export/pupils.csv")
@login.teacher_required
def class_pupils_csv(class_id):
    own_class(class_id)
    header = [
        _("Pupil"),
        _("Today's drill"),
        _("Streak (days)"),
        _("Answers (7 days)"),
        _("Right (7 days)"),
        _("Right (7 days before)"),
        _("Median time of right answers (s, 7 days)"),
        _("Median time (s, 7 days before)"),
        _("Rating"),
        _("Games played"),
        _("Game level (0-100)"),
        _("Capture chances in games"),
        _("Missed captures"),
        _("Last practice"),
        _("Needs attention"),
        _("Days at home (7 days)"),
    ]

    def rows():
        for s in class_rows(class_id):
            yield [
                s.name,
                str(labels.DRILL_TODAY[s.drill_today]),
                s.streak,
                s.week.answered,
                s.week.accuracy,
                s.previous_week.accuracy,
                None if s.week.median_ms is None else s.week.median_ms / 1000,
                None if s.previous_week.median_ms is None else s.previous_week.median_ms / 1000,
                s.rating,
                s.games_played,
                s.game_level.points if s.game_level else None,
                s.capture_chances,
                s.missed_captures,
                s.last_practice.isoformat() if s.last_practice else None,
                "; ".join(labels.reason_text(r) for r in s.reasons),
                s.home_days,
            ]

    return csv_response(f"class-{class_id}-pupils-{school_today()}.csv", header, rows())
