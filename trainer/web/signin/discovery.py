"""The administrator's check of a sign-in service as it is saved (issue 34): its discovery
document is fetched and read, and anything that would make every sign-in fail later is said
now, in the administrator's words — Entra's shared `common` address, an issuer typed with one
character different, a document without the endpoints a sign-in needs, or a plain-http one.
The sign-in itself (trainer.web.signin.flow) checks the issuer again every time."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import requests

from trainer.web.core.i18n import gettext as _

TIMEOUT_SECONDS = 10
MAX_BYTES = 256 * 1024
# What the authorization-code flow reads from the document.
ENDPOINTS = ("authorization_endpoint", "token_endpoint", "jwks_uri")
OPTIONAL_ENDPOINTS = ("userinfo_endpoint", "end_session_endpoint")
LOOPBACK = {"localhost", "127.0.0.1", "::1"}


def url_of(issuer: str) -> str:
    return issuer.rstrip("/") + "/.well-known/openid-configuration"


def fetch(issuer: str) -> tuple[dict | None, list[str]]:
    """The discovery document, or None and what is wrong with reading it."""
    url = url_of(issuer)
    try:
        response = requests.get(
            url, timeout=TIMEOUT_SECONDS, allow_redirects=False, headers={"Accept": "application/json"}, stream=True
        )
        body = response.raw.read(MAX_BYTES + 1, decode_content=True)
        response.close()
    except requests.RequestException:
        return None, [
            _(
                "Nothing answered at %(url)s. Check the issuer address; if it is right, "
                "the service may be down just now.",
                url=url,
            )
        ]
    if response.status_code != 200:
        return None, [
            _(
                "%(url)s answered with status %(status)d instead of the discovery document. Check the issuer address.",
                url=url,
                status=response.status_code,
            )
        ]
    try:
        document = json.loads(body) if len(body) <= MAX_BYTES else None
    except ValueError:
        document = None
    if not isinstance(document, dict):
        return None, [
            _("%(url)s answered, but not with an OpenID Connect discovery document. Check the issuer address.", url=url)
        ]
    return document, []


def _secure(address: str, issuer: str) -> bool:
    parts = urlsplit(address)
    if parts.scheme == "https":
        return True
    # Plain http only where the issuer itself is this machine: a test or a trial.
    return parts.scheme == "http" and parts.hostname in LOOPBACK and urlsplit(issuer).hostname in LOOPBACK


def problems(issuer: str, document: dict) -> list[str]:
    """What makes sign-ins with this document fail, in the administrator's words."""
    found = []
    named = document.get("issuer")
    if not isinstance(named, str) or not named:
        found.append(_("The discovery document names no issuer: this is not an OpenID Connect service."))
    elif "{tenantid}" in named.lower() or "{tenant}" in named.lower():
        found.append(
            _(
                "This is Microsoft's shared address for every organisation (common or "
                "organizations): its sign-ins come from each school's own tenant, so they "
                "cannot be checked against it. Enter your tenant's own address instead: "
                "https://login.microsoftonline.com/ followed by your tenant id and /v2.0."
            )
        )
    elif named != issuer:
        found.append(
            _(
                "The discovery document names the issuer %(named)s, not %(entered)s. Enter it "
                "exactly as the document names it (a / at the end counts).",
                named=named,
                entered=issuer,
            )
        )
    for name in ENDPOINTS:
        address = document.get(name)
        if not isinstance(address, str) or not address:
            found.append(
                _("The discovery document names no %(name)s: sign-ins cannot work with this service.", name=name)
            )
        elif not _secure(address, issuer):
            found.append(_("The discovery document's %(name)s does not start with https://.", name=name))
    for name in OPTIONAL_ENDPOINTS:
        address = document.get(name)
        if isinstance(address, str) and address and not _secure(address, issuer):
            found.append(_("The discovery document's %(name)s does not start with https://.", name=name))
    types = document.get("response_types_supported")
    if isinstance(types, list) and "code" not in types:
        found.append(
            _(
                "This service does not offer the authorization code flow (response type "
                "code) that this app signs in with."
            )
        )
    return found


def check(issuer: str) -> list[str]:
    document, found = fetch(issuer)
    return found if document is None else problems(issuer, document)
