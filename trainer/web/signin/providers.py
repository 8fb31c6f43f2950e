"""The administrator's page of sign-in providers (issue 25): add one by its issuer, client id
and secret and the claims that make a teacher and a pupil; remove one. The secret is sealed
as it arrives (trainer.store.oidc_providers) and no page ever shows it again."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timezone
from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, g, redirect, request, url_for

from trainer.store import oidc_providers, oidc_teacher_names, school_admin
from trainer.web.core import htmx, login, security_log
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.db import get_db
from trainer.web.signin import discovery, flow, messages

bp = Blueprint("school_signin", __name__)

LIMITS = {
    "name": 40,
    "issuer": 300,
    "client_id": 200,
    "secret": 500,
    "scopes": 200,
    "teacher_claim": 80,
    "teacher_value": 200,
    "pupil_claim": 80,
    "pupil_value": 200,
}
CLAIM = re.compile(r"[A-Za-z0-9_.:/-]+")
SCOPE = re.compile(r"[A-Za-z0-9_.:/-]+")
# Only for a provider on this machine (a test or a trial): anywhere else, https.
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}


def _plain(text: str) -> bool:
    return not any(unicodedata.category(ch).startswith("C") for ch in text)


def _issuer_error(issuer: str) -> str | None:
    try:
        parts = urlsplit(issuer)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        return _("Please enter the issuer's address, starting with https://.")
    if not issuer.isascii() or " " in issuer or parts.query or parts.fragment or not host:
        return _("Please enter the issuer's address, starting with https://.")
    if parts.scheme != "https" and not (parts.scheme == "http" and host in LOCAL_HOSTS):
        return _("Please enter the issuer's address, starting with https://.")
    return None


def form_errors(form) -> dict:  # noqa: C901 - one check per field, in the form's order
    errors = {}
    for name, limit in LIMITS.items():
        value = form.get(name, "")
        if len(value) > limit:
            errors[name] = ngettext("Use at most %(num)d character.", "Use at most %(num)d characters.", limit)
        elif not _plain(value):
            errors[name] = _("This contains characters that cannot be used here.")
    if errors:
        return errors
    get = lambda name: form.get(name, "").strip()
    if not get("name"):
        errors["name"] = _("Please enter the name shown on the sign-in button.")
    issuer_error = _issuer_error(get("issuer"))
    if issuer_error:
        errors["issuer"] = issuer_error
    if not get("client_id") or not get("client_id").isascii() or " " in get("client_id"):
        errors["client_id"] = _("Please enter the client id the provider gave you.")
    elif not issuer_error and oidc_providers.client_taken(get_db(), get("issuer"), get("client_id")):
        # Another client id of the same issuer is fine: a lightweight and a full login.
        errors["client_id"] = _("This school already signs in with this client id of this issuer.")
    if form.get("teacher_match", "email") not in oidc_providers.TEACHER_MATCHES:
        errors["teacher_match"] = _("Please choose one of the listed ways.")
    if not form.get("secret", ""):
        errors["secret"] = _("Please enter the client secret the provider gave you.")
    if get("scopes") and not all(SCOPE.fullmatch(s) for s in get("scopes").split()):
        errors["scopes"] = _("Scopes are words separated by spaces, such as groups.")
    if not CLAIM.fullmatch(get("teacher_claim")):
        errors["teacher_claim"] = _(
            "Please enter the claim that says someone is a teacher, such as aktoer_gruppe or email."
        )
    if not get("teacher_value"):
        errors["teacher_value"] = _(
            "Please enter the value that makes a teacher, such as Medarbejder or @school.example."
        )
    if get("pupil_claim") and not CLAIM.fullmatch(get("pupil_claim")):
        errors["pupil_claim"] = _("A claim is one word, such as aktoer_gruppe.")
    if get("pupil_claim") and not get("pupil_value"):
        errors["pupil_value"] = _("Please enter the value that makes a pupil, such as Elev.")
    if get("pupil_value") and not get("pupil_claim"):
        errors["pupil_claim"] = _("Please enter the claim this value belongs to.")
    return errors


def _page(errors=None, form=None, status=200):
    db = get_db()
    return htmx.render(
        "signin/providers.html",
        "signin/_providers.html",
        providers=oidc_providers.list_all(db),
        errors=errors or {},
        form=form or {},
        callback=lambda pid: url_for("signin.callback", provider_id=pid, _external=True),
        teacher_names=lambda pid: oidc_teacher_names.list_for(db, pid),
        school_teachers=[t for t in school_admin.list_teachers(db) if not t["disabled_at"]],
        matches=match_words(),
    ), status


def match_words() -> dict[str, str]:
    """The ways a teacher's account is found the first time, as the form offers them."""
    return {
        "email": _("E-mail address (email), only when the service says it is verified"),
        "preferred_username": _("User name (preferred_username), as Microsoft Entra ID sends it"),
        "upn": _("User principal name (upn), as Microsoft Entra ID sends it"),
        "uniid": _("Unilogin user id (uniid), as Unilogin's full login sends it"),
        "subject": _("None: each teacher logs in with their password once to link"),
    }


