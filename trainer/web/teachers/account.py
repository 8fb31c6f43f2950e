"""A teacher's own account: download everything, or delete it with all its classes.

The account's id is in the URL like every other id, and checked the same way (another
teacher's id is a 404; tests/route_table.py), rather than taken from the session alone.
Deleting needs the current password, counted by the login's throttle like the password form:
a stolen session must not be able to erase a school year, nor to guess around the throttle.
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, flash, request, url_for
from flask_babel import gettext as _

from trainer.store import account_export, passwords, teachers, throttle
from trainer.web.core import guessing, htmx, login, security_log
from trainer.web.db import get_db
from trainer.web.teachers.auth import lock_message

bp = Blueprint("account", __name__)


def _own_account(teacher_id: int) -> dict:
    if teacher_id != login.teacher_id():
        security_log.not_yours("teacher", teacher_id)
    return teachers.get(get_db(), teacher_id)


@bp.route("/teachers/<int:teacher_id>/export.json")
@login.teacher_required
def export(teacher_id):
    _own_account(teacher_id)
    body = json.dumps(account_export.export_teacher(get_db(), teacher_id), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="teacher-{teacher_id}.json"'})


@bp.route("/teachers/<int:teacher_id>/delete", methods=["GET", "POST"])
@login.teacher_required
def delete(teacher_id):
    teacher = _own_account(teacher_id)
    error, status = None, 200
    if request.method == "POST":
        db = get_db()
        lock = guessing.teacher_lock(teacher, teacher["email"])
        refused, locked = throttle.claim(db, lock.key, lock.free, lock.base, lock.cap)
        typed = request.form.get("password", "")[:passwords.MAX_LENGTH + 1]
        if refused:
            error, status = lock_message(refused), 429
        elif len(typed) > passwords.MAX_LENGTH or not passwords.verify(teacher["password_hash"], typed):
            error = lock_message(locked) if locked else _("That is not your password.")
            status = 429 if locked else 400
            security_log.event("account_delete_failed", teacher=teacher_id)
        else:
            teachers.delete(db, teacher_id)
            security_log.event("account_deleted", teacher=teacher_id)
            login.logout()
            flash(_("Your account, your classes and all their data have been deleted."))
            return htmx.full_reload(url_for("pages.home"))
    return htmx.render("auth/delete.html", "auth/_delete_form.html", teacher=teacher, error=error), status
