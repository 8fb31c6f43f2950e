"""Addresses as a log may show them: no secret in a path or query string (issue 38.2).

An invitation link `/invitations/<token>` stood in full in gunicorn's access log, and whoever
read the log could use an administrator's invitation for 7 days. The app sends such a link on
to a token-free address at once (trainer.web.teachers.invitations), but the first request's
line is written all the same: the servers' log formats pass every address through `mask`.
Used by `trainer serve`'s gunicorn logger and by the app's own loggers (Flask's "Exception
on <path>" line, Werkzeug's development server).
"""

from __future__ import annotations

import logging
import re

HIDDEN = "[hidden]"
# Path segments that are bearer secrets, after the segment that announces them (a path-mode
# school's prefix may stand before it). A new link that carries a secret in its path is added
# here; tests/security/test_no_secrets_in_urls_or_logs.py fails for a route whose `<token>` or
# `<link>` this does not hide. `family`: the parent page's personal link (issue 37.3).
SECRET_SEGMENTS = ("invitations", "family")
# Query parameters that carry secrets: an OpenID Connect provider sends `code` and `state`
# back to /signin/<id>/callback (and some send tokens); a QR card's `k` travels in the
# fragment, never sent, but a hand-typed `?k=` would not be.
SECRET_PARAMETERS = ("code", "state", "id_token", "access_token", "session_state", "token", "k")

_PATH = re.compile(r"(/(?:%s)/)[^/?#\s\"]+" % "|".join(map(re.escape, SECRET_SEGMENTS)))
_QUERY = re.compile(r"((?:^|[?&;])(?:%s)=)[^&;#\s\"]*" % "|".join(map(re.escape, SECRET_PARAMETERS)), re.I)


def mask(text: str) -> str:
    """`text` (a path, a request line, a log message) with every secret segment and parameter
    value replaced by [hidden]."""
    return _QUERY.sub(r"\1" + HIDDEN, _PATH.sub(r"\1" + HIDDEN, text))


class MaskSecrets(logging.Filter):
    """A logging filter: the record's message, made and masked (a record may carry the path
    in its arguments: Werkzeug's request line, Flask's "Exception on %s")."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
