"""A teacher's own account: download everything, or delete it with all its classes.

The account's id is in the URL like every other id, and checked the same way (another
teacher's id is a 404; tests/route_table.py), rather than taken from the session alone.
Deleting needs the current password, counted by the login's throttle like the password form:
a stolen session must not be able to erase a school year, nor to guess around the throttle.
"""

from __future__ import annotations

from flask import Blueprint, flash, request, url_for

from trainer.store import account_export, passwords, teachers
from trainer.web.core import downloads, guessing, htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.db import get_db

bp = Blueprint("account", __name__)


def _own_account(teacher_id: int) -> dict:
    if teacher_id != login.teacher_id():
        security_log.not_yours("teacher", teacher_id)
    return teachers.get(get_db(), teacher_id)


@bp.route("/teachers/<int:teacher_id>/export.json")
@login.teacher_required
def export(teacher_id):
    _own_account(teacher_id)
    return downloads.json_download(f"teacher-{teacher_id}.json", account_export.export_teacher(get_db(), teacher_id))


@bp.route("/teachers/<int:teacher_id>/delete", methods=["GET", "POST"])
@login.teacher_required
def delete(teacher_id):
    teacher = _own_account(teacher_id)
    error, status = None, 200
    if request.method == "POST":
        db = get_db()
        lock = guessing.teacher_lock(teacher, teacher["email"])
        typed = request.form.get("password", "")[: passwords.MAX_LENGTH + 1]
        tried = guessing.attempt(
            lock,
            lambda: len(typed) <= passwords.MAX_LENGTH and passwords.verify(teacher["password_hash"], typed),
            failed="account_delete_failed",
            teacher=teacher_id,
        )
        if not tried.right:
            error = guessing.lock_message(tried.wait) if tried.wait else _("That is not your password.")
            status = 429 if tried.wait else 400
        else:
            teachers.delete(db, teacher_id)
            security_log.event("account_deleted", teacher=teacher_id)
            login.logout()
            flash(_("Your account, your classes and all their data have been deleted."))
            return htmx.full_reload(url_for("pages.home"))
    return htmx.render("auth/delete.html", "auth/_delete_form.html", teacher=teacher, error=error), status
