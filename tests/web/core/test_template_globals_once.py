"""A template global or filter is registered once (issue 48.4): Jinja keeps one value per name
for the whole app, so when two areas register the same name the last blueprint wins on every
page, the other area's pages included (`action_name` was registered by the games and by the
dashboard). Every registration while an app is made is recorded; a name set twice fails."""

from __future__ import annotations

import sys

from flask import Blueprint, Flask

from web_helpers import make_app


class Registrations(dict):
    """A Jinja environment's globals or filters that remember who set each name."""

    def __init__(self, initial, log, kind):
        super().__init__(initial)
        self.log, self.kind = log, kind

    def __setitem__(self, name, value):
        self.log.setdefault(f"{self.kind} {name}", []).append(_source(value))
        super().__setitem__(name, value)

    def update(self, *args, **kwargs):
        for name, value in dict(*args, **kwargs).items():
            self[name] = value


def _source(value) -> str:
    """The function's own module and name, or, for a plain value, the module that set it."""
    if callable(value) and getattr(value, "__module__", None):
        return f"{value.__module__}.{getattr(value, '__qualname__', type(value).__name__)}"
    frame = sys._getframe(2)
    while frame.f_globals.get("__name__", "").startswith(("jinja2", "flask.", "tests", "test_")):
        frame = frame.f_back
    return f"{frame.f_globals.get('__name__')} (a {type(value).__name__})"


def registered_twice(monkeypatch, build) -> dict[str, list[str]]:
    """`build()` makes an app; the names its Jinja globals or filters were given more than once."""
    log: dict[str, list[str]] = {}
    original = Flask.create_jinja_environment

    def recording(self):
        env = original(self)
        log.clear()  # what Flask and Jinja set up themselves is not ours
        env.globals = Registrations(env.globals, log, "global")
        env.filters = Registrations(env.filters, log, "filter")
        return env

    monkeypatch.setattr(Flask, "create_jinja_environment", recording)
    build()
    return {name: sources for name, sources in log.items() if len(sources) > 1}


def test_no_template_global_or_filter_of_the_app_is_registered_twice(monkeypatch, tmp_path):
    twice = registered_twice(monkeypatch, lambda: make_app(tmp_path / "once.db"))
    assert twice == {}, f"registered more than once (the last wins on every page): {twice}"


def test_the_check_finds_a_global_two_blueprints_register(monkeypatch):
    # The bug it guards against, on a small app: two areas each register `action_name`.
    def build():
        app = Flask(__name__)
        games, dashboard = Blueprint("games", __name__), Blueprint("dashboard", __name__)
        games.add_app_template_global(lambda card: "games' name", "action_name")
        dashboard.add_app_template_global(lambda card: "dashboard's name", "action_name")
        dashboard.add_app_template_filter(str.upper, "shout")
        app.add_template_filter(str.upper, "shout")
        app.register_blueprint(games)
        app.register_blueprint(dashboard)
        app.jinja_env  # noqa: B018 - made on first use
        return app

    twice = registered_twice(monkeypatch, build)
    assert set(twice) == {"global action_name", "filter shout"}
    assert len(twice["global action_name"]) == 2
