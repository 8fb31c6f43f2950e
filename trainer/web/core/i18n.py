"""Languages: Flask-Babel set-up and how each request's language is chosen.

Order: a language the page itself sets (`g.page_language`: the parent page), the logged-in
teacher's or pupil's stored choice, then the choice made on this device (session), then the
browser's preference, then English.
"""

from __future__ import annotations

import os

from flask import g, request, session
from flask_babel import Babel

# Native names: a child looking for their language reads it in that language.
LANGUAGES = {
    "en": "English",
    "nl": "Nederlands",
    "da": "Dansk",
    "de": "Deutsch",
    "fi": "Suomi",
    "cs": "Čeština",
}

TRANSLATIONS_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "translations")


def select_locale() -> str:
    # A page for someone with no account (the parent page, issue 37.3) names its own language.
    page_language = getattr(g, "page_language", None)
    if page_language in LANGUAGES:
        return page_language
    for who in (getattr(g, "teacher", None), getattr(g, "pupil", None)):
        if who and who.get("language") in LANGUAGES:
            return who["language"]
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES.keys()) or "en"


def init_app(app) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", os.path.abspath(TRANSLATIONS_DIR))
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.context_processor(_template_globals)


def _template_globals():
    from flask_babel import get_locale

    return {"current_lang": str(get_locale())}
