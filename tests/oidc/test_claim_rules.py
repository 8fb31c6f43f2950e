"""The pure rules of issue 34: an e-mail domain makes a teacher only when the provider says the
address is verified, and the identifying claim is read only as the administrator chose."""

import pytest

from trainer.web.signin import identity, roles

RULE = {"teacher_claim": "email", "teacher_value": "@school.example", "pupil_claim": "", "pupil_value": ""}


@pytest.mark.parametrize(
    "verified, teacher", [(True, True), ("true", True), (False, False), ("false", False), (None, False)]
)
def test_an_email_domain_rule_needs_email_verified(verified, teacher):
    claims = {"sub": "x", "email": "ann@school.example", **({} if verified is None else {"email_verified": verified})}
    assert roles.role_allowed(RULE, claims, "teacher") is teacher


def test_a_domain_rule_on_another_claim_does_not_ask_for_email_verified():
    # Entra's upn is set by the tenant's administrator, not by its owner (docs/security.md).
    rule = {**RULE, "teacher_claim": "upn"}
    assert roles.role_allowed(rule, {"sub": "x", "upn": "ann@school.example"}, "teacher")


@pytest.mark.parametrize(
    "match, claims, value",
    [
        ("email", {"email": "a@s.example", "email_verified": True}, "a@s.example"),
        ("email", {"email": "a@s.example"}, None),
        ("preferred_username", {"preferred_username": "a@s.example", "email": "b@s.example"}, "a@s.example"),
        ("upn", {"preferred_username": "a@s.example"}, None),
        ("uniid", {"uniid": "tina0042"}, "tina0042"),
        ("uniid", {"uniid": ["tina0042"]}, None),
        ("subject", {"email": "a@s.example", "email_verified": True, "uniid": "t"}, None),
        ("uniid", {"uniid": "x" * 255}, None),
    ],
)
def test_the_identifying_claim_is_read_as_chosen(match, claims, value):
    assert identity.claimed_value({"teacher_match": match}, {"sub": "s", **claims}) == value
