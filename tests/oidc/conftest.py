from datetime import datetime

import pytest

from trainer.store import oidc_providers
from trainer.store.db import connect

from .real_flow import served_at_loopback
from .stub_provider import StubProvider


@pytest.fixture
def app(app):
    """The app at 127.0.0.1, where the test provider sends the browser back (real_flow.py)."""
    served_at_loopback(app)
    return app


@pytest.fixture
def stub():
    """An in-process provider whose tokens each test signs as it needs."""
    provider = StubProvider()
    yield provider
    provider.close()


@pytest.fixture
def school(app, stub):
    """The school's one sign-in service, at the stub: (db, provider id)."""
    db = connect(app.config["DATABASE"])
    provider_id = oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret="stub-secret",
        now=datetime(2026, 12, 1),
        name="Unilogin",
        issuer=stub.issuer,
        client_id="stub-client",
        teacher_claim="role",
        teacher_value="staff",
    )
    yield db, provider_id
    db.close()
