"""On a teacher's class page: which pupils sign in with a school login, and unlinking one
(issue 25) — a pupil who moved school, or a login linked to the wrong pupil on a shared
tablet. Unlinking forgets only the link (issuer + pseudonym); the pupil and their data stay,
and the next sign-in with the school's login asks for the class code and pictures again."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from flask import Blueprint, flash, redirect, url_for
from sqlite_utils import Database

from trainer.store import oidc_links
from trainer.web.core import login, school_day, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_pupil
from trainer.web.db import get_db

bp = Blueprint("pupil_links", __name__)

NEW_LINK_DAYS = 14  # long enough to be seen after a holiday week; older links are listed too


def new_signin_links(db: Database, class_id: int) -> list[dict]:
    """The class's links of the last NEW_LINK_DAYS, newest first, each with `when` (epoch
    seconds, for the `when` filter): a link made on a shared tablet by the wrong child shows
    up here (issue 34). The class page (classes/class_page.py) reads it after checking ownership."""
    now = datetime.fromtimestamp(school_day.now(), timezone.utc).replace(tzinfo=None)
    newest: dict[int, dict] = {}
    for row in oidc_links.new_pupil_links(db, class_id, now - timedelta(days=NEW_LINK_DAYS)):
        # The service, and the account's words where the provider gave some ("Unilogin: Ole H."):
        # a wrong child's link shows at once (issue 45).
        service = {"provider": row["provider"], "account": row["account"]}
        if row["pupil_id"] in newest:  # one line and one Unlink per pupil
            newest[row["pupil_id"]]["services"].append(service)
            continue
        when = datetime.fromisoformat(row["created_at"]).replace(tzinfo=timezone.utc).timestamp()
        newest[row["pupil_id"]] = {
            "pupil_id": row["pupil_id"],
            "pupil": row["pupil"],
            "services": [service],
            "when": when,
        }
    return list(newest.values())


bp.add_app_template_global(NEW_LINK_DAYS, "new_link_days")


@bp.route("/pupils/<int:pupil_id>/unlink-login", methods=["POST"])
@login.teacher_required
def unlink(pupil_id: int):
    pupil = own_pupil(pupil_id)
    removed = oidc_links.unlink_pupil(get_db(), pupil_id)
    if removed:
        security_log.event("oidc_unlinked", teacher=login.teacher_id(), pupil=pupil_id)
        flash(
            _(
                "%(name)s's school login is unlinked. Next time %(name)s signs in with it, "
                "the class code and pictures link it again.",
                name=pupil["name"],
            )
        )
    else:
        flash(_("%(name)s has no school login linked.", name=pupil["name"]))
    return redirect(url_for("classes.show", class_id=pupil["class_id"]) + "#school-logins", 303)
