"""The Python side's gettext, ngettext and pgettext (trainer.web.core.i18n, issue 50) say what
Flask-Babel's say, in the request's language, with their variables, inside force_locale, and
outside any app."""

import flask_babel
import pytest

from trainer.web.core import i18n

CALLS = [
    ("gettext", ("Take",), {}),
    ("gettext", ("Hello %(name)s!",), {"name": "Ada"}),
    ("ngettext", ("%(num)d card", "%(num)d cards", 1), {}),
    ("ngettext", ("%(num)d card", "%(num)d cards", 3), {}),
    ("pgettext", ("card", "Take"), {}),
]


@pytest.mark.parametrize("language", ["en", "nl", "cs"])
def test_the_same_words_as_flask_babel(app, language):
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for name, args, variables in CALLS:
            assert getattr(i18n, name)(*args, **variables) == getattr(flask_babel, name)(*args, **variables)
        assert i18n.gettext("Take") != "Take" or language == "en"
        with flask_babel.force_locale("de"):
            assert i18n.gettext("Take") == flask_babel.gettext("Take") != "Take"


def test_outside_an_app_the_words_are_english():
    assert i18n.gettext("Hello %(name)s!", name="Bo") == "Hello Bo!"
    assert i18n.ngettext("%(num)d card", "%(num)d cards", 2) == "2 cards"


def test_the_templates_words_are_jinjas_newstyle_words(app):
    """`_()`, `gettext()` and `ngettext()` in a template, and `{% trans %}`, give what Jinja's own
    newstyle functions give: escaped where the page escapes, always formatted."""
    assert app.jinja_env.newstyle_gettext
    from jinja2 import Environment

    source = (
        "{{ _('Take') }}|{{ _('Hello %(name)s!', name='<b>') }}|{{ gettext('100%%') }}|"
        "{{ ngettext('%(num)d card', '%(num)d cards', 3) }}|{% trans n=2 %}{{ n }} cards{% endtrans %}"
    )
    with app.test_request_context("/", headers={"Accept-Language": "nl"}):
        ours = app.jinja_env.from_string(source).render()
        jinja = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
        catalogue = i18n._catalogue()
        jinja.install_gettext_callables(catalogue.ugettext, catalogue.ungettext, newstyle=True)
        assert ours == jinja.from_string(source).render()
        assert "&lt;b&gt;" in ours and "100%" in ours and "100%%" not in ours
