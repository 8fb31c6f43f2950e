"""In the production configuration errors show a calm page: no stack trace, no exception text,
no server version; the error itself goes to the log. Nothing but the app is served.

Already proved elsewhere: `create_app()` without a test configuration is not in debug mode
(tests/web/core/test_app_factory.py::test_production_app_is_not_in_debug_mode), 404/405/413 pages are
friendly and translated (tests/web/core/test_error_pages.py), random input never crashes a form
(tests/web/test_bad_input_never_crashes.py).
"""

import logging
import re

import pytest

from trainer import create_app

LEAKS = (
    "Traceback",
    "secret detail",
    "ZeroDivisionError",
    'File "',
    ".py",
    "werkzeug",
    "Werkzeug",
    "sqlite",
    "SELECT ",
    "jinja",
)


@pytest.fixture
def production_app(tmp_path, monkeypatch):
    """The app exactly as `trainer serve` builds it: configuration from the instance folder and
    TRAINER_* variables, no test configuration."""
    for name in ("FLASK_DEBUG", "TRAINER_DEBUG", "TRAINER_TESTING", "TRAINER_PROPAGATE_EXCEPTIONS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "prod.db"))
    app = create_app()

    @app.route("/boom")
    def boom():
        1 / 0  # noqa: B018 - an unexpected error, "secret detail" must not leak
        return "secret detail"

    @app.route("/boom-db")
    def boom_db():
        from trainer.web.db import get_db

        get_db().execute("SELECT secret_detail FROM no_such_table")

    return app


@pytest.mark.parametrize("path", ["/boom", "/boom-db"])
def test_an_unexpected_error_is_a_calm_page_and_a_logged_traceback(production_app, caplog, path):
    # ASVS 5.0 V16.5.1: a generic message, no stack trace, query or internal detail.
    # ASVS 5.0 V13.4.2: no debug mode in production (the debugger would show the trace).
    # ASVS 5.0 V16.3.4 / V16.5.4: the unexpected error is logged, by a last-resort handler
    # that keeps the app running (the next request is answered normally).
    assert not production_app.debug and not production_app.testing
    client = production_app.test_client()
    with caplog.at_level(logging.ERROR):
        response = client.get(path)
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    assert "Something went wrong" in html and "It is not your fault." in html
    for leak in LEAKS:
        assert leak not in html, leak
    assert any(record.exc_info for record in caplog.records)
    assert "Traceback" in caplog.text
    assert client.get("/join").status_code == 200


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("GET", "/no-such-page", 404),
        ("POST", "/how-to-play", 400),  # not a form: refused before anything (no CSRF token)
        ("TRACE", "/", 400),  # ASVS 5.0 V13.4.4: TRACE is never echoed back
        ("GET", "/static/../trainer/web/config.py", 404),  # ASVS 5.0 V5.3.2: no way out of static/
        ("GET", "/static/%2e%2e/trainer/web/config.py", 404),
        ("GET", "/static/", 404),  # ASVS 5.0 V13.4.3: no directory listing
        ("GET", "/.git/config", 404),  # ASVS 5.0 V13.4.1: no source control metadata
        ("GET", "/console", 404),  # ASVS 5.0 V13.4.2 / V13.4.5: no debugger or console
        ("GET", "/instance/secret_key", 404),
        ("GET", "/static/secret_key", 404),
    ],
)
def test_the_real_servers_answer_odd_requests_with_friendly_pages(real_servers, method, path, status):
    # ASVS 5.0 V16.5.1 through both real servers (waitress and gunicorn), and ASVS 5.0
    # V13.4.6: the Server header names no version.
    for server in (real_servers.single, real_servers.workers):
        response = real_servers.browser().request(server, method, path)
        assert response.status == status, (server.name, path)
        assert "<title>" in response.text and "Go to the start page" in response.text
        # (the language picker sends the visitor back to the address asked for: not a leak)
        page = re.sub(r'name="next" value="[^"]*"', "", response.text)
        for leak in LEAKS + ("SESSION_COOKIE", "[core]"):
            assert leak not in page, (server.name, path, leak)
        assert not any(ch.isdigit() for ch in response.headers.get("Server", "")), response.headers["Server"]
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
