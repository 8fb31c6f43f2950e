"""The teacher's "Unlock" for a pupil locked out of the picture login, on the pupil's page and
(for everyone at once) on the class page. The picture password stays: no new login card.

What is cleared and why it cannot help a guesser: trainer.web.core.guessing. The partials
(roster/_unlock.html, classes/_unlock.html) are handed what to show by the pupil's and the
class's page (classes/roster.py, classes/class_page.py).
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for

from trainer.web.core import guessing, htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_class, own_pupil
from trainer.web.db import get_db

bp = Blueprint("unlock", __name__)


@bp.route("/pupils/<int:pupil_id>/unlock", methods=["POST"])
@login.teacher_required
def pupil(pupil_id):
    found = own_pupil(pupil_id)
    guessing.unlock_pupil(get_db(), pupil_id, found["class_id"])
    security_log.event("pupil_unlocked", teacher=login.teacher_id(), pupil=pupil_id)
    message = _("%(name)s can log in again, with the same pictures.", name=found["name"])
    return htmx.fragment_or_redirect(
        "roster/_unlock.html",
        url_for("roster.show", pupil_id=pupil_id),
        message,
        pupil=own_pupil(pupil_id),
        unlocked=message,
        lockout=guessing.pupil_lockout(get_db(), pupil_id, found["class_id"]),
    )


@bp.route("/classes/<int:class_id>/unlock", methods=["POST"])
@login.teacher_required
def klass(class_id):
    own_class(class_id)
    guessing.unlock_class(get_db(), class_id)
    security_log.event("class_unlocked", teacher=login.teacher_id(), klass=class_id)
    flash(_("Everyone in the class can log in again, with the same pictures."))
    return redirect(url_for("classes.show", class_id=class_id), 303)
