"""A class's pupils: add, upload, rename, archive, delete, export, reset pictures, print cards."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, request, url_for
from flask_babel import format_decimal

from trainer.store import drills, pupil_export, pupil_rewards, pupils
from trainer.web.classes import class_page
from trainer.web.classes.names import (
    MAX_ROWS,
    Entry,
    check_entries,
    class_full_message,
    parse_roster_csv,
    pasted_entries,
    pupil_name_error,
)
from trainer.web.core import downloads, guessing, htmx, login, school_day
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_class, own_pupil
from trainer.web.core.qr import qr_svg
from trainer.web.db import get_db
from trainer.web.drills.settings_form import EXTRA_TIME_RANGE, parse_extra_time
from trainer.web.pupils import pictures, standing

bp = Blueprint("roster", __name__)


def _roster(klass, **extra):
    db = get_db()
    return htmx.render(
        "classes/show.html",
        "roster/_roster.html",
        klass=klass,
        roster=pupils.list_for_class(db, klass["id"], include_archived=True),
        **class_page.class_page_context(db, klass["id"]),
        **extra,
    )


@bp.route("/classes/<int:class_id>/pupils", methods=["POST"])
@login.teacher_required
def add(class_id):
    klass = own_class(class_id)
    name = request.form.get("name", "")
    error = pupil_name_error(name)
    if error is None:
        try:
            pupils.create(get_db(), class_id, name)
        except pupils.NameTaken:
            error = _("There is already a pupil with this name in the class.")
        except pupils.ClassFull as full:
            error = class_full_message(full.room)
    if error:
        return _roster(klass, add_error=error, add_name=name), 400
    added = " ".join(name.split())
    return htmx.fragment_or_redirect(
        "roster/_roster.html",
        url_for("classes.show", class_id=class_id),
        _("%(name)s added.", name=added),
        klass=klass,
        added=added,
        roster=pupils.list_for_class(get_db(), class_id, include_archived=True),
        **class_page.roster_context(get_db(), class_id),
    )


@bp.route("/classes/<int:class_id>/upload", methods=["GET", "POST"])
@login.teacher_required
def upload(class_id):
    klass = own_class(class_id)
    errors, status = [], 200
    if request.method == "POST":
        upload_file = request.files.get("file")
        if upload_file is None or not upload_file.filename:
            errors = [(0, "", _("Please choose a file."))]
        else:
            db = get_db()
            names, errors = parse_roster_csv(upload_file.read(), pupils.existing_keys(db, class_id))
            if not errors:
                try:
                    pupils.create_many(db, class_id, names)
                except pupils.NameTaken:
                    # Someone added one of these names while the file was being read.
                    errors = [(0, "", _("There is already a pupil with this name in the class."))]
                except pupils.ClassFull as full:
                    errors = [(0, "", class_full_message(full.room))]
                else:
                    flash(ngettext("%(num)d pupil added.", "%(num)d pupils added.", len(names)))
                    return redirect(url_for("classes.show", class_id=class_id), 303)
        status = 400
    return htmx.render("roster/upload.html", "roster/_upload_form.html", klass=klass, errors=errors), status


@bp.route("/classes/<int:class_id>/paste", methods=["GET", "POST"])
@login.teacher_required
def paste(class_id):
    """A class list copied from a spreadsheet or the school's system: pasted, previewed (every
    name editable, duplicates given a suggestion), then added all at once."""
    klass = own_class(class_id)
    db = get_db()
    context = dict(klass=klass, entries=[], error=None, text=request.form.get("names", ""))
    if request.method != "POST":
        return htmx.render("roster/paste.html", "roster/_paste_form.html", **context)
    taken = pupils.existing_keys(db, class_id)
    if request.form.get("step") != "add":
        entries, error = pasted_entries(context["text"], taken)
        room = pupils.MAX_CLASS_SIZE - pupils.active_count(db, class_id)
        if error is None and len(entries) > room:
            entries, error = [], class_full_message(room)
        context.update(entries=entries, error=error)
        return htmx.render("roster/paste.html", "roster/_paste_form.html", **context), 400 if error else 200
    typed = request.form.getlist("name")[:MAX_ROWS]
    lines = request.form.getlist("line")
    entries = [
        Entry((whole_number(lines[i], max_digits=4) if i < len(lines) else None) or i + 1, name, " ".join(name.split()))
        for i, name in enumerate(typed)
    ]
    if not entries:
        context["error"] = _("The list has no names in it.")
    elif check_entries(entries, taken):
        try:
            pupils.create_many(db, class_id, [e.name for e in entries])
        except pupils.NameTaken:
            context["error"] = _("There is already a pupil with this name in the class.")
        except pupils.ClassFull as full:
            context["error"] = class_full_message(full.room)
        else:
            flash(ngettext("%(num)d pupil added.", "%(num)d pupils added.", len(entries)))
            return redirect(url_for("classes.show", class_id=class_id), 303)
    context["entries"] = entries
    return htmx.render("roster/paste.html", "roster/_paste_form.html", **context), 400


@bp.route("/classes/<int:class_id>/cards")
@login.teacher_required
def cards(class_id):
    klass = own_class(class_id)
    base = current_app.config.get("PUBLIC_URL") or request.host_url.rstrip("/")
    # The token travels in the fragment, which browsers never send to a server; see
    # pupils/picture_login.py.
    join_url = base + url_for("pupil_login.join") + "#k=" + klass["qr_token"]
    roster = [
        dict(p, pictures=pictures.parse(p["picture_password"])) for p in pupils.list_for_class(get_db(), class_id)
    ]
    return htmx.render(
        "roster/cards.html",
        "roster/_cards.html",
        klass=klass,
        roster=roster,
        qr=qr_svg(join_url, _("QR code: opens the login page of this class")),
    )


@bp.route("/classes/<int:class_id>/class-sheet")
@login.teacher_required
def class_sheet(class_id):
    """For the teacher's desk: every pupil's name and picture password on one printed page."""
    klass = own_class(class_id)
    roster = [
        dict(p, pictures=pictures.parse(p["picture_password"])) for p in pupils.list_for_class(get_db(), class_id)
    ]
    return htmx.render("roster/class_sheet.html", "roster/_class_sheet.html", klass=klass, roster=roster)


def _pupil_context(pupil) -> dict:
    db = get_db()
    return dict(
        pupil=pupil,
        password=pictures.parse(pupil["picture_password"]),
        lockout=guessing.pupil_lockout(db, pupil["id"], pupil["class_id"]),
        level=standing.standing_of(db, pupil["id"], pupil["class_id"], school_day.today()).level,
        pupil_avatar=pupil_rewards.avatar(db, pupil["id"]),
    )


def _pupil_page(pupil, status=200, **extra):
    return htmx.render("roster/pupil.html", "roster/_pupil_panel.html", **_pupil_context(pupil), **extra), status


def _pupil_changed(pupil_id, message):
    return htmx.fragment_or_redirect(
        "roster/_pupil_panel.html",
        url_for("roster.show", pupil_id=pupil_id),
        message,
        **_pupil_context(own_pupil(pupil_id)),
        message=message,
    )


@bp.route("/pupils/<int:pupil_id>")
@login.teacher_required
def show(pupil_id):
    return _pupil_page(own_pupil(pupil_id))


@bp.route("/pupils/<int:pupil_id>/rename", methods=["POST"])
@login.teacher_required
def rename(pupil_id):
    pupil = own_pupil(pupil_id)
    name = request.form.get("name", "")
    error = pupil_name_error(name)
    if error is None:
        try:
            pupils.rename(get_db(), pupil_id, name)
        except pupils.NameTaken:
            error = _("There is already a pupil with this name in the class.")
    if error:
        return _pupil_page(pupil, 400, rename_error=error)
    return _pupil_changed(pupil_id, _("Name saved."))


@bp.route("/pupils/<int:pupil_id>/reset-pictures", methods=["POST"])
@login.teacher_required
def reset_pictures(pupil_id):
    own_pupil(pupil_id)
    pupils.reset_picture_password(get_db(), pupil_id)
    return _pupil_changed(pupil_id, _("New picture password made. Print a new login card."))


@bp.route("/pupils/<int:pupil_id>/archive", methods=["POST"])
@login.teacher_required
def archive(pupil_id):
    own_pupil(pupil_id)
    pupils.set_archived(get_db(), pupil_id, True)
    return _pupil_changed(pupil_id, _("Archived: this pupil can no longer log in."))


@bp.route("/pupils/<int:pupil_id>/restore", methods=["POST"])
@login.teacher_required
def restore(pupil_id):
    pupil = own_pupil(pupil_id)
    try:
        pupils.set_archived(get_db(), pupil_id, False)
    except pupils.ClassFull as full:
        return _pupil_page(pupil, 400, error=class_full_message(full.room))
    return _pupil_changed(pupil_id, _("This pupil can log in again."))


@bp.route("/pupils/<int:pupil_id>/delete", methods=["GET", "POST"])
@login.teacher_required
def delete(pupil_id):
    pupil = own_pupil(pupil_id)
    if request.method == "POST":
        if request.form.get("confirm_name", "").strip().casefold() != pupil["name"].casefold():
            return htmx.render(
                "roster/delete.html",
                "roster/_delete_form.html",
                pupil=pupil,
                error=_("Type the pupil's name exactly to confirm."),
            ), 400
        pupils.delete(get_db(), pupil_id)
        flash(_("%(name)s and all their data have been deleted.", name=pupil["name"]))
        return redirect(url_for("classes.show", class_id=pupil["class_id"]), 303)
    return htmx.render("roster/delete.html", "roster/_delete_form.html", pupil=pupil, error=None)


_NOT_A_STEP = object()


def _switch_step(typed: str):
    """The one switch's step from the form: None is "no switch", _NOT_A_STEP anything but a
    choice of the list (a form from another page, a hand-made request)."""
    if typed in ("", "off"):
        return None
    try:
        step = float(typed)
    except ValueError:
        return _NOT_A_STEP
    return step if step in drills.SWITCH_STEPS else _NOT_A_STEP


def _needs_choices() -> dict:
    """The needs page's lists, named in the reader's language."""
    faces = {"digits": _("The number only"), "dots": _("Dots, as on dice"), "ten-frame": _("A ten-frame")}
    return {
        "extra_range": EXTRA_TIME_RANGE,
        "switch_steps": [
            (step, _("%(seconds)s s a choice", seconds=format_decimal(step, format="0.#")))
            for step in drills.SWITCH_STEPS
        ],
        "card_faces": [(face, faces[face]) for face in drills.CARD_FACES],
    }


@bp.route("/pupils/<int:pupil_id>/needs", methods=["GET", "POST"])
@login.teacher_required
def needs(pupil_id):
    """What a child needs (issue 49.6): extra time, read-aloud, no timer, on one page, set by the
    teacher and kept on the server, so whichever tablet the child picks up has them."""
    pupil = own_pupil(pupil_id)
    db = get_db()
    if request.method != "POST":
        kept = drills.pupil_settings(db, pupil_id)
        return htmx.render("roster/needs.html", "roster/_needs.html", pupil=pupil, needs=kept, **_needs_choices())
    typed = request.form.get("extra_time", "")
    seconds = parse_extra_time(typed)
    step = _switch_step(request.form.get("switch_step", ""))
    faces = request.form.get("card_faces", "digits")
    chosen = {
        "extra_time_s": seconds if seconds is not None else typed,
        "read_aloud": request.form.get("read_aloud") == "1",
        "no_timer": request.form.get("no_timer") == "1",
        "switch_step_s": step,
        "card_faces": faces,
        "number_line": request.form.get("number_line") == "1",
    }
    errors = {}
    if seconds is None:
        errors["extra_error"] = _(
            "Choose from %(low)d to %(high)d seconds.", low=EXTRA_TIME_RANGE[0], high=EXTRA_TIME_RANGE[1]
        )
    if step is _NOT_A_STEP:
        errors["switch_error"] = _("Choose one of the steps in the list.")
    if faces not in drills.CARD_FACES:
        errors["faces_error"] = _("Choose one of the faces in the list.")
    if errors:
        return htmx.render(
            "roster/needs.html", "roster/_needs.html", pupil=pupil, needs=chosen, **_needs_choices(), **errors
        ), 400
    drills.set_needs(db, pupil_id, **{**chosen, "extra_time_s": float(seconds)})
    message = _("Saved. %(name)s gets these the next time they open a page.", name=pupil["name"])
    return htmx.fragment_or_redirect(
        "roster/_needs.html",
        url_for("roster.needs", pupil_id=pupil_id),
        message,
        pupil=pupil,
        needs=drills.pupil_settings(db, pupil_id),
        message=message,
        **_needs_choices(),
    )


@bp.route("/pupils/<int:pupil_id>/export.json")
@login.teacher_required
def export(pupil_id):
    own_pupil(pupil_id)
    return downloads.json_download(f"pupil-{pupil_id}.json", pupil_export.export(get_db(), pupil_id))
