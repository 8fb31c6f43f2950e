"""Security headers on every response, and the session cookie's Secure flag and name."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from flask import request
from flask.sessions import SecureCookieSessionInterface

from trainer.web.core import push_link

# Everything the pages need comes from this origin; no inline script, no inline style.
CSP = "; ".join(
    [
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
    ]
)


# On every response, the static files WhiteNoise answers included (trainer.web.core.static_files).
EVERY_RESPONSE = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(response):
    h = response.headers
    for name, value in EVERY_RESPONSE.items():
        h.setdefault(name, value)
    push = push_link.extra_origin()
    if push and h.get("Content-Security-Policy") == CSP:
        # The live channel on a port of its own (issue 36.1): the page may read that stream.
        h["Content-Security-Policy"] = CSP.replace("connect-src 'self'", f"connect-src 'self' {push}")
    if request.is_secure:
        # Only over https (plain-http classrooms must keep working); a year, as ASVS 5.0 V3.4.1
        # asks. It covers this host and hosts below it, never the school's parent domain.
        h.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
    if request.endpoint != "static":
        # Shared tablets: after logging out, Back must not show the previous child's page.
        h.setdefault("Cache-Control", "no-store")
    return response


class SessionInterface(SecureCookieSessionInterface):
    """Marks the cookie Secure whenever the request came over https (or always, if
    SESSION_COOKIE_SECURE is set), so plain-http classroom set-ups still work.

    A Secure cookie is also named with the `__Host-` prefix: the browser then accepts it only
    over https, for this exact host and path /, so a sibling host (or a plain-http page on the
    same name) cannot plant or overwrite it (ASVS 5.0 V3.3.1, V3.3.3)."""

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure

    def get_expiration_time(self, app, session):
        # A remembered device (trainer.web.core.device) outlives a school night and a holiday;
        # the login in the same cookie is ended by the server long before (login.py).
        if session.permanent:
            return datetime.now(timezone.utc) + timedelta(days=app.config["DEVICE_REMEMBER_DAYS"])
        return None

    def get_cookie_name(self, app) -> str:
        name = super().get_cookie_name(app)
        if self.get_cookie_secure(app) and not app.config.get("SESSION_COOKIE_DOMAIN"):
            return "__Host-" + name
        return name


def init_app(app) -> None:
    app.session_interface = SessionInterface()
    app.after_request(add_security_headers)
