"""The OpenID Connect authorization-code flow with Authlib's Flask client, one client per
school provider (its settings live in the database, so it is built per request, not
registered at start).

What Authlib does for us: the authorization URL with `state`, `nonce` and a PKCE S256
challenge, all kept in the signed session under the provider's own name and removed on the
first callback (a replayed `state` finds nothing); the token request with the code verifier;
the ID token's signature against the provider's JWKS (fetched again once for an unknown key
id) and its `nonce`, `azp` and `at_hash`. What we add: the issuer the discovery document
names must be the one the administrator entered, and the token's `iss` and `aud` are checked
against that issuer and our client id (Authlib checks `aud` only when told to).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import requests
from authlib.integrations.base_client import OAuthError
from authlib.integrations.flask_client import FlaskIntegration, FlaskOAuth2App
from flask import current_app, request, session, url_for
from joserfc import errors as jose_errors

from trainer.store import oidc_providers
from trainer.web.db import get_db

# Why a sign-in was refused; each has its own words (trainer.web.signin.messages).
UNKNOWN_PROVIDER = "unknown_provider"
PROVIDER_DOWN = "provider_down"
STATE = "state"
ISSUER = "issuer"
SIGNATURE = "signature"
AUDIENCE = "audience"
EXPIRED = "expired"
NONCE = "nonce"
CLAIMS = "claims"
DENIED = "denied"
SECRET = "secret"

ROLES = ("teacher", "pupil")
# The administrator's test sign-in: the teacher's scopes, and nothing is linked or logged in.
TEST = "test"
TIMEOUT_SECONDS = 10
METADATA_SECONDS = 300
LEEWAY_SECONDS = 30  # clocks differ a little; an ID token older than this is expired


class Refused(Exception):
    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class SignedIn:
    provider: dict
    role: str
    claims: dict
    id_token: str


def _client(provider: dict) -> FlaskOAuth2App:
    try:
        secret = oidc_providers.client_secret(get_db(), provider["id"], current_app.config["SECRET_KEY"])
    except oidc_providers.SecretUnreadable:
        raise Refused(SECRET) from None
    # The discovery document (with the JWKS Authlib adds to it) is kept a few minutes per
    # app, so a sign-in costs no extra round trips; a changed issuer or client id starts afresh.
    cache = current_app.extensions.setdefault("oidc_metadata", {})
    key = (provider["id"], provider["issuer"], provider["client_id"])
    metadata = cache.get(key)
    if metadata is None or time.time() - metadata.get("_loaded_at", 0) > METADATA_SECONDS:
        metadata = cache[key] = {}
    client = FlaskOAuth2App(
        FlaskIntegration(f"oidc{provider['id']}"),
        name=f"oidc{provider['id']}",
        client_id=provider["client_id"],
        client_secret=secret,
        server_metadata_url=provider["issuer"].rstrip("/") + "/.well-known/openid-configuration",
        client_kwargs={"code_challenge_method": "S256", "default_timeout": TIMEOUT_SECONDS},
    )
    client.server_metadata = metadata
    return client


def _metadata(client: FlaskOAuth2App, provider: dict) -> dict:
    try:
        metadata = client.load_server_metadata()
    except (requests.RequestException, ValueError):
        raise Refused(PROVIDER_DOWN) from None
    if metadata.get("issuer") != provider["issuer"]:
        client.server_metadata.clear()
        raise Refused(ISSUER)
    return metadata


# What a teacher's sign-in asks for besides openid, for the claim that finds the account
# the first time: Entra sends preferred_username and upn with `profile`; a uniid comes with
# the scope the school names in its extra scopes; "subject" needs nothing.
MATCH_SCOPES = {"email": ["email"], "preferred_username": ["profile"], "upn": ["profile"]}


def scopes(provider: dict, role: str) -> str:
    # A pupil's sign-in asks for the pseudonym only, a teacher's for the claim that finds
    # the account the first time (plus, for both, what the school's role rule needs).
    match = provider.get("teacher_match") or "email"
    wanted = ["openid"] + (MATCH_SCOPES.get(match, []) if role in ("teacher", TEST) else [])
    wanted += [s for s in provider["scopes"].split() if s not in wanted]
    return " ".join(wanted)


def start(provider: dict, role: str):
    """The redirect to the provider's authorization endpoint."""
    client = _client(provider)
    _metadata(client, provider)
    redirect_uri = url_for("signin.callback", provider_id=provider["id"], _external=True)
    # A pupil signs in on a shared class tablet: the provider must ask who it is every time,
    # never hand the next child the last child's provider session (issue 34.1).
    extra = {"prompt": "login"} if role == "pupil" else {}
    try:
        rv = client.create_authorization_url(redirect_uri, scope=scopes(provider, role), **extra)
    except (requests.RequestException, ValueError, RuntimeError):
        raise Refused(PROVIDER_DOWN) from None
    client.save_authorize_data(redirect_uri=redirect_uri, role=role, **rv)
    return rv["url"]


