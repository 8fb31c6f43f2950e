"""A pupil's first sign-in with the school's login, and why it waits and then asks (issue 34).

The provider's callback knows only a pseudonym; the class code and pictures say which pupil
it is. On a shared class tablet the one who starts a sign-in need not be the one who next
taps pictures: Ole starts with Unilogin and walks off at "type your class code", Noor logs in
with her own pictures, and a silent link would send Ole's Unilogin into Noor's account from
then on. So the pending link

- lives only in this browser's signed session, stamped with the time it began, and is
  forgotten after PENDING_SECONDS (a child types a code and taps three pictures in well
  under that; issue 45 cut it from five minutes to two: the longer it waits, the likelier
  the next child on the tablet meets it);
- ends at any other login or logout on the device (both start an empty session,
  trainer.web.core.login), and at "Start again" on the login pages (pupil_login.leave);
- is never used silently: after the right pictures the pupil is logged in as themselves and
  asked, with their own name and character, whether it was them who signed in with the
  school's login — naming that login in words the child can check (issue 45: "as Ole H.",
  from the provider's name claims where it sends them, and the time it was started), since a
  7-year-old may tap Yes to a question that names nothing. Only Yes links; the question is
  bound to that login's session and also lasts PENDING_SECONDS.

The teacher sees every new link on the class page, with the same words, and can unlink it
(class_links.py).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone

from flask import session

from trainer.store import oidc_links, oidc_providers
from trainer.web.core import school_day, security_log
from trainer.web.db import get_db

PENDING_SECONDS = 2 * 60
PENDING = "oidc_pupil"  # from the callback until the pictures are right
QUESTION = "oidc_confirm"  # from the pictures until the pupil answers


def hold(provider_id: int, issuer: str, subject: str, id_token: str, account: str | None = None) -> None:
    """The callback's pseudonym waits here for the class code and pictures, with the words
    that name its account to a child (identity.account_words), if the provider gave any."""
    session[PENDING] = {
        "provider": provider_id,
        "issuer": issuer,
        "sub": subject,
        "id_token": id_token,
        "account": account,
        "at": school_day.now(),
    }


def _fresh(data) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("at"), (int, float)):
        return False
    return 0 <= school_day.now() - data["at"] <= PENDING_SECONDS


def waiting() -> dict | None:
    """The pending sign-in of this browser, or None; one that has run out is forgotten."""
    data = session.get(PENDING)
    if data is None:
        return None
    if not _fresh(data):
        session.pop(PENDING, None)
        security_log.event("oidc_link_expired")
        return None
    return data


def drop() -> None:
    if session.pop(PENDING, None) is not None:
        security_log.event("oidc_link_dropped")


def take() -> dict | None:
    """Before a picture login: the pending sign-in, removed from the session (the login
    starts a new one)."""
    data = waiting()
    session.pop(PENDING, None)
    return data


def session_digest(token) -> str:
    # The login's session token is in the signed cookie already; a digest of it is enough
    # to tell that session from any later one.
    return hashlib.sha256(str(token).encode()).hexdigest()[:32]


def ask(data: dict | None, pupil_id: int) -> bool:
    """After the picture login (in its new session): keep the question for the pupil.
    Returns whether there is one to ask."""
    if data is None:
        return False
    session[QUESTION] = {
        **data,
        "pupil": pupil_id,
        "at": school_day.now(),
        "started": data["at"],
        "session": session_digest(session.get("auth")),
    }
    security_log.event("oidc_link_asked", pupil=pupil_id, provider=data.get("provider"))
    return True


def question_for(pupil_id: int) -> dict | None:
    """The open question of this session for this pupil, with its provider; None when there
    is none, it ran out, or it belongs to another login."""
    data = session.get(QUESTION)
    if data is None:
        return None
    provider = oidc_providers.get(get_db(), data.get("provider", 0)) if isinstance(data, dict) else None
    if (
        not _fresh(data)
        or data.get("pupil") != pupil_id
        or provider is None
        or data.get("session") != session_digest(session.get("auth"))
    ):
        session.pop(QUESTION, None)
        return None
    return {**data, "provider_row": provider}


def _now() -> datetime:
    return datetime.fromtimestamp(school_day.now(), timezone.utc).replace(tzinfo=None)


def answer_yes(question: dict) -> dict | None:
    """Makes the link; returns what logout needs to end the provider's session too, or None
    when the account or the pupil was linked meanwhile."""
    session.pop(QUESTION, None)
    pupil_id = question["pupil"]
    try:
        oidc_links.link(
            get_db(),
            provider_id=question["provider"],
            issuer=question["issuer"],
            subject=question["sub"],
            pupil_id=pupil_id,
            now=_now(),
            account=question.get("account"),
        )
    except oidc_links.AlreadyLinked:
        security_log.event("oidc_link_refused", pupil=pupil_id)
        return None
    security_log.event("oidc_linked", pupil=pupil_id, provider=question["provider"])
    return {"provider": question["provider"], "id_token": question.get("id_token", "")}


def answer_no(question: dict) -> None:
    session.pop(QUESTION, None)
    security_log.event("oidc_link_declined", pupil=question["pupil"], provider=question["provider"])


def started_at(question: dict) -> str:
    """When the school login of the question was started, as the school's clock says it: "09:02"."""
    return school_day.local_time(question.get("started") or question["at"]).strftime("%H:%M")


def provider_name(data: dict) -> str | None:
    provider = oidc_providers.get(get_db(), data.get("provider", 0))
    return provider["name"] if provider else None
