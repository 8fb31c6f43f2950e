"""Sign in with a school's provider: the start, the callback, and the first sign-in's link.

A teacher's or pupil's provider account is linked once (trainer.store.oidc_links) and signs
in directly after that. The first time, a teacher enters their account's password once: the
account the service's identifying claim proposes (trainer.web.signin.identity), or the one
whose e-mail address they type; a pupil types the class code and taps the picture password
once, then answers "was that you?" (trainer.web.signin.pupil_link: why a pupil's pending link
runs out, ends at any other login or logout, and is never used unasked). Until then the
pending link lives in the signed session only: a refused or abandoned sign-in stores nothing.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone

from flask import Blueprint, abort, flash, g, redirect, request, session, url_for

from trainer.store import classes, oidc_links, oidc_providers, oidc_teacher_names, passwords, pupils, teachers
from trainer.web.core import guessing, home_visit, htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.db import get_db
from trainer.web.signin import flow, identity, messages, pupil_link, roles

bp = Blueprint("signin", __name__)

PENDING_TEACHER = "oidc_teacher"
LOGOUT = "oidc_logout"
STARTED_AS = "oidc_role"  # who started the last sign-in here, for a refusal's way back
PENDING_SECONDS = 600  # a teacher's sign-in waits this long for the password that links it


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def signin_providers(role: str) -> list[dict]:
    """The providers whose buttons a login page shows (a pupil button only where the school
    has a pupil rule or none at all)."""
    return [{"id": p["id"], "name": p["name"]} for p in oidc_providers.list_all(get_db())]


def _refused(reason: str, status: int = 400, role: str | None = None):
    security_log.event("oidc_refused", reason=reason)
    return htmx.render(
        "signin/refused.html", "signin/_refused.html", message=messages.refusal(reason), role=role
    ), status


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
    if signed.role == flow.TEST:
        return _test_result(signed)
    if not roles.role_allowed(provider, signed.claims, signed.role):
        return _refused("role_" + signed.role, 403, signed.role)
    if signed.role == "teacher":
        return _teacher(signed)
    return _pupil(signed)


def _test_result(signed: flow.SignedIn):
    """The administrator's test sign-in: what the service sent and what this school would make
    of it. Nothing is linked, stored or logged in; only an administrator sees it."""
    if not teachers.is_admin(g.teacher):
        return _refused(flow.STATE, 403, "teacher")
    provider, claims = signed.provider, signed.claims
    value = identity.claimed_value(provider, claims)
    security_log.event("oidc_test_sign_in", provider=provider["id"])
    return htmx.render(
        "signin/test.html",
        "signin/_test.html",
        provider=provider,
        claim_names=sorted(claims),
        teacher=roles.role_allowed(provider, claims, "teacher"),
        pupil=roles.role_allowed(provider, claims, "pupil"),
        match=provider.get("teacher_match") or "email",
        value=value,
        proposed=_proposed_teacher(provider, claims),
    )


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
    # Not linked yet: the identifying claim may propose an account; either way nothing is
    # linked before that account's password is typed once (link_teacher).
    teacher = _proposed_teacher(signed.provider, signed.claims)
    security_log.event("oidc_link_pending", provider=signed.provider["id"], proposed=teacher["id"] if teacher else None)
    session[PENDING_TEACHER] = {
        "provider": signed.provider["id"],
        "issuer": issuer,
        "sub": subject,
        "teacher": teacher["id"] if teacher else None,
        "id_token": signed.id_token,
        "at": time.time(),
    }
    return redirect(url_for("signin.link_teacher"), 303)


def _proposed_teacher(provider: dict, claims: dict) -> dict | None:
    value = identity.claimed_value(provider, claims)
    if value is None:
        return None
    db = get_db()
    named = oidc_teacher_names.teacher_for(db, provider["id"], value)
    if named is not None:
        return teachers.get(db, named)
    if identity.compares_with_account_email(provider):
        return teachers.by_email(db, value)
    return None


def _pending_teacher() -> dict | None:
    """The sign-in waiting to be linked, while it is fresh (a staff-room computer left at
    this page must not link the next teacher who logs in there)."""
    pending = session.get(PENDING_TEACHER)
    if not isinstance(pending, dict) or not isinstance(pending.get("at"), (int, float)):
        return None
    if not 0 <= time.time() - pending["at"] <= PENDING_SECONDS:
        return None
    return pending


def _check_password(teacher: dict | None, email: str, password: str):
    """The teacher login's throttle and check: returns (teacher, error, status)."""

    def check() -> bool:
        if teacher is None:
            passwords.burn_time(password[: passwords.MAX_LENGTH])
            return False
        return len(password) <= passwords.MAX_LENGTH and passwords.verify(
            teacher["password_hash"], password[: passwords.MAX_LENGTH]
        )

    tried = guessing.attempt(
        guessing.teacher_lock(teacher, email),
        check,
        failed="oidc_link_failed",
        teacher=teacher["id"] if teacher else "unknown",
    )
    if tried.right:
        return teacher, None, 200
    if tried.wait:
        return None, guessing.lock_message(tried.wait), 429
    return (
        None,
        (_("That is not your password.") if teacher and not email else _("E-mail address or password is wrong.")),
        400,
    )


