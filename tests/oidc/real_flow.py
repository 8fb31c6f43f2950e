"""A sign-in against the real oidc-provider (tests/oidc/provider.js) without a browser: the
app's redirect is followed with requests, the provider's development login form is filled in,
and its redirect back is handed to the Flask test client. The app must run at http://127.0.0.1
(`served_at_loopback`) so that the provider accepts its return address (provider.js,
redirectUriAllowed)."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

import requests

APP = "http://127.0.0.1"


def served_at_loopback(app) -> None:
    """Every test request, session transaction and external URL of `app` at 127.0.0.1."""
    app.config["SERVER_NAME"] = "127.0.0.1"


def sign_in(client, path: str, login: str):
    """Starts at the app's `path` (a sign-in button or the administrator's test link), logs in
    at the provider as `login` and returns the app's answer to the callback."""
    response = client.get(path)
    assert response.status_code == 303, response.get_data(as_text=True)
    browser = requests.Session()
    url = response.location
    for _ in range(12):
        if url.startswith(APP + "/"):
            parts = urlsplit(url)
            return client.get(f"{parts.path}?{parts.query}")
        answer = browser.get(url, allow_redirects=False, timeout=10)
        if answer.is_redirect:
            url = urljoin(url, answer.headers["Location"])
            continue
        form = re.search(r'<form[^>]*action="([^"]+)"', answer.text)
        assert answer.status_code == 200 and form, answer.text[:500]
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', answer.text))
        fields.update(login=login, password="anything")
        answer = browser.post(urljoin(url, unescape(form.group(1))), data=fields, allow_redirects=False, timeout=10)
        assert answer.is_redirect, answer.text[:500]
        url = urljoin(url, answer.headers["Location"])
    raise AssertionError("the provider never sent the browser back")
