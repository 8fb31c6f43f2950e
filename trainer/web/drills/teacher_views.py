"""The teacher's side of daily drills: a class's drill, a puzzle set as today's drill (issue 20),
pupils' extra time, puzzle uploads."""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for
from flask_babel import format_number

from trainer.puzzles.drill_settings import DEFAULT, DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import drills, pupils, puzzle_review, puzzle_sets
from trainer.web.core import htmx, login, school_day, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_class, own_set
from trainer.web.db import get_db
from trainer.web.drills import screen, settings_form
from trainer.web.drills.upload import flash_stored, over_quota_message, read_upload

bp = Blueprint("drills", __name__)


def _form_values(settings: DrillSettings) -> dict:
    return {
        "mode": "minutes" if settings.minutes else "puzzles",
        "puzzles": settings.puzzles or DEFAULT.puzzles,
        "minutes": settings.minutes or 5,
        "kinds": list(settings.kinds),
        "time_limit": int(settings.time_limit),
    }


def _context(klass: dict, **extra) -> dict:
    db = get_db()
    context = dict(
        klass=klass,
        kinds=KINDS,
        errors={},
        extra_errors={},
        values=_form_values(drills.settings_for_class(db, klass["id"])),
        roster=pupils.list_for_class(db, klass["id"]),
        extra=drills.extra_times(db, klass["id"]),
        ranges=settings_form,
        kind_names=screen.KIND_NAMES,
        kind_descriptions=screen.KIND_DESCRIPTIONS,
        sets=[x for x in puzzle_sets.for_teacher(db, login.teacher_id()) if x["size"]],
        today_set=puzzle_sets.drill_set(db, klass["id"], school_day.today().isoformat()),
        set_error=None,
        add_error=None,
        add_values={},
    )
    context.update(extra)
    return context


@bp.route("/classes/<int:class_id>/drill", methods=["GET", "POST"])
@login.teacher_required
def settings(class_id):
    klass = own_class(class_id)
    if request.method == "POST":
        new, errors = settings_form.parse_form(request.form)
        if errors:
            values = {
                "mode": request.form.get("mode"),
                "puzzles": request.form.get("puzzles", ""),
                "minutes": request.form.get("minutes", ""),
                "kinds": request.form.getlist("kinds"),
                "time_limit": request.form.get("time_limit", ""),
            }
            return htmx.render(
                "drills/settings.html", "drills/_settings_form.html", **_context(klass, errors=errors, values=values)
            ), 400
        drills.save(get_db(), class_id, new)
        return htmx.fragment_or_redirect(
            "drills/_settings_form.html",
            url_for("drills.settings", class_id=class_id),
            _("Drill saved."),
            **_context(klass, saved=True),
        )
    return htmx.render("drills/settings.html", "drills/_settings_form.html", **_context(klass))


@bp.route("/classes/<int:class_id>/drill/extra-time", methods=["POST"])
@login.teacher_required
def extra_time(class_id):
    """Changes to the short list of pupils who have extra time (`extra-<pupil id>` fields; 0 or
    empty takes a pupil off it), and one pupil added to it (`add_pupil`, `add_seconds`)."""
    klass = own_class(class_id)
    db = get_db()
    roster = {p["id"]: p for p in pupils.list_for_class(db, class_id)}
    chosen, errors = {}, {}
    message = _(
        "Give a whole number of seconds from %(low)d to %(high)d.",
        low=settings_form.EXTRA_TIME_RANGE[0],
        high=settings_form.EXTRA_TIME_RANGE[1],
    )
    for pupil_id in roster:
        field = f"extra-{pupil_id}"
        if field not in request.form:
            continue
        seconds = settings_form.parse_extra_time(request.form[field])
        if seconds is None:
            errors[pupil_id] = message
        else:
            chosen[pupil_id] = seconds
    add_error = None
    if request.form.get("add_pupil"):
        added = whole_number(request.form["add_pupil"], 19)
        seconds = settings_form.parse_extra_time(request.form.get("add_seconds"))
        if added not in roster:
            add_error = _("Choose a pupil of this class.")
        elif not seconds:
            add_error = _(
                "Give a whole number of seconds from %(low)d to %(high)d.",
                low=1,
                high=settings_form.EXTRA_TIME_RANGE[1],
            )
        else:
            chosen[added] = seconds
    if errors or add_error:
        typed = {
            whole_number(k[len("extra-") :], 19): v
            for k, v in request.form.items()
            if k.startswith("extra-") and whole_number(k[len("extra-") :], 19) in roster
        }
        return htmx.render(
            "drills/settings.html",
            "drills/_extra_time.html",
            **_context(klass, extra_errors=errors, extra=typed, add_error=add_error, add_values=request.form),
        ), 400
    drills.set_extra_times(db, chosen)
    return htmx.fragment_or_redirect(
        "drills/_extra_time.html",
        url_for("drills.settings", class_id=class_id),
        _("Extra time saved."),
        **_context(klass, extra_saved=True),
    )


@bp.route("/classes/<int:class_id>/drill/set", methods=["POST"])
@login.teacher_required
def drill_set(class_id):
    """Today's drill from one of the teacher's sets, or (no set) back to the adaptive drill. A
    pupil who has already started today's drill finishes the drill they started."""
    klass = own_class(class_id)
    db = get_db()
    chosen = request.form.get("set_id", "")
    day = school_day.today().isoformat()
    if not chosen:
        puzzle_sets.set_drill_set(db, class_id, day, None)
        message = _("Today's drill is chosen for each pupil again.")
    else:
        set_id = whole_number(chosen, max_digits=9)
        found = own_set(set_id) if set_id is not None else None
        if found is None or not puzzle_sets.puzzle_ids(db, found["id"]):
            return htmx.render(
                "drills/settings.html",
                "drills/_drill_set.html",
                **_context(klass, set_error=_("Choose one of your sets that holds puzzles.")),
            ), 400
        puzzle_sets.set_drill_set(db, class_id, day, found["id"])
        message = _("Today's drill is the set %(name)s.", name=found["name"])
    return htmx.fragment_or_redirect(
        "drills/_drill_set.html",
        url_for("drills.settings", class_id=class_id),
        message,
        **_context(klass, set_saved=message),
    )


@bp.route("/puzzles/upload", methods=["GET", "POST"])
@login.teacher_required
def upload_puzzles():
    errors, status = [], 200
    if request.method == "POST":
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            errors = [(0, _("Please choose a file."))]
        else:
            found, errors = read_upload(upload.read())
            if not errors:
                try:
                    stored = puzzle_review.store_own(get_db(), login.teacher_id(), found)
                except puzzle_review.OverQuota as over:
                    security_log.event(
                        "puzzle_upload_refused", teacher=login.teacher_id(), waiting=over.waiting, adding=over.adding
                    )
                    errors = [(0, over_quota_message(over))]
                else:
                    flash_stored(len(found), stored)
                    return redirect(url_for("drills.upload_puzzles"), 303)
        status = 400
    return htmx.render(
        "drills/upload.html",
        "drills/_upload_form.html",
        errors=errors,
        per_file=format_number(puzzle_review.MAX_PER_FILE),
        waiting=format_number(puzzle_review.MAX_WAITING),
    ), status
