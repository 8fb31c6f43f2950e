"""Which role the provider's claims give someone: the administrator's rule per role is a claim
name and a value. The claim matches when it equals the value, when it is a list holding the
value (groups), or, for a value starting with "@", when it is an e-mail address at that domain
— and, for the `email` claim, only when the provider says the address is verified (issue 34:
anyone can put any address on an account at some providers).
Pure: no Flask, no store."""

from __future__ import annotations

from trainer.web.signin.identity import email_verified


def matches(claims: dict, claim: str, value: str) -> bool:
    if not claim:
        return False
    got = claims.get(claim)
    if isinstance(got, list):
        return value in [str(v) for v in got if isinstance(v, (str, int))]
    if isinstance(got, bool) or not isinstance(got, (str, int)):
        return False
    got = str(got)
    if value.startswith("@"):
        if claim == "email" and not email_verified(claims):
            return False
        return got.lower().endswith(value.lower()) and got.count("@") == 1
    return got == value


def role_allowed(provider: dict, claims: dict, role: str) -> bool:
    """A teacher needs the teacher rule to match. A pupil needs the pupil rule, or, where the
    school set none (a provider that sends only a pseudonym), anyone who is not a teacher."""
    is_teacher = matches(claims, provider["teacher_claim"], provider["teacher_value"])
    if role == "teacher":
        return is_teacher
    if provider["pupil_claim"]:
        return matches(claims, provider["pupil_claim"], provider["pupil_value"])
    return not is_teacher