def _refusal_of(err: Exception) -> Refused:
    if isinstance(err, jose_errors.ExpiredTokenError):
        return Refused(EXPIRED)
    if isinstance(err, jose_errors.ClaimError):
        claim = err.claim
        if claim == "aud" or claim == "azp":
            return Refused(AUDIENCE)
        if claim == "iss":
            return Refused(ISSUER)
        if claim == "nonce":
            return Refused(NONCE)
        if claim in ("exp", "iat", "nbf"):
            return Refused(EXPIRED)
        return Refused(CLAIMS, claim)
    return Refused(SIGNATURE)


def finish(provider: dict) -> SignedIn:
    """Checks the callback and returns who signed in; raises Refused, having stored nothing."""
    client = _client(provider)
    state = request.args.get("state", "")
    if not state or len(state) > 200:
        raise Refused(STATE)
    saved = client.framework.get_state_data(session, state)
    if not saved or saved.get("role") not in (*ROLES, TEST):
        client.framework.clear_state_data(session, state)
        raise Refused(STATE)
    if request.args.get("error"):
        client.framework.clear_state_data(session, state)
        raise Refused(DENIED)
    if not request.args.get("code"):
        client.framework.clear_state_data(session, state)
        raise Refused(STATE)
    metadata = _metadata(client, provider)
    options = {
        "iss": {"essential": True, "value": provider["issuer"]},
        "aud": {"essential": True, "value": provider["client_id"]},
    }
    try:
        token = client.authorize_access_token(claims_options=options, leeway=LEEWAY_SECONDS)
    except OAuthError:
        raise Refused(STATE) from None
    except jose_errors.JoseError as err:
        raise _refusal_of(err) from None
    except (requests.RequestException, ValueError, KeyError, RuntimeError):
        raise Refused(PROVIDER_DOWN) from None
    claims = token.get("userinfo")
    if not claims or not isinstance(claims.get("sub"), str) or not claims["sub"]:
        raise Refused(CLAIMS, "sub")
    claims = dict(claims)
    _add_userinfo(client, metadata, token, claims)
    return SignedIn(provider, saved["role"], claims, token.get("id_token", ""))


def _add_userinfo(client: FlaskOAuth2App, metadata: dict, token: dict, claims: dict) -> None:
    """Claims the ID token does not carry (many providers send e-mail and groups only from the
    userinfo endpoint); the ID token's own always win, and a different `sub` is ignored."""
    if not metadata.get("userinfo_endpoint") or "access_token" not in token:
        return
    try:
        extra = client.userinfo(token=token)
    except (requests.RequestException, ValueError, OAuthError):
        return
    if extra.get("sub") == claims["sub"]:
        for name, value in extra.items():
            claims.setdefault(name, value)


def logout_url(provider: dict, id_token: str | None) -> str | None:
    """The provider's end_session_endpoint with our way back, or None if it has none."""
    try:
        client = _client(provider)
        metadata = _metadata(client, provider)
    except Refused:
        return None
    if not metadata.get("end_session_endpoint"):
        return None
    back = url_for("pages.home", _external=True)
    extra = {"client_id": provider["client_id"]}
    return client.create_logout_url(post_logout_redirect_uri=back, id_token_hint=id_token or None, **extra)["url"]


def started_role(provider_id: int, state: str) -> str | None:
    """Who started the sign-in this `state` belongs to, read before the callback uses it up;
    None for a state this browser does not hold."""
    if not state or len(state) > 200:
        return None
    saved = FlaskIntegration(f"oidc{provider_id}").get_state_data(session, state)
    role = saved.get("role") if isinstance(saved, dict) else None
    return role if role in ROLES else None
