"""The administrator's page of sign-in providers (issue 25): add one by its issuer, client id
and secret and the claims that make a teacher and a pupil; remove one. The secret is sealed
as it arrives (trainer.store.oidc_providers) and no page ever shows it again."""
from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timezone
from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, g, redirect, request, url_for
from flask_babel import gettext as _, ngettext

from trainer.store import oidc_providers
from trainer.web.core import htmx, login, security_log
from trainer.web.db import get_db

bp = Blueprint("school_signin", __name__)

LIMITS = {"name": 40, "issuer": 300, "client_id": 200, "secret": 500, "scopes": 200,
          "teacher_claim": 80, "teacher_value": 200, "pupil_claim": 80, "pupil_value": 200}
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


def form_errors(form) -> dict:
    errors = {}
    for name, limit in LIMITS.items():
        value = form.get(name, "")
        if len(value) > limit:
            errors[name] = ngettext("Use at most %(num)d character.", "Use at most %(num)d characters.", limit)
        elif not _plain(value):
            errors[name] = _("This contains characters that cannot be used here.")
    if errors:
        return errors
    get = lambda name: form.get(name, "").strip()  # noqa: E731
    if not get("name"):
        errors["name"] = _("Please enter the name shown on the sign-in button.")
    issuer_error = _issuer_error(get("issuer"))
    if issuer_error:
        errors["issuer"] = issuer_error
    elif oidc_providers.issuer_taken(get_db(), get("issuer")):
        errors["issuer"] = _("This school already signs in with this issuer.")
    if not get("client_id") or not get("client_id").isascii() or " " in get("client_id"):
        errors["client_id"] = _("Please enter the client id the provider gave you.")
    if not form.get("secret", ""):
        errors["secret"] = _("Please enter the client secret the provider gave you.")
    if get("scopes") and not all(SCOPE.fullmatch(s) for s in get("scopes").split()):
        errors["scopes"] = _("Scopes are words separated by spaces, such as groups.")
    if not CLAIM.fullmatch(get("teacher_claim")):
        errors["teacher_claim"] = _("Please enter the claim that says someone is a teacher, such as aktoer_gruppe or email.")
    if not get("teacher_value"):
        errors["teacher_value"] = _("Please enter the value that makes a teacher, such as Medarbejder or @school.example.")
    if get("pupil_claim") and not CLAIM.fullmatch(get("pupil_claim")):
        errors["pupil_claim"] = _("A claim is one word, such as aktoer_gruppe.")
    if get("pupil_claim") and not get("pupil_value"):
        errors["pupil_value"] = _("Please enter the value that makes a pupil, such as Elev.")
    if get("pupil_value") and not get("pupil_claim"):
        errors["pupil_claim"] = _("Please enter the claim this value belongs to.")
    return errors


def _page(errors=None, form=None, status=200):
    return htmx.render("signin/providers.html", "signin/_providers.html",
                       providers=oidc_providers.list_all(get_db()), errors=errors or {},
                       form=form or {}, callback=lambda pid: url_for("signin.callback", provider_id=pid,
                                                                       _external=True)), status


@bp.route("/school/sign-in", methods=["GET", "POST"])
@login.admin_required
def index():
    if request.method == "GET":
        return _page()
    errors = form_errors(request.form)
    # The secret is never sent back into the form, not even after an error.
    form = {k: request.form.get(k, "") for k in LIMITS if k != "secret"}
    if errors:
        return _page(errors, form, 400)
    fields = {k: request.form.get(k, "").strip() for k in oidc_providers.FIELDS}
    fields["issuer"] = fields["issuer"]
    provider_id = oidc_providers.add(get_db(), secret_key=current_app.config["SECRET_KEY"],
                                     secret=request.form["secret"],
                                     now=datetime.now(timezone.utc).replace(tzinfo=None), **fields)
    security_log.event("oidc_provider_added", teacher=g.teacher["id"], provider=provider_id)
    flash(_("%(name)s is added. Teachers and pupils see its button on their login pages.", name=fields["name"]))
    return redirect(url_for("school_signin.index"), 303)


@bp.route("/school/sign-in/<int:provider_id>/remove", methods=["POST"])
@login.admin_required
def remove(provider_id: int):
    if not oidc_providers.remove(get_db(), provider_id):
        return _page({"remove": _("There is no such sign-in service.")}, status=404)
    security_log.event("oidc_provider_removed", teacher=g.teacher["id"], provider=provider_id)
    flash(_("The sign-in service is removed. Its accounts can no longer sign in here."))
    return redirect(url_for("school_signin.index"), 303)
