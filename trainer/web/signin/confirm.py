""" "Was that you?": a pupil's answer before their school login is linked (issue 34; why in
trainer.web.signin.pupil_link). Shown right after the picture login that followed a first
sign-in with the school's login, to that login's session only."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, request, url_for

from trainer.web.core import htmx, login
from trainer.web.core.i18n import gettext as _
from trainer.web.signin import pupil_link, views as signin

bp = Blueprint("signin_confirm", __name__)


@bp.route("/signin/was-that-you", methods=["GET", "POST"])
@login.pupil_required
def ask():
    question = pupil_link.question_for(g.pupil["id"])
    if question is None:
        # Answered, run out, or another login's: nothing to ask, nothing linked.
        return htmx.full_reload(url_for("pupil_home.home"))
    provider = question["provider_row"]
    if request.method == "POST":
        answer = request.form.get("answer")
        if answer == "yes":
            linked = pupil_link.answer_yes(question)
            signin.remember_logout(linked)
            if linked:
                flash(_("Done! Next time, %(provider)s opens your page.", provider=provider["name"]))
            else:
                flash(_("Nothing was linked. Ask your teacher for help."))
        elif answer == "no":
            # The pupil stays logged in as themselves: their own pictures proved who they are,
            # so logging them out would protect nobody (docs/security.md).
            pupil_link.answer_no(question)
            flash(_("Nothing was linked. Good that you said so!"))
        else:
            abort(400)
        return htmx.full_reload(url_for("pupil_home.home"))
    return htmx.render(
        "signin/was_that_you.html",
        "signin/_was_that_you.html",
        pupil=g.pupil,
        provider=provider,
        account=question.get("account"),
        started=pupil_link.started_at(question),
    )


def pending_school_login() -> str | None:
    """The name of the school login someone started on this device and has not finished, for
    the pupil login pages (signin/_pending.html; pupils/picture_login.py hands it over)."""
    waiting = pupil_link.waiting()
    return pupil_link.provider_name(waiting) if waiting else None
