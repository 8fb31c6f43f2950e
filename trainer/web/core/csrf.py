"""CSRF protection for every state-changing request: Flask-WTF's CSRFProtect, plus a fetch
metadata / Origin check in front of it.

Flask-WTF keeps a random value in the signed session and hands pages a signed, timestamped
token of it (`csrf_token()` in templates); forms send it as the hidden field `csrf_token`,
htmx as the `X-CSRFToken` header (hx-headers on <body>). It compares on bytes in constant
time and refuses any input it cannot decode, so a hostile token is a 400, never a 500.

What we add, before the token is even read: a request the browser marks as cross-site, or
whose Origin is not this site, is refused with 403; a GET, HEAD or OPTIONS that carries a body
is refused with 400 (views branch on `request.method == "POST"`, so only a POST writes). Every refusal is a security-log event,
and a bad token gets the friendly "page open too long" 400 page (pages.py).
"""

from __future__ import annotations

from flask import abort, request
from flask_wtf.csrf import CSRFError, CSRFProtect

from trainer.web.core import security_log

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
FIELD = "csrf_token"
HEADER = "X-CSRFToken"
# A page opened on a shared tablet before the first lesson must still post after the last
# one; a token copied out of a page is useless the next morning (docs/security.md).
TIME_LIMIT = 12 * 3600

_protect = CSRFProtect()


class _EveryMethodBut(frozenset):
    """Flask-WTF checks the methods listed; we check every method that is not safe (TRACE and
    made-up ones too: refused before routing, as before)."""

    def __contains__(self, method) -> bool:
        return not super().__contains__(method)


def protect() -> None:
    if request.method in SAFE_METHODS:
        # A browser never sends a body with these, and no view may read one: a form sent by
        # HEAD once walked past every check below into a view's writing branch (issue 38.3).
        if request.content_length or request.headers.get("Transfer-Encoding"):
            security_log.event("csrf_refused", reason="body_on_" + request.method.lower())
            abort(400)
        return
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        security_log.event("csrf_refused", reason="cross-site")
        abort(403)
    origin = request.headers.get("Origin")
    if origin and origin != request.host_url.rstrip("/"):
        security_log.event("csrf_refused", reason="origin")
        abort(403)
    try:
        _protect.protect()
    except CSRFError:
        security_log.event("csrf_refused", reason="token")
        abort(400, description="csrf")


def init_app(app) -> None:
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", TIME_LIMIT)
    app.config["WTF_CSRF_FIELD_NAME"] = FIELD
    app.config["WTF_CSRF_HEADERS"] = [HEADER]
    # Our own hook runs the check, after the Origin check above (Flask-WTF's own hook would
    # read the token first).
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    # Flask-WTF's https Referer check is left off: the Origin and Sec-Fetch-Site checks
    # above do that job, and a browser or proxy that strips Referer must not lock a class out.
    app.config["WTF_CSRF_SSL_STRICT"] = False
    _protect.init_app(app)
    app.config["WTF_CSRF_METHODS"] = _EveryMethodBut(SAFE_METHODS)  # after init_app, which makes a set
    app.before_request(protect)
