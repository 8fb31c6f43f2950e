"""Security events (OWASP ASVS 5.0 V16.3.1, V16.3.2): logins, failed and throttled logins,
logouts, refused requests (another owner's id, a forged form), one line each on the
`trainer.security` logger, e.g.

    2026-11-30 07:55:01 trainer.security event=pupil_login_failed pupil=17 ip=10.0.3.21

Only ids and the client address: never a name, e-mail address, class code, picture password,
password or token (V16.2.5; tests/security/test_no_secrets_in_urls_or_logs.py scans the
real servers' logs for them). `trainer serve` writes them to its console (journald under
systemd, docs/deploy.md) beside the access log.
"""

from __future__ import annotations

import logging
import sys

from flask import abort, g, request

from trainer.ops.log_paths import MaskSecrets

log = logging.getLogger("trainer.security")


def event(name: str, **ids) -> None:
    fields = [f"event={name}"] + [f"{key}={value}" for key, value in ids.items() if value is not None]
    log.info(" ".join(fields + [f"ip={request.remote_addr}"]))


def not_yours(kind: str, given) -> None:
    """A 404 for an id that is not the logged-in user's (or does not exist), logged as refused:
    a run of these from one account is someone trying ids."""
    event("access_refused", **logged_in(), wanted=kind, id=given)
    abort(404)


def logged_in() -> dict:
    """The ids of whoever is logged in on this request (None for nobody)."""
    return {who: g.get(who)["id"] if g.get(who) else None for who in ("teacher", "pupil")}


class _Console(logging.StreamHandler):
    # The stream is looked up when a line is written: whatever stderr is then (a server's
    # console, or a test's capture that has since been replaced).
    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value):
        pass


def init_app(app) -> None:
    log.setLevel(logging.INFO)
    if not app.testing and not any(isinstance(h, _Console) for h in log.handlers):
        console = _Console()
        console.setFormatter(logging.Formatter("%(asctime)s trainer.security %(message)s", "%Y-%m-%d %H:%M:%S"))
        log.addHandler(console)
        log.propagate = False  # one line, even where the root logger prints too
    # Lines that name a request's path: Flask's "Exception on <path>", Werkzeug's request line
    # (its development server). An invitation's token is part of its path (issue 38.2).
    for logger in (app.logger, logging.getLogger("werkzeug")):
        if not any(isinstance(f, MaskSecrets) for f in logger.filters):
            logger.addFilter(MaskSecrets())
