"""Which claim finds a teacher's account at their first sign-in (issue 34; docs/security.md,
"Signing in with a school's provider"). Pure: no Flask, no store.

The school's administrator chooses it per service (`teacher_match`): the e-mail address, only
when the provider says it is verified; `preferred_username` or `upn` (Microsoft Entra ID),
compared with the teacher's account e-mail or the value the administrator entered; `uniid`
(Unilogin), compared with the administrator's value only; or "subject": no claim at all.
The value only proposes an account: linking it still needs that account's password once, and
from then on only the issuer and `sub` are compared.
"""

from __future__ import annotations

MAX_LENGTH = 254
EMAIL_LIKE = ("email", "preferred_username", "upn")


def email_verified(claims: dict) -> bool:
    # Some providers send the boolean as a string; a missing claim is not a yes.
    return claims.get("email_verified") in (True, "true")


def claimed_value(provider: dict, claims: dict) -> str | None:
    """The identifying claim's value where it may be used, else None."""
    match = provider.get("teacher_match") or "email"
    if match == "subject":
        return None
    value = claims.get(match)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_LENGTH:
        return None
    if match == "email" and not email_verified(claims):
        return None
    return value.strip()


def compares_with_account_email(provider: dict) -> bool:
    """An e-mail-like claim may equal the address the teacher gave their account."""
    return (provider.get("teacher_match") or "email") in EMAIL_LIKE


ACCOUNT_WORDS_LENGTH = 40


def account_words(claims: dict) -> str | None:
    """Words a child can check that a school login is theirs (issue 45): the first name and the
    family name's initial ("Ole H."), from `given_name`/`family_name` or the display `name`;
    None where the provider gives neither (Unilogin may send a pseudonym only). No more of the
    name than that is kept (docs/security.md)."""

    def text(key):
        value = claims.get(key)
        return " ".join(value.split()) if isinstance(value, str) and value.isprintable() else ""

    given, family, name = text("given_name"), text("family_name"), text("name")
    if given:
        first, last = given.split()[0], family.split()[-1] if family else ""
    elif name:
        parts = name.split()
        first, last = parts[0], parts[-1] if len(parts) > 1 else ""
    else:
        return None
    words = f"{first} {last[0]}." if last else first
    return words[:ACCOUNT_WORDS_LENGTH]
