"""Teachers register, log in and log out."""

from __future__ import annotations

import unicodedata

from flask import Blueprint, current_app, flash, g, request, session, url_for

from trainer.store import passwords, school_settings, teachers
from trainer.web.core import guessing, htmx, login, security_log
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.core.urls import safe_next
from trainer.web.db import get_db
from trainer.web.signin import views as signin

bp = Blueprint("auth", __name__)

MAX_NAME = 60
MAX_EMAIL = 254


def register_errors(form) -> dict:
    errors = {}
    name = form.get("display_name", "").strip()
    email = form.get("email", "").strip()
    if not name:
        errors["display_name"] = _("Please enter your name.")
    elif len(name) > MAX_NAME:
        errors["display_name"] = ngettext("Use at most %(num)d character.", "Use at most %(num)d characters.", MAX_NAME)
    elif any(unicodedata.category(ch).startswith("C") for ch in name):
        # NUL, right-to-left overrides and other invisible controls: the name is shown to
        # others later (dashboards) and must read as what it is.
        errors["display_name"] = _("Your name contains characters that cannot be shown.")
    if not email or "@" not in email or len(email) > MAX_EMAIL or " " in email:
        errors["email"] = _("Please enter a valid e-mail address.")
    errors.update(_new_password_errors(form))
    return errors


def _new_password_errors(form) -> dict:
    """The rules for a new password (fields `password` and `password2`), at registration and
    when it is changed."""
    password = form.get("password", "")
    if len(password) < passwords.MIN_LENGTH:
        return {
            "password": ngettext(
                "Use at least %(num)d character.", "Use at least %(num)d characters.", passwords.MIN_LENGTH
            )
        }
    if len(password) > passwords.MAX_LENGTH:
        return {
            "password": ngettext(
                "Use at most %(num)d character.", "Use at most %(num)d characters.", passwords.MAX_LENGTH
            )
        }
    if password != form.get("password2", ""):
        return {"password2": _("The two passwords are not the same.")}
    return {}


def open_registration() -> bool:
    """May anyone create a teacher account here? The administrator's choice, else the
    installation's default (config OPEN_REGISTRATION)."""
    return school_settings.get_flag(get_db(), "open_registration", current_app.config["OPEN_REGISTRATION"])


@bp.route("/register", methods=["GET", "POST"])
def register():
    if not open_registration():
        # A POST creates nothing; the page says how teachers join instead.
        if request.method == "POST":
            security_log.event("registration_closed")
        return htmx.render(
            "auth/register_closed.html", "auth/_register_closed.html"
        ), 403 if request.method == "POST" else 200
    errors, form = {}, {}
    if request.method == "POST":
        form = request.form
        errors = register_errors(form)
        if not errors:
            db = get_db()
            try:
                teacher_id = teachers.create(
                    db,
                    form["email"],
                    form["display_name"],
                    passwords.hash_password(form["password"]),
                    language=session.get("lang"),
                )
            except teachers.EmailTaken:
                errors["email"] = _("There is already an account with this e-mail address.")
            else:
                guessing.remember_teacher_device(teacher_id)
                login.login_teacher(teacher_id)
                return htmx.full_reload(url_for("classes.index"))
        status = 400
    else:
        status = 200
    return htmx.render(
        "auth/register.html", "auth/_register_form.html", errors=errors, form=form, min_length=passwords.MIN_LENGTH
    ), status


@bp.route("/login", methods=["GET", "POST"], endpoint="login")
def login_view():
    error, email, locked = None, "", 0
    next_url = safe_next(request.values.get("next"))
    if request.method == "POST":
        db = get_db()
        email = request.form.get("email", "").strip()[:MAX_EMAIL]
        password = request.form.get("password", "")
        teacher = teachers.by_email(db, email) if email else None
        account = teacher["id"] if teacher else "unknown"
        # Per address, or per address on a device the teacher logged in from (guessing.py).
        lock = guessing.teacher_lock(teacher, email)

        def check() -> bool:
            if teacher is None:
                passwords.burn_time(password[: passwords.MAX_LENGTH])
                return False
            # Checked exactly as typed: a longer one is wrong, but still spends a check's time.
            right = passwords.verify(teacher["password_hash"], password[: passwords.MAX_LENGTH])
            return right and len(password) <= passwords.MAX_LENGTH

        tried = guessing.attempt(
            lock, check, throttled="teacher_login_throttled", failed="teacher_login_failed", teacher=account
        )
        locked = tried.wait
        if tried.right and not teachers.is_active(teacher):
            # Only someone who knows the password learns that the account is switched off.
            security_log.event("teacher_login_disabled", teacher=teacher["id"])
            error = _("Your school's administrator has switched this account off.")
        elif tried.right:
            if passwords.needs_rehash(teacher["password_hash"]):
                teachers.upgrade_hash(db, teacher["id"], passwords.hash_password(password))
            guessing.remember_teacher_device(teacher["id"])
            login.login_teacher(teacher["id"])
            security_log.event("teacher_login", teacher=teacher["id"])
            return htmx.full_reload(next_url or url_for("classes.index"))
        else:
            error = guessing.lock_message(locked) if locked else _("E-mail address or password is wrong.")
    status = 429 if locked else 400 if error else 200
    return htmx.render(
        "auth/login.html",
        "auth/_login_form.html",
        error=error,
        email=email,
        next_url=next_url,
        open_registration=open_registration(),
        providers=signin.signin_providers("teacher"),
    ), status


@bp.route("/logout", methods=["POST"])
def logout():
    # Signed in with a provider: its session ends too, at its end_session_endpoint (issue 25).
    at_provider = signin.provider_logout_url()
    login.logout()
    return htmx.full_reload(at_provider or url_for("pages.home"))


@bp.route("/account/password", methods=["GET", "POST"])
@login.teacher_required
def change_password():
    """ASVS 5.0 V6.2.2/V6.2.3: the current password and a new one; V7.4.3: every other session
    of the account ends (a lost laptop that is still logged in is logged out)."""
    errors, status = {}, 200
    if request.method == "POST":
        db = get_db()
        teacher = g.teacher
        # The same counter as the login form: this form must not be a way round its throttle.
        lock = guessing.teacher_lock(teacher, teacher["email"])
        current = request.form.get("current", "")[: passwords.MAX_LENGTH + 1]
        tried = guessing.attempt(
            lock,
            lambda: len(current) <= passwords.MAX_LENGTH and passwords.verify(teacher["password_hash"], current),
            throttled="password_change_throttled",
            failed="password_change_failed",
            teacher=teacher["id"],
        )
        if tried.refused:
            errors["current"], status = guessing.lock_message(tried.refused), 429
        elif not tried.right:
            errors["current"] = (
                guessing.lock_message(tried.locked) if tried.locked else _("That is not your current password.")
            )
            status = 429 if tried.locked else 400
        else:
            errors, status = _new_password_errors(request.form), 400
        if not errors:
            teachers.replace_password(db, teacher["id"], passwords.hash_password(request.form["password"]))
            login.login_teacher(teacher["id"])
            security_log.event("password_changed", teacher=teacher["id"])
            flash(_("Your password has been changed. Everywhere else you are now logged out."))
            return htmx.full_reload(url_for("classes.index"))
    return htmx.render(
        "auth/password.html", "auth/_password_form.html", errors=errors, min_length=passwords.MIN_LENGTH
    ), status
