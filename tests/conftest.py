"""Shared fixtures, after the Flask tutorial: `app` on a temporary database, `client`,
`auth` for teachers, `pupil_auth` for pupils, `make` for rows created directly.
The classes behind them are in tests/web_helpers.py.

Browser fixtures (a live server and Debian's Chromium) are in tests/browser/conftest.py.
"""
from __future__ import annotations

import pytest

from trainer.store.db import connect
from web_helpers import AuthActions, Make, PupilActions, make_app


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "test.db")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture
def make(db):
    return Make(db)


@pytest.fixture
def auth(client, make):
    return AuthActions(client, make)


@pytest.fixture
def pupil_auth(client, make):
    return PupilActions(client, make)
