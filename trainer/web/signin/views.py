"""Sign in with a school's provider: the start, the callback, and the first sign-in's link.

A teacher's or pupil's provider account is linked once (trainer.store.oidc_links) and signs
in directly after that. The first time, a teacher whose verified e-mail is a known account's
enters that account's password once; a pupil types the class code and taps the picture
password once, then answers "was that you?" (trainer.web.signin.pupil_link: why a pupil's
pending link runs out, ends at any other login or logout, and is never used unasked). Until
then the pending link lives in the signed session only: a refused or abandoned sign-in stores
nothing.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask import Blueprint, abort, flash, redirect, request, session, url_for
from flask_babel import gettext as _

from trainer.store import classes, oidc_links, oidc_providers, passwords, pupils, teachers, throttle
from trainer.web.core import guessing, htmx, login, security_log
from trainer.web.db import get_db
from trainer.web.signin import flow, messages, pupil_link, roles

bp = Blueprint("signin", __name__)

PENDING_TEACHER = "oidc_teacher"
LOGOUT = "oidc_logout"
STARTED_AS = "oidc_role"    # who started the last sign-in here, for a refusal's way back


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


@bp.app_template_global("signin_providers")
def signin_providers(role: str) -> list[dict]:
    """The providers whose buttons a login page shows (a pupil button only where the school
    has a pupil rule or none at all)."""
    return [{"id": p["id"], "name": p["name"]} for p in oidc_providers.list_all(get_db())]


def _refused(reason: str, status: int = 400, role: str | None = None):
    security_log.event("oidc_refused", reason=reason)
    return htmx.render("signin/refused.html", "signin/_refused.html",
                       message=messages.refusal(reason), role=role), status


def _provider(provider_id: int) -> dict:
    provider = oidc_providers.get(get_db(), provider_id)
    if provider is None:
        return None
    return provider


@bp.route("/signin/<int:provider_id>/<role>")
def start(provider_id: int, role: str):
    """A link, not a form: the page's CSP (form-action 'self') keeps a form's answer from
    leading to the provider's site. Starting a sign-in changes nothing but this session's
    pending `state`, so a forged link can at most make someone sign in as themselves."""
    if role not in flow.ROLES:
        abort(404)
    provider = _provider(provider_id)
    if provider is None:
        return _refused(flow.UNKNOWN_PROVIDER, 404, role)
    try:
        url = flow.start(provider, role)
    except flow.Refused as err:
        return _refused(err.reason, 400, role)
    session[STARTED_AS] = role
    return redirect(url, 303)


@bp.route("/signin/<int:provider_id>/callback")
def callback(provider_id: int):
    # A refusal shows the way back of whoever was signing in (issue 34): the role saved with
    # this `state`, or else the one this browser last started; neither known, both ways.
    role = flow.started_role(provider_id, request.args.get("state", ""))
    if role is None and session.get(STARTED_AS) in flow.ROLES:
        role = session[STARTED_AS]
    provider = _provider(provider_id)
    if provider is None:
        return _refused(flow.UNKNOWN_PROVIDER, 404, role)
    try:
        signed = flow.finish(provider)
    except flow.Refused as err:
        return _refused(err.reason, 400, role)
    if not roles.role_allowed(provider, signed.claims, signed.role):
        return _refused("role_" + signed.role, 403, signed.role)
    if signed.role == "teacher":
        return _teacher(signed)
    return _pupil(signed)


def _remember_logout(signed: flow.SignedIn) -> None:
    # After login (which starts a fresh session): what logout needs to end the provider's too.
    session[LOGOUT] = {"provider": signed.provider["id"], "id_token": signed.id_token}


def _teacher(signed: flow.SignedIn):
    db = get_db()
    issuer, subject = signed.provider["issuer"], signed.claims["sub"]
    found = oidc_links.find(db, issuer, subject)
    if found is not None:
        if found["teacher_id"] is None:
            return _refused("linked_elsewhere", 409, "teacher")
        teacher = teachers.get(db, found["teacher_id"])
        if not teachers.is_active(teacher):
            return _refused("disabled", 403, "teacher")
        login.login_teacher(teacher["id"])
        _remember_logout(signed)
        security_log.event("teacher_login", teacher=teacher["id"], via="oidc")
        return redirect(url_for("classes.index"), 303)
    email = signed.claims.get("email")
    teacher = None
    if isinstance(email, str) and signed.claims.get("email_verified") is not False and len(email) <= 254:
        teacher = teachers.by_email(db, email)
    if teacher is None:
        # Nothing is created: teachers join by their administrator's invitation (docs/schools.md).
        security_log.event("oidc_unknown_teacher", provider=signed.provider["id"])
        return htmx.render("signin/ask_admin.html", "signin/_ask_admin.html",
                           provider=signed.provider), 403
    session[PENDING_TEACHER] = {"provider": signed.provider["id"], "issuer": issuer,
                                "sub": subject, "teacher": teacher["id"], "id_token": signed.id_token}
    return redirect(url_for("signin.link_teacher"), 303)


@bp.route("/signin/link", methods=["GET", "POST"])
def link_teacher():
    """A known teacher's first sign-in: the account's password once, then the link is made."""
    pending = session.get(PENDING_TEACHER)
    db = get_db()
    teacher = teachers.get(db, pending["teacher"]) if isinstance(pending, dict) else None
    provider = oidc_providers.get(db, pending["provider"]) if teacher else None
    if teacher is None or provider is None:
        session.pop(PENDING_TEACHER, None)
        return _refused(flow.STATE, 400, "teacher")
    error, status = None, 200
    if request.method == "POST":
        lock = guessing.teacher_lock(teacher, teacher["email"])
        refused, locked = throttle.claim(db, lock.key, lock.free, lock.base, lock.cap)
        password = request.form.get("password", "")
        if refused:
            from trainer.web.teachers.auth import lock_message
            error, status = lock_message(refused), 429
        elif len(password) > passwords.MAX_LENGTH or not passwords.verify(teacher["password_hash"], password):
            error, status = _("That is not your password."), 400
            security_log.event("oidc_link_failed", teacher=teacher["id"])
        elif not teachers.is_active(teacher):
            return _refused("disabled", 403, "teacher")
        else:
            throttle.reset(db, lock.key)
            try:
                oidc_links.link(db, provider_id=provider["id"], issuer=pending["issuer"],
                                subject=pending["sub"], teacher_id=teacher["id"], now=_now())
            except oidc_links.AlreadyLinked:
                session.pop(PENDING_TEACHER, None)
                return _refused("linked_elsewhere", 409, "teacher")
            login.login_teacher(teacher["id"])
            session[LOGOUT] = {"provider": provider["id"], "id_token": pending["id_token"]}
            security_log.event("oidc_linked", teacher=teacher["id"], provider=provider["id"])
            flash(_("From now on you can sign in with %(provider)s.", provider=provider["name"]))
            return htmx.full_reload(url_for("classes.index"))
    return htmx.render("signin/link.html", "signin/_link.html", provider=provider,
                       email=teacher["email"], error=error), status


def _pupil(signed: flow.SignedIn):
    db = get_db()
    issuer, subject = signed.provider["issuer"], signed.claims["sub"]
    found = oidc_links.find(db, issuer, subject)
    if found is not None:
        pupil = pupils.get(db, found["pupil_id"]) if found["pupil_id"] else None
        klass = classes.get(db, pupil["class_id"]) if pupil else None
        if pupil is None or klass is None or klass["archived_at"] or pupil.get("archived_at"):
            return _refused("role_pupil", 403, "pupil")
        login.login_pupil(pupil["id"])
        _remember_logout(signed)
        security_log.event("pupil_login", pupil=pupil["id"], via="oidc")
        return redirect(url_for("pupil_home.home"), 303)
    # Only the pseudonym waits in the session, for the class code and pictures.
    # What to do next is said on the login pages while it waits (signin/_pending.html).
    pupil_link.hold(signed.provider["id"], issuer, subject, signed.id_token)
    return redirect(url_for("pupil_login.join"), 303)


def remember_logout(data: dict | None) -> None:
    if data:
        session[LOGOUT] = data


def provider_logout_url() -> str | None:
    """Before the session is cleared: where to end the provider's session too, if anywhere."""
    data = session.get(LOGOUT)
    if not isinstance(data, dict) or not isinstance(data.get("provider"), int):
        return None
    provider = oidc_providers.get(get_db(), data["provider"])
    return flow.logout_url(provider, data.get("id_token")) if provider else None
