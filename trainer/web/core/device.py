"""This browser's device key: a random value (128 bits) in the signed session cookie, kept
across logins and logouts, so that the server recognises a tablet or laptop an account has
logged in from before (trainer.store.devices keeps its SHA-256 per account).

What it is for (docs/security.md, "Guessing"): wrong guesses made on one device lock only
that device, and a device known to an account is not held back by what others guessed. A
script that drops its cookies simply gets a new, unknown device each time, and the ceilings
per pupil, class and address hold it.

The cookie then lives DEVICE_REMEMBER_DAYS after the last visit (trainer.web.core.headers);
a login inside it still ends after an hour idle or 12 hours (trainer.web.core.login).
"""

from __future__ import annotations

import secrets

from flask import session

KEY = "device"


def key() -> str:
    """This device's key, made now if the browser has none."""
    value = session.get(KEY)
    if not isinstance(value, str) or not 16 <= len(value) <= 64:
        value = secrets.token_urlsafe(16)
        session[KEY] = value
    if not session.permanent:
        # Setting it at all marks the session changed, and a changed session is sent again:
        # every request at home would then send its cookie, and one in flight beside a new
        # page would take that page's CSRF token away (tests/web/pupils/test_home_login.py).
        session.permanent = True
    return value
