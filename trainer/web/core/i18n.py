"""Languages: Flask-Babel set-up and how each request's language is chosen.

Order: a language the page itself sets (`g.page_language`: the parent page), the logged-in
teacher's or pupil's stored choice, then the choice made on this device (session), then the
browser's preference, then English.
"""

from __future__ import annotations

import os

import flask_babel
from flask import g, has_app_context, request, session
from flask_babel import Babel, get_translations
from jinja2 import pass_context
from markupsafe import Markup

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
    # Flask-Babel's Jinja set-up is ours: its date and number filters are not used (the
    # dashboard's formatting.py formats), and the templates' _() and ngettext() find the
    # request's catalogue once, not on every call (issue 50: a page says a few hundred things,
    # and Flask-Babel's look-up was a fifth of the watch page's CPU). The same catalogue object
    # Flask-Babel finds, so the same words.
    Babel(app, locale_selector=select_locale, configure_jinja=False)
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # Newstyle gettext (variables as keywords, always formatted), with the templates' gettext()
    # and ngettext() straight on the request's catalogue rather than Jinja's wrappers around a
    # function that looks it up (the extension's `_` calls gettext()). The templates use no
    # pgettext.
    app.jinja_env.newstyle_gettext = True
    app.jinja_env.globals.update(gettext=template_gettext, ngettext=template_ngettext)
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.context_processor(_template_globals)


@pass_context
def template_gettext(context, string: str, **variables) -> str:
    """Jinja's newstyle gettext (jinja2.ext: the words made Markup where the page escapes, then
    always formatted, so "%%" is one "%" with or without variables), on the request's catalogue."""
    text = _catalogue().ugettext(string)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


@pass_context
def template_ngettext(context, singular: str, plural: str, num: int, **variables) -> str:
    variables.setdefault("num", num)
    text = _catalogue().ungettext(singular, plural, num)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


def _catalogue():
    """Flask-Babel's catalogue for this request, kept on its own per-request namespace beside
    the locale it was found for: `refresh()` and `force_locale()` change that locale, and then
    the catalogue is looked up again."""
    babel = g.get("_flask_babel")
    if babel is None:
        return get_translations()
    kept = babel.__dict__.get("trainer_catalogue")
    if kept is not None and kept[0] is babel.__dict__.get("babel_locale"):
        return kept[1]
    catalogue = get_translations()
    babel.trainer_catalogue = (babel.__dict__.get("babel_locale"), catalogue)
    return catalogue


def gettext(string: str, **variables) -> str:
    """flask_babel's gettext, from the request's catalogue found once (issue 50: Flask-Babel
    finds it again on every call, through ten context look-ups, 7.7 µs against 1.3 µs)."""
    if not has_app_context():
        return flask_babel.gettext(string, **variables)
    text = _catalogue().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    """flask_babel's ngettext the same way: `num` is there to format, as in Flask-Babel."""
    if not has_app_context():
        return flask_babel.ngettext(singular, plural, num, **variables)
    variables.setdefault("num", num)
    return _catalogue().ungettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables) -> str:
    if not has_app_context():
        return flask_babel.pgettext(context, string, **variables)
    text = _catalogue().upgettext(context, string)
    return text % variables if variables else text


def _template_globals():
    from flask_babel import get_locale

    return {"current_lang": str(get_locale())}
