"""CSRF protection for every state-changing request.

A synchronizer token lives in the signed session; forms send it as the hidden field
`csrf_token`, htmx as the `X-CSRFToken` header (set by hx-headers on <body>). Requests that
the browser marks as cross-site are refused before the token is even looked at.
"""
from __future__ import annotations

import hmac
import secrets

from flask import abort, request, session

from trainer.web.core import security_log

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
FIELD = "csrf_token"
HEADER = "X-CSRFToken"


def token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(32)
    return session["csrf"]


def protect() -> None:
    if request.method in SAFE_METHODS:
        return
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        security_log.event("csrf_refused", reason="cross-site")
        abort(403)
    origin = request.headers.get("Origin")
    if origin and origin != request.host_url.rstrip("/"):
        security_log.event("csrf_refused", reason="origin")
        abort(403)
    expected = session.get("csrf")
    sent = request.headers.get(HEADER) or request.form.get(FIELD)
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        security_log.event("csrf_refused", reason="token")
        abort(400, description="csrf")


def init_app(app) -> None:
    app.before_request(protect)
    app.jinja_env.globals["csrf_token"] = token
