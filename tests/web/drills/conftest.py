"""Fixtures of the drill tests: `world`, a class with a pupil logged in and a small puzzle bank
(tests/drill_helpers.py's DrillWorld)."""

import pytest

from drill_helpers import DrillWorld


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w
