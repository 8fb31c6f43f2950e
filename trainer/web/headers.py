"""Security headers on every response, and the session cookie's Secure flag."""
from __future__ import annotations

from flask import request
from flask.sessions import SecureCookieSessionInterface

# Everything the pages need comes from this origin; no inline script, no inline style.
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def add_security_headers(response):
    h = response.headers
    h.setdefault("Content-Security-Policy", CSP)
    h.setdefault("X-Content-Type-Options", "nosniff")
    h.setdefault("X-Frame-Options", "DENY")
    h.setdefault("Referrer-Policy", "same-origin")
    h.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    h.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if request.endpoint != "static":
        # Shared tablets: after logging out, Back must not show the previous child's page.
        h.setdefault("Cache-Control", "no-store")
    return response


class SessionInterface(SecureCookieSessionInterface):
    """Marks the cookie Secure whenever the request came over https (or always, if
    SESSION_COOKIE_SECURE is set), so plain-http classroom set-ups still work."""

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


def init_app(app) -> None:
    app.session_interface = SessionInterface()
    app.after_request(add_security_headers)
