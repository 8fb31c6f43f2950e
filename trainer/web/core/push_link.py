"""Where a page finds its live channel (issue 36.1, trainer.push): the stream's address with a
ticket signed for what the view has already checked its viewer may watch, and the origin the
Content-Security-Policy must allow when the channel listens on a port of its own."""

from __future__ import annotations

from flask import current_app, g, request

from trainer.push import tokens


def stream_url(kind: str, thing: int, who: str, person: int) -> str | None:
    """None when the app has no channel (the page polls, as before). The address names what
    it subscribes to (`for`) before its ticket: static/js/push.js keeps a stream open across
    pages only while that part is the same, so a boosted click from the lobby to a table
    changes the class's stream for the table's."""
    base = _base()
    if base is None:
        return None
    # Bound to this login: logout, archive, removal or "log out everywhere" ends it (issue 46.5).
    ticket = tokens.sign(
        current_app.config["SECRET_KEY"], tokens.Ticket(kind, thing, who, person, session=g.get("session_started"))
    )
    return f"{base}{request.script_root}/push/stream?t={ticket}&for={topic(kind, thing)}"


def topic(kind: str, thing: int) -> str:
    """What a stream is for, as its address says it: "table-5", "class-2"."""
    return f"{kind}-{thing}"


def extra_origin() -> str | None:
    """The channel's origin when it is not the page's own (a port of its own), else None."""
    base = _base()
    return base or None


def _base() -> str | None:
    where = current_app.config.get("PUSH")
    if where in (None, "", False):
        return None
    if where == "proxy":
        return ""
    return f"{request.scheme}://{_hostname()}:{int(where)}"


def _hostname() -> str:
    host = request.host
    if host.startswith("["):  # IPv6: [::1]:5000
        return host[: host.index("]") + 1]
    return host.rsplit(":", 1)[0]
