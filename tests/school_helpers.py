"""Helpers for the tests of many schools on one service (issue 19, tests/schools/): schools made
by the real `trainer school add`, and a client that reaches them through the dispatcher by
host name or path prefix, like a browser (cookies kept per host and path).
"""

from __future__ import annotations

import contextlib
import html
import io
import re

from werkzeug.test import Client

from trainer import create_schools_app
from trainer.cli.main import main as trainer
from trainer.ops import schools

DOMAIN = "schools.test"
TEST_CONFIG = {"TESTING": True}


def add_school(folder, name, slug, *extra) -> str:
    """Runs `trainer school add`; returns the administrator's link it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = trainer(
            [
                "school",
                "add",
                name,
                "--slug",
                slug,
                "--schools",
                str(folder),
                "--base-url",
                "http://{slug}." + DOMAIN,
                *extra,
            ]
        )
    assert status == 0, err.getvalue()
    return out.getvalue().strip()


def dispatcher(folder, select_by="host"):
    return create_schools_app(
        str(folder),
        select_by=select_by,
        domain=DOMAIN if select_by == "host" else None,
        test_config=dict(TEST_CONFIG),
        trust_proxy=False,
    )


def school_path(folder, slug) -> str:
    return schools.database_path(str(folder), slug)


def csrf_of(page: str) -> str | None:
    """The token every page carries in <body hx-headers> (templates/base.html)."""
    found = re.search(r"X-CSRFToken\"?\s*:\s*\"([^\"]+)\"", html.unescape(page))
    return found.group(1) if found else None


class SchoolClient:
    """A browser on one school: `base` is http://<slug>.<domain> (host) or http://one.host/<slug>
    (path). POSTs carry the CSRF token of the session, read from a page like htmx does."""

    def __init__(self, app, base: str, client: Client | None = None):
        self.app = app
        scheme, _, rest = base.rstrip("/").partition("://")
        host, _, prefix = rest.partition("/")
        self.host_url = f"{scheme}://{host}/"
        self.prefix = f"/{prefix}" if prefix else ""  # path mode: /<slug>, in PATH_INFO
        self.client = client or Client(app)

    def url(self, path: str) -> str:
        return self.prefix + path

    def get(self, path: str, **kw):
        return self.client.get(self.url(path), base_url=self.host_url, **kw)

    def token(self) -> str:
        for path in ("/", "/login", "/join"):
            page = self.get(path, follow_redirects=True)
            token = csrf_of(page.get_data(as_text=True))
            if token:
                return token
        raise AssertionError("no page with a CSRF token")

    def post(self, path: str, data=None, csrf=True, **kw):
        data = dict(data or {})
        if csrf:
            data.setdefault("csrf_token", self.token())
        return self.client.post(self.url(path), data=data, base_url=self.host_url, **kw)

    def send(self, method: str, path: str, data):
        return self.get(path) if method == "GET" else self.post(path, data)

    def login_teacher(self, email, password):
        response = self.post("/login", {"email": email, "password": password})
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
        return response

    def login_pupil(self, join_code, pupil_id, pictures=("sun", "tree", "boat")):
        assert self.post("/join", {"code": join_code}).status_code == 303
        response = None
        for pick in pictures:
            response = self.post(f"/join/pupil/{pupil_id}", {"pick": pick})
        return response

    def cookie(self, name="tweak_session"):
        return next((c for c in self.client._cookies.values() if c.key == name), None)


def dump(path) -> list[str]:
    """Everything in a school's file, as SQL: equal dumps, equal data."""
    import sqlite3

    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()
