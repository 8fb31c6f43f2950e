"""A teacher joins the school by the administrator's invitation link (issue 19): the same
registration form, and the account gets the link's role. Works whether or not open
registration is on.

The link `/invitations/<token>` only puts the token into this browser's session and sends it on
to `/invitation` (issue 38.2): the token then sits in no address bar, history, Referer or later
access-log line; the first request's line is masked by trainer.ops.log_paths."""

from __future__ import annotations

from datetime import datetime, timezone

from flask import Blueprint, redirect, request, session, url_for

from trainer.store import invitations, passwords, teachers
from trainer.web.core import guessing, htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.db import get_db
from trainer.web.teachers.auth import register_errors

bp = Blueprint("invitations", __name__)

MAX_TOKEN = 100  # token_urlsafe(24) is 32 characters; anything much longer is not one


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


SESSION_KEY = "invitation"


def _unusable():
    session.pop(SESSION_KEY, None)
    security_log.event("invitation_unusable")
    return htmx.render("auth/invitation_unusable.html", "auth/_invitation_unusable.html"), 410


def _usable(token) -> bool:
    return (
        isinstance(token, str) and len(token) <= MAX_TOKEN and invitations.find(get_db(), token, utc_now()) is not None
    )


@bp.route("/invitations/<token>")
def accept(token: str):
    """The link the administrator sends."""
    if not _usable(token):
        return _unusable()
    session[SESSION_KEY] = token
    return redirect(url_for("invitations.join"), 303)


@bp.route("/invitation", methods=["GET", "POST"])
def join():
    """The registration form of the invitation this browser opened."""
    token = session.get(SESSION_KEY)
    if not _usable(token):
        return _unusable()
    errors, form, status = {}, {}, 200
    if request.method == "POST":
        form = request.form
        errors = register_errors(form)
        if not errors:
            try:
                teacher_id = invitations.join(
                    get_db(),
                    token,
                    email=form["email"],
                    display_name=form["display_name"],
                    password_hash=passwords.hash_password(form["password"]),
                    now=utc_now(),
                    language=session.get("lang"),
                )
            except invitations.InvitationUnusable:
                return _unusable()  # used up a moment ago by someone else
            except teachers.EmailTaken:
                errors["email"] = _("There is already an account with this e-mail address.")
            else:
                security_log.event("teacher_joined", teacher=teacher_id)
                guessing.remember_teacher_device(teacher_id)
                login.login_teacher(teacher_id)  # a fresh session: the token goes with the old one
                return htmx.full_reload(url_for("classes.index"))
        status = 400
    return htmx.render(
        "auth/register.html",
        "auth/_register_form.html",
        errors=errors,
        form=form,
        min_length=passwords.MIN_LENGTH,
        action=url_for("invitations.join"),
        intro=_("You have been invited to teach at this school."),
    ), status
