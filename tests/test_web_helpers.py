"""The suite's shortcuts in tests/web_helpers.py give exactly what the libraries would: each
app's URL rules, parsed once for the whole suite, are the parts Werkzeug itself parses."""

from __future__ import annotations

import importlib.metadata

from werkzeug.routing import Rule

from web_helpers import SHARING_RULES, TEACHER_PASSWORD, WERKZEUG_CHECKED, WERKZEUG_RULE_COMPILE


def _converters(rule):
    return {name: (type(c), c.regex, c.weight, c.part_isolating) for name, c in rule._converters.items()}


def test_every_rule_of_a_second_app_is_what_werkzeug_parses(app):
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 100
    for rule in rules:
        fresh = rule.empty()
        fresh.map = app.url_map
        WERKZEUG_RULE_COMPILE(fresh)
        assert fresh._parts == rule._parts, rule.rule
        assert fresh._trace == rule._trace, rule.rule
        assert _converters(fresh) == _converters(rule), rule.rule
        assert fresh.arguments == rule.arguments, rule.rule
        assert all(c.map is app.url_map for c in rule._converters.values()), "each map's own converters"


def test_urls_built_and_matched_through_the_shared_rules(app):
    adapter = app.url_map.bind("tweak.test")
    assert adapter.build("roster.show", {"pupil_id": 7}) == "/pupils/7"
    assert adapter.match("/pupils/7") == ("roster.show", {"pupil_id": 7})
    assert adapter.build("games.show", {"game_id": 3, "x": "y"}, append_unknown=True) == "/games/3?x=y"


def test_the_rules_are_shared_only_on_the_werkzeug_release_they_were_checked_on():
    checked = importlib.metadata.version("werkzeug").startswith(WERKZEUG_CHECKED + ".")
    assert SHARING_RULES == checked
    assert (Rule.compile is not WERKZEUG_RULE_COMPILE) == checked


def test_the_clients_token_is_the_one_flask_wtf_accepts(client, make):
    """The CSRF token the suite's client sends comes from Flask-WTF itself: a log-in with it
    passes the check, one with a token signed otherwise is refused."""
    make.teacher(email="t@school.example")
    form = {"email": "t@school.example", "password": TEACHER_PASSWORD}
    assert client.post("/login", data={**form, "csrf_token": "forged.token"}).status_code == 400
    assert client.post("/login", data=form).status_code == 303
