"""The school administrator's page (issue 19): teachers, classes, invitations and whether
anyone may register. Names and counts only: no link leads to another teacher's pupils. A class
handed over (to anyone, the administrator too) is listed here for every administrator and on its
previous teacher's classes page (issue 38.2)."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, request, url_for

from trainer.store import invitations, school_admin, school_settings
from trainer.web.core import htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import whole_number
from trainer.web.db import get_db
from trainer.web.teachers.auth import open_registration
from trainer.web.teachers.invitations import utc_now

bp = Blueprint("school", __name__)


def _refusal(reason: str) -> str:
    return {
        school_admin.OWN_ACCOUNT: _("You cannot switch off your own account."),
        school_admin.LAST_ADMIN: _(
            "The school needs at least one active administrator: make someone else administrator first."
        ),
        school_admin.NO_SUCH_TEACHER: _("There is no such teacher."),
        school_admin.NO_SUCH_CLASS: _("There is no such class."),
        school_admin.NOT_ACTIVE: _("A class can only be handed over to an active teacher."),
    }[reason]


def _page(status: int = 200, new_link: str | None = None, error: str | None = None):
    db = get_db()
    teachers = school_admin.list_teachers(db)
    names = {t["id"]: t["display_name"] for t in teachers}
    open_invites = [dict(i, creator=names.get(i["created_by"], "")) for i in invitations.list_open(db, utc_now())]
    return htmx.render(
        "school/index.html",
        "school/_school.html",
        teachers=teachers,
        active_teachers=[t for t in teachers if not t["disabled_at"]],
        classes=school_admin.list_classes(db),
        invitations=open_invites,
        handovers=school_admin.handovers(db),
        open_registration=open_registration(),
        new_link=new_link,
        error=error,
        days=invitations.DAYS,
    ), status


def _done(message: str):
    flash(message)
    return redirect(url_for("school.index"), 303)


def _refused(err: school_admin.Refused):
    security_log.event("school_change_refused", teacher=g.teacher["id"], reason=err.reason)
    return _page(409, error=_refusal(err.reason))


@bp.route("/school")
@login.admin_required
def index():
    return _page()


@bp.route("/school/teachers/<int:teacher_id>/active", methods=["POST"])
@login.admin_required
def set_active(teacher_id: int):
    wanted = request.form.get("active", "")
    if wanted not in ("0", "1"):
        return _page(400, error=_("Please choose on or off."))
    try:
        school_admin.set_active(get_db(), g.teacher["id"], teacher_id, wanted == "1")
    except school_admin.Refused as err:
        return _refused(err)
    security_log.event(
        "teacher_switched_on" if wanted == "1" else "teacher_switched_off", teacher=g.teacher["id"], target=teacher_id
    )
    return _done(_("The account is switched on.") if wanted == "1" else _("The account is switched off."))


@bp.route("/school/teachers/<int:teacher_id>/role", methods=["POST"])
@login.admin_required
def set_role(teacher_id: int):
    role = request.form.get("role", "")
    if role not in school_admin.ROLES:
        return _page(400, error=_("Please choose a role."))
    try:
        school_admin.set_role(get_db(), teacher_id, role)
    except school_admin.Refused as err:
        return _refused(err)
    security_log.event("teacher_role_changed", teacher=g.teacher["id"], target=teacher_id, role=role)
    return _done(_("The role is changed."))


@bp.route("/school/classes/<int:class_id>/hand-over", methods=["POST"])
@login.admin_required
def hand_over(class_id: int):
    to = whole_number(request.form.get("teacher_id", ""))
    if to is None:
        return _page(400, error=_("Please choose a teacher."))
    try:
        previous = school_admin.hand_over(get_db(), class_id, to, by=g.teacher["id"])
    except school_admin.Refused as err:
        return _refused(err)
    if previous is None:
        return _done(_("The class is already with this teacher."))
    security_log.event("class_handed_over", teacher=g.teacher["id"], class_id=class_id, previous=previous, to=to)
    return _done(_("The class is handed over."))


@bp.route("/school/invitations", methods=["POST"])
@login.admin_required
def invite():
    role = request.form.get("role", "")
    if role not in invitations.ROLES:
        return _page(400, error=_("Please choose a role."))
    token = invitations.create(get_db(), role=role, created_by=g.teacher["id"], now=utc_now())
    security_log.event("invitation_created", teacher=g.teacher["id"], role=role)
    # Shown on this response only: the database keeps just the token's hash.
    return _page(new_link=url_for("invitations.accept", token=token, _external=True))


@bp.route("/school/invitations/<int:invitation_id>/withdraw", methods=["POST"])
@login.admin_required
def withdraw(invitation_id: int):
    if not invitations.revoke(get_db(), invitation_id):
        return _page(404, error=_("This invitation is no longer open."))
    security_log.event("invitation_withdrawn", teacher=g.teacher["id"], invitation=invitation_id)
    return _done(_("The invitation is withdrawn: its link no longer works."))


@bp.route("/school/registration", methods=["POST"])
@login.admin_required
def registration():
    wanted = request.form.get("open", "")
    if wanted not in ("0", "1"):
        return _page(400, error=_("Please choose on or off."))
    school_settings.put(get_db(), "open_registration", wanted == "1")
    security_log.event("registration_setting", teacher=g.teacher["id"], open=wanted)
    return _done(
        _("Anyone may now create a teacher account.")
        if wanted == "1"
        else _("Teachers now join only by an invitation link.")
    )
