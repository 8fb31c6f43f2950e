"""Who is logged in: a teacher, a pupil, or nobody.

The signed cookie holds only a random token; the session row in the database says whose it
is (trainer.store.sessions). Logging in clears the cookie's contents and issues a new
token (no fixation); logging out deletes the row, so a copy of the old cookie is useless.
A session also ends when idle too long and, however busy, PERMANENT_SESSION_LIFETIME after
the login.
"""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

from flask import abort, current_app, g, redirect, request, session, url_for
from flask_wtf.csrf import generate_csrf

from trainer.store import pupils, sessions, teachers
from trainer.web.core import csrf, htmx, security_log, urls
from trainer.web.db import get_db

# The language chosen on this device, and the device's own key (trainer.web.core.device):
# neither says who was logged in.
KEEP_ACROSS_LOGIN = ("lang", "device")


def load_user() -> None:
    g.teacher = None
    g.pupil = None
    token = session.get("auth")
    if not token:
        return
    db = get_db()
    # The cookie lives DEVICE_REMEMBER_DAYS from its last change (every login is one), so its
    # own expiry never ends a busy session: the server ends it PERMANENT_SESSION_LIFETIME
    # after the login.
    row = sessions.lookup(
        db,
        token,
        current_app.config["IDLE_TIMEOUT_SECONDS"],
        max_age=current_app.permanent_session_lifetime.total_seconds(),
    )
    if row is None:
        session.pop("auth", None)
        return
    # What the live channel's tickets are bound to (push_link): this login, by when it began
    # (with its person: no secret, and never the same for a later login, as a rowid may be).
    g.session_started = row["created_at"]
    if row["teacher_id"] is not None:
        teacher = teachers.get(db, row["teacher_id"])
        # A disabled account's sessions end at once, whatever the cookie says.
        g.teacher = teacher if teachers.is_active(teacher) else None
        if g.teacher is None:
            session.pop("auth", None)
    else:
        g.pupil = pupils.get(db, row["pupil_id"])


def _start(**who) -> None:
    old = session.get("auth")
    if old:
        sessions.delete(get_db(), old)
    kept = {k: session[k] for k in KEEP_ACROSS_LOGIN if k in session}
    session.clear()
    session.update(kept)
    session.permanent = True
    session["auth"] = sessions.create(get_db(), **who)
    _new_csrf_token()


def _new_csrf_token() -> None:
    # Made here, not by the next page: requests a browser sends beside that page (the service
    # worker's script, a prefetch) carry this cookie, and must carry the same token.
    g.pop(csrf.FIELD, None)
    generate_csrf()


def login_teacher(teacher_id: int) -> None:
    _start(teacher_id=teacher_id)


def login_pupil(pupil_id: int) -> None:
    _start(pupil_id=pupil_id)


def logout() -> None:
    security_log.event("logout", **security_log.logged_in())
    token = session.get("auth")
    if token:
        sessions.delete(get_db(), token)
    kept = {k: session[k] for k in KEEP_ACROSS_LOGIN if k in session}
    session.clear()
    session.update(kept)
    session.permanent = "device" in kept  # the device stays remembered
    _new_csrf_token()
    g.teacher = None
    g.pupil = None


def _send_to(url: str):
    # An htmx request whose session has expired must not get the login page swapped into
    # a fragment's place: ask for a full page load instead.
    if htmx.hx().is_htmx:
        return htmx.full_reload(url)
    return redirect(url)


def _return_path() -> str | None:
    """Where to come back to after logging in: this page, or for a form post the page the
    form was on (never the post's own address, which cannot be opened)."""
    if request.method != "POST":
        return urls.here()
    current = htmx.hx().current_url
    return urlsplit(current).path if current else None


def teacher_required(view):
    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.teacher is None:
            return _send_to(url_for("auth.login", next=_return_path()))
        return view(**kwargs)

    return wrapped


def admin_required(view):
    """The school's administrator only; another teacher is refused (403), nobody is sent
    to log in."""

    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.teacher is None:
            return _send_to(url_for("auth.login", next=_return_path()))
        if not teachers.is_admin(g.teacher):
            security_log.event("not_admin", teacher=g.teacher["id"])
            abort(403)
        return view(**kwargs)

    return wrapped


def pupil_required(view):
    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.pupil is None:
            return _send_to(url_for("pupil_login.join"))
        return view(**kwargs)

    return wrapped


def teacher_id() -> int:
    if g.teacher is None:
        abort(403)
    return g.teacher["id"]


def init_app(app) -> None:
    app.before_request(load_user)
