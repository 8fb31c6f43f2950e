"""Open self-registration is the school setting `open_registration` (issue 19), defaulting to
the config value OPEN_REGISTRATION (on for the one-school embedded default)."""

from trainer.store import school_settings
from trainer.store.db import connect
from web_helpers import make_app

GOOD = {
    "display_name": "Ms Jansen",
    "email": "jansen@school.example",
    "password": "a long enough password",
    "password2": "a long enough password",
}


def test_open_by_default_in_the_one_school_default(client):
    assert "Create a teacher account" in client.get("/login").get_data(as_text=True)
    assert client.post("/register", data=GOOD).status_code == 303


def test_closed_by_the_administrator_setting(client, db):
    school_settings.put(db, "open_registration", False)
    login_page = client.get("/login").get_data(as_text=True)
    assert 'href="/register"' not in login_page
    page = client.get("/register")
    assert page.status_code == 200
    assert "join this school by an invitation link" in page.get_data(as_text=True)
    assert "password2" not in page.get_data(as_text=True)
    response = client.post("/register", data=GOOD)
    assert response.status_code == 403
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 0


def test_closed_by_config_unless_the_school_opens_it(tmp_path):
    app = make_app(tmp_path / "c.db", OPEN_REGISTRATION=False)
    client = app.test_client()
    assert client.post("/register", data=GOOD).status_code == 403
    db = connect(app.config["DATABASE"])
    school_settings.put(db, "open_registration", True)
    assert client.post("/register", data=GOOD).status_code == 303
    db.close()
