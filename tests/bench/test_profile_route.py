"""bench/profile_route.py's `--split` (issue 50): the functions it names are timed where they are
defined, and only while a request of the route is measured; checked without a clock's figures."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from profile_route import Split


def test_a_split_function_counts_only_while_on(monkeypatch):
    monkeypatch.setattr(json, "dumps", json.dumps)  # the wrapper replaces it; the fixture puts it back
    split = Split(["json.dumps"])
    json.dumps([1, 2])
    assert split.calls["json.dumps"] == 0
    split.on = True
    assert json.dumps({"a": [1]}) == '{"a": [1]}'
    split.on = False
    assert split.calls["json.dumps"] == 1 and split.cpu["json.dumps"] >= 0.0


def test_a_method_is_named_by_its_class():
    import flask.app

    original = flask.app.Flask.dispatch_request
    try:
        split = Split(["flask.app.Flask.dispatch_request"])
        assert flask.app.Flask.dispatch_request is not original
        assert split.cpu == {"flask.app.Flask.dispatch_request": 0.0}
    finally:
        flask.app.Flask.dispatch_request = original
