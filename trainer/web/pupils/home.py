"""A logged-in pupil's own page (templates pupil/me.html): today's drill, streak and games come
from their own areas' fragments (issues 5 and 6)."""
from __future__ import annotations

from flask import Blueprint, g

from trainer.web.core import htmx, login

bp = Blueprint("pupil_home", __name__)


@bp.route("/me")
@login.pupil_required
def home():
    return htmx.render("pupil/me.html", "pupil/_me.html", pupil=g.pupil)
