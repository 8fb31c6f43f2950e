"""The language picker: remembered on this device, and for whoever is logged in."""

from __future__ import annotations

from flask import Blueprint, abort, g, request, session, url_for
from flask_babel import refresh

from trainer.store import pupils, teachers
from trainer.web.core import htmx
from trainer.web.core.i18n import LANGUAGES
from trainer.web.core.urls import here, safe_next
from trainer.web.db import get_db

bp = Blueprint("language", __name__)
# The picker's `next` on every page: the page with its school prefix.
bp.add_app_template_global(here, "here")


@bp.route("/language", methods=["POST"])
def choose():
    lang = request.form.get("lang", "")
    if lang not in LANGUAGES:
        abort(400)
    session["lang"] = lang
    if g.teacher:
        teachers.set_language(get_db(), g.teacher["id"], lang)
    elif g.pupil:
        pupils.set_language(get_db(), g.pupil["id"], lang)
    refresh()
    return htmx.full_reload(safe_next(request.form.get("next")) or url_for("pages.home"))
