import pytest

from .real_flow import served_at_loopback


@pytest.fixture
def app(app):
    """The app at 127.0.0.1, where the test provider sends the browser back (real_flow.py)."""
    served_at_loopback(app)
    return app
