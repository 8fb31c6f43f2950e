"""The words for each refused sign-in: what went wrong, in terms a teacher or child can act on."""

from __future__ import annotations

from trainer.web.core.i18n import gettext as _
from trainer.web.signin import flow


def refusal(reason: str) -> str:
    return {
        flow.UNKNOWN_PROVIDER: _("This school does not sign in with that provider."),
        flow.PROVIDER_DOWN: _("The sign-in service cannot be reached just now. Please try again in a few minutes."),
        flow.STATE: _("This sign-in has already been used or has run out. Please start again."),
        flow.ISSUER: _("The sign-in came from a service this school has not set up."),
        flow.SIGNATURE: _("The sign-in could not be checked: its signature is wrong."),
        flow.AUDIENCE: _("The sign-in was meant for another service, not this one."),
        flow.EXPIRED: _("The sign-in has run out. Please start again."),
        flow.NONCE: _("The sign-in does not belong to this attempt. Please start again."),
        flow.CLAIMS: _("The sign-in service did not send what this school needs."),
        flow.DENIED: _("The sign-in was cancelled or refused by the sign-in service."),
        flow.SECRET: _("This sign-in is not set up completely. Please tell your school's administrator."),
        "role_teacher": _("This account is not a teacher's account at this school."),
        "role_pupil": _("This account is not a pupil's account at this school."),
        "linked_elsewhere": _("This account is already linked to someone else here."),
        "disabled": _("Your school's administrator has switched this account off."),
        "after_school": _("The school sign-in works only in school hours. At home, scan your own home QR code."),
    }[reason]
