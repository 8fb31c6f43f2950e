"""A teacher's classes: create, rename, archive, delete (after an offer to download its data),
and the join code."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import get_locale

from trainer.ops.retention import CHOICES as RETENTION_CHOICES
from trainer.store import account_export, classes, pupils, school_admin
from trainer.web.classes import class_page
from trainer.web.classes.names import class_name_error
from trainer.web.core import downloads, htmx, login
from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_class
from trainer.web.db import get_db

bp = Blueprint("classes", __name__)

HANDED_AWAY_DAYS = 30


@bp.route("/classes", methods=["GET", "POST"])
@login.teacher_required
def index():
    db = get_db()
    error, status = None, 200
    if request.method == "POST":
        name = request.form.get("name", "")
        error = class_name_error(name)
        if error is None:
            class_id = classes.create(db, login.teacher_id(), name)
            flash(_("Class created. Now add your pupils."))
            return redirect(url_for("classes.show", class_id=class_id), 303)
        status = 400
    return htmx.render(
        "classes/index.html",
        "classes/_class_list.html",
        classes=classes.list_for_teacher(db, login.teacher_id()),
        handed_away=_handed_away(db),
        error=error,
        name=request.form.get("name", ""),
    ), status


def _handed_away(db) -> list[dict]:
    """Classes an administrator took from this teacher lately: said on their classes page, so
    no class leaves a teacher unseen (issue 38.2)."""
    since = (datetime.now(timezone.utc) - timedelta(days=HANDED_AWAY_DAYS)).isoformat(timespec="seconds")
    return school_admin.handovers_from(db, login.teacher_id(), since)


def _class_page(klass, **extra):
    db = get_db()
    return htmx.render(
        "classes/show.html",
        "classes/_join_code.html",
        klass=klass,
        roster=pupils.list_for_class(db, klass["id"], include_archived=True, language=str(get_locale())),
        **class_page.class_page_context(db, klass["id"]),
        **extra,
    )


@bp.route("/classes/<int:class_id>")
@login.teacher_required
def show(class_id):
    return _class_page(own_class(class_id))


def _settings_page(klass, **extra):
    extra.setdefault("retention_choices", RETENTION_CHOICES)
    return htmx.render("classes/settings.html", "classes/_class_header.html", klass=klass, **extra)


@bp.route("/classes/<int:class_id>/settings")
@login.teacher_required
def settings(class_id):
    """Name, keeping data, games, worksheets, archive and delete: set once a year or so, so
    they are off the pupils' page."""
    return _settings_page(own_class(class_id))


@bp.route("/classes/<int:class_id>/retention", methods=["POST"])
@login.teacher_required
def retention(class_id):
    klass = own_class(class_id)
    choice = request.form.get("days", "")
    if choice == "default":
        days = None
    elif whole_number(choice, 4) in RETENTION_CHOICES:
        days = whole_number(choice, 4)
    else:
        return _settings_page(klass, retention_error=_("Choose one of the periods in the list.")), 400
    classes.set_retention(get_db(), class_id, days)
    return htmx.fragment_or_redirect(
        "classes/_retention.html",
        url_for("classes.settings", class_id=class_id),
        _("Saved: how long this class's data is kept."),
        klass=own_class(class_id),
        retention_saved=True,
        retention_choices=RETENTION_CHOICES,
    )


@bp.route("/classes/<int:class_id>/rename", methods=["POST"])
@login.teacher_required
def rename(class_id):
    klass = own_class(class_id)
    name = request.form.get("name", "")
    error = class_name_error(name)
    if error:
        return _settings_page(klass, rename_error=error), 400
    classes.rename(get_db(), class_id, name)
    return htmx.fragment_or_redirect(
        "classes/_class_header.html",
        url_for("classes.settings", class_id=class_id),
        _("Name saved."),
        klass=own_class(class_id),
        saved=True,
    )


@bp.route("/classes/<int:class_id>/code", methods=["POST"])
@login.teacher_required
def regenerate_code(class_id):
    own_class(class_id)
    classes.regenerate_code(get_db(), class_id)
    return htmx.fragment_or_redirect(
        "classes/_join_code.html",
        url_for("classes.show", class_id=class_id),
        _("New code made. Old login cards no longer work: print new ones."),
        klass=own_class(class_id),
        code_changed=True,
    )


@bp.route("/classes/<int:class_id>/archive", methods=["POST"])
@login.teacher_required
def archive(class_id):
    own_class(class_id)
    classes.set_archived(get_db(), class_id, True)
    flash(_("The class is archived. Its pupils can no longer log in."))
    return redirect(url_for("classes.index"), 303)


@bp.route("/classes/<int:class_id>/restore", methods=["POST"])
@login.teacher_required
def restore(class_id):
    own_class(class_id)
    classes.set_archived(get_db(), class_id, False)
    flash(_("The class is back."))
    return redirect(url_for("classes.show", class_id=class_id), 303)


@bp.route("/classes/<int:class_id>/delete", methods=["GET", "POST"])
@login.teacher_required
def delete(class_id):
    """Like deleting a pupil: the class's name typed to confirm, its data offered first."""
    klass = own_class(class_id)
    if request.method == "POST":
        if request.form.get("confirm_name", "").strip().casefold() != klass["name"].strip().casefold():
            return htmx.render(
                "classes/delete.html",
                "classes/_delete_form.html",
                klass=klass,
                error=_("Type the class's name exactly to confirm."),
            ), 400
        classes.delete(get_db(), class_id)
        flash(_("The class %(name)s, its pupils and all their data have been deleted.", name=klass["name"]))
        return redirect(url_for("classes.index"), 303)
    return htmx.render("classes/delete.html", "classes/_delete_form.html", klass=klass, error=None)


@bp.route("/classes/<int:class_id>/export.json")
@login.teacher_required
def export(class_id):
    own_class(class_id)
    return downloads.json_download(f"class-{class_id}.json", account_export.export_class(get_db(), class_id))
