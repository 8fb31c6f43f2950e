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
