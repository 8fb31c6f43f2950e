"""The teacher's dashboard (issue 7): class overview, pupil progress, game replays, exports and
printable reports. Views are thin; numbers come from the SQL in queries/ and trainer.store,
and the pure modules beside this one."""

from __future__ import annotations

from flask import Blueprint, render_template

from trainer.web.core.i18n import gettext as _
from trainer.web.dashboard import labels, metrics, progress_charts, replay
from trainer.web.dashboard.formatting import FILTERS
from trainer.web.dashboard.params import BadParam

bp = Blueprint("dashboard", __name__)

for _name, _fn in FILTERS.items():
    bp.add_app_template_filter(_fn, _name)


@bp.errorhandler(BadParam)
def _bad_param(err: BadParam):
    return render_template(
        "errors/error.html", code=400, title=_("Something was wrong with that request"), text=err.message
    ), 400


bp.add_app_template_global(progress_charts.describe, "describe_chart")
bp.add_app_template_global(replay.turn_text)
bp.add_app_template_global(labels.kind_label)
bp.add_app_template_global(labels.reason_text)
bp.add_app_template_global(labels.wrong_label)
bp.add_app_template_global(labels.bot_label)
bp.add_app_template_global(labels.beginner_level)
bp.add_app_template_global(labels.DRILL_TODAY, "DRILL_TODAY")
bp.add_app_template_global(metrics.attention_first)