@bp.route("/signin/link", methods=["GET", "POST"])
def link_teacher():
    """A teacher's first sign-in with a service: their account's password once, then the
    link is made. The account is the one the identifying claim proposed, or, where none was,
    the one whose e-mail address the teacher types (like a pupil's class code)."""
    pending = _pending_teacher()
    db = get_db()
    provider = oidc_providers.get(db, pending["provider"]) if pending else None
    proposed = teachers.get(db, pending["teacher"]) if provider and pending.get("teacher") else None
    if provider is None:
        session.pop(PENDING_TEACHER, None)
        return _refused(flow.STATE, 400, "teacher")
    error, status, email = None, 200, ""
    if request.method == "POST" and request.form.get("cancel"):
        session.pop(PENDING_TEACHER, None)
        security_log.event("oidc_link_cancelled", provider=provider["id"])
        return htmx.full_reload(url_for("auth.login"))
    if request.method == "POST":
        password = request.form.get("password", "")
        if proposed is not None:
            teacher, error, status = _check_password(proposed, "", password)
        else:
            email = request.form.get("email", "").strip()[: identity.MAX_LENGTH]
            teacher, error, status = _check_password(teachers.by_email(db, email) if email else None, email, password)
        if teacher is not None and not teachers.is_active(teacher):
            return _refused("disabled", 403, "teacher")
        if teacher is not None:
            session.pop(PENDING_TEACHER, None)
            try:
                oidc_links.link(
                    db,
                    provider_id=provider["id"],
                    issuer=pending["issuer"],
                    subject=pending["sub"],
                    teacher_id=teacher["id"],
                    now=_now(),
                )
            except oidc_links.AlreadyLinked:
                return _refused("linked_elsewhere", 409, "teacher")
            guessing.remember_teacher_device(teacher["id"])
            login.login_teacher(teacher["id"])
            session[LOGOUT] = {"provider": provider["id"], "id_token": pending["id_token"]}
            security_log.event("oidc_linked", teacher=teacher["id"], provider=provider["id"])
            flash(_("From now on you can sign in with %(provider)s.", provider=provider["name"]))
            return htmx.full_reload(url_for("classes.index"))
    return htmx.render(
        "signin/link.html", "signin/_link.html", provider=provider, proposed=proposed, email=email, error=error
    ), status


def _pupil(signed: flow.SignedIn):
    db = get_db()
    issuer, subject = signed.provider["issuer"], signed.claims["sub"]
    found = oidc_links.find(db, issuer, subject)
    if found is not None:
        pupil = pupils.get(db, found["pupil_id"]) if found["pupil_id"] else None
        klass = classes.get(db, pupil["class_id"]) if pupil else None
        if pupil is None or klass is None or klass["archived_at"] or pupil.get("archived_at"):
            return _refused("role_pupil", 403, "pupil")
        if not home_visit.class_code_works(klass["id"]):
            # The class's way in, so the class's hours (issue 47.1): at home only the home QR.
            return _refused("after_school", 403, "pupil")
        login.login_pupil(pupil["id"])
        _remember_logout(signed)
        security_log.event("pupil_login", pupil=pupil["id"], via="oidc")
        return redirect(url_for("pupil_home.home"), 303)
    # Only the pseudonym waits in the session, for the class code and pictures.
    # What to do next is said on the login pages while it waits (signin/_pending.html).
    pupil_link.hold(signed.provider["id"], issuer, subject, signed.id_token, identity.account_words(signed.claims))
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
