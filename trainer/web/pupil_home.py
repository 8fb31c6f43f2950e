"""A logged-in pupil's own page. Today's drill, streak and games (issues 5 and 6) go here."""
from __future__ import annotations

from flask import Blueprint, g

from trainer.web import htmx, login

bp = Blueprint("pupil_home", __name__)


@bp.route("/me")
@login.pupil_required
def home():
    return htmx.render("pupil/me.html", "pupil/_me.html", pupil=g.pupil)