@bp.route("/school/sign-in", methods=["GET", "POST"])
@login.admin_required
def index():
    if request.method != "POST":
        return _page()
    errors = form_errors(request.form)
    # The secret is never sent back into the form, not even after an error.
    form = {k: request.form.get(k, "") for k in (*LIMITS, "teacher_match") if k != "secret"}
    if errors:
        return _page(errors, form, 400)
    # Fetched now, so a wrong address is said to the administrator, not to the first teacher.
    found = discovery.check(request.form["issuer"].strip())
    if found:
        security_log.event("oidc_provider_refused", teacher=g.teacher["id"], problems=len(found))
        return _page({"issuer": " ".join(found)}, form, 400)
    fields = {k: request.form.get(k, "").strip() for k in oidc_providers.FIELDS}
    provider_id = oidc_providers.add(
        get_db(),
        secret_key=current_app.config["SECRET_KEY"],
        secret=request.form["secret"],
        now=datetime.now(timezone.utc).replace(tzinfo=None),
        **fields,
    )
    security_log.event("oidc_provider_added", teacher=g.teacher["id"], provider=provider_id)
    flash(
        _(
            "%(name)s is added. Teachers and pupils see its button on their login pages. "
            "Try it with its test sign-in below.",
            name=fields["name"],
        )
    )
    return redirect(url_for("school_signin.index"), 303)


@bp.route("/school/sign-in/<int:provider_id>/remove", methods=["POST"])
@login.admin_required
def remove(provider_id: int):
    if not oidc_providers.remove(get_db(), provider_id):
        return _page({"remove": _("There is no such sign-in service.")}, status=404)
    security_log.event("oidc_provider_removed", teacher=g.teacher["id"], provider=provider_id)
    flash(_("The sign-in service is removed. Its accounts can no longer sign in here."))
    return redirect(url_for("school_signin.index"), 303)


@bp.route("/school/sign-in/<int:provider_id>/test")
@login.admin_required
def test(provider_id: int):
    """The administrator's test sign-in: a link, like the login pages' buttons (the CSP keeps a
    form's answer from leading off the site). The callback shows what came back and links
    nothing (trainer.web.signin.views)."""
    provider = oidc_providers.get(get_db(), provider_id)
    if provider is None:
        return _page({"remove": _("There is no such sign-in service.")}, status=404)
    try:
        return redirect(flow.start(provider, flow.TEST), 303)
    except flow.Refused as err:
        return _page({"test": (provider_id, messages.refusal(err.reason))}, status=400)


@bp.route("/school/sign-in/<int:provider_id>/names", methods=["POST"])
@login.admin_required
def add_name(provider_id: int):
    """A teacher's value of the service's identifying claim (a uniid): the first sign-in with
    it then proposes that teacher's account."""
    db = get_db()
    provider = oidc_providers.get(db, provider_id)
    if provider is None:
        return _page({"remove": _("There is no such sign-in service.")}, status=404)
    teacher_id = request.form.get("teacher_id", "")
    value = request.form.get("value", "").strip()
    active = {str(t["id"]) for t in school_admin.list_teachers(db) if not t["disabled_at"]}
    error = None
    if teacher_id not in active:
        error = _("Please choose a teacher of this school.")
    elif not value or len(value) > LIMITS["teacher_value"] or not _plain(value):
        error = _("Please enter the value the service sends for this teacher.")
    if error is None:
        try:
            oidc_teacher_names.add(
                db,
                provider_id=provider_id,
                teacher_id=int(teacher_id),
                value=value,
                now=datetime.now(timezone.utc).replace(tzinfo=None),
            )
        except oidc_teacher_names.Taken:
            error = _("This teacher, or this value, has one at this service already: remove it first.")
    if error:
        return _page({"names": (provider_id, error)}, {"name_value": value}, 400)
    security_log.event("oidc_teacher_name_added", teacher=g.teacher["id"], provider=provider_id, named=int(teacher_id))
    flash(_("Saved. That teacher's first sign-in with %(name)s now proposes their account.", name=provider["name"]))
    return redirect(url_for("school_signin.index") + f"#provider-{provider_id}", 303)


@bp.route("/school/sign-in/<int:provider_id>/names/remove", methods=["POST"])
@login.admin_required
def remove_name(provider_id: int):
    name_id = request.form.get("name_id", "")
    if (
        not name_id.isascii()
        or not name_id.isdigit()
        or len(name_id) > 18
        or not oidc_teacher_names.remove(get_db(), provider_id, int(name_id))
    ):
        return _page({"remove": _("There is no such value.")}, status=404)
    security_log.event("oidc_teacher_name_removed", teacher=g.teacher["id"], provider=provider_id)
    flash(_("Removed."))
    return redirect(url_for("school_signin.index") + f"#provider-{provider_id}", 303)
