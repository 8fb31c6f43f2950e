"""Pages that belong to nobody in particular: home, how to play, and the error pages."""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, url_for
from flask_babel import get_locale
from werkzeug.exceptions import HTTPException

from trainer.web.core import htmx
from trainer.web.core.i18n import LANGUAGES, gettext as _

bp = Blueprint("pages", __name__)


@bp.route("/")
def home():
    if g.teacher:
        return redirect(url_for("classes.index"))
    if g.pupil:
        return redirect(url_for("pupil_home.home"))
    return htmx.render("pages/home.html", "pages/_home.html")


@bp.route("/how-to-play")
def how_to_play():
    lang = str(get_locale())
    body = f"howto/_{lang if lang in LANGUAGES else 'en'}.html"
    return htmx.render("pages/how_to_play.html", body, body=body)


def _messages():
    # Built per request so that each message is translated into the page's language.
    return {
        400: (_("Something was wrong with that request"), _("Please go back and try again.")),
        403: (_("Not allowed"), _("You cannot open this page.")),
        404: (_("Page not found"), _("This page does not exist, or it is not yours to see.")),
        405: (_("Not allowed"), _("This page cannot be used like that.")),
        413: (_("That file is too big"), _("A class list should be a small CSV file.")),
        429: (_("Too many tries"), _("Please wait a little and try again.")),
        500: (_("Something went wrong"), _("It is not your fault. Please try again in a moment.")),
    }


def _error_page(code: int):
    title, text = _messages().get(code, _messages()[500])
    if code == 400 and getattr(g, "csrf_failed", False):
        text = _("The page was open for too long. Please reload it and try again.")
    return render_template("errors/error.html", code=code, title=title, text=text), code


def handle_http_error(err: HTTPException):
    if err.code == 400 and err.description == "csrf":
        g.csrf_failed = True
    return _error_page(err.code or 500)


def init_app(app) -> None:
    app.register_error_handler(HTTPException, handle_http_error)
    # An unexpected exception is logged with its traceback by Flask; the pupil or teacher
    # sees only a calm page.
    app.register_error_handler(500, lambda e: _error_page(500))
