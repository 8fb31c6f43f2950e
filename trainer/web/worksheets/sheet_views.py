"""Worksheets: the class's form (kinds, difficulty, count, seed), the printable sheet and its
answer key, and a sheet brought back by its code."""

from __future__ import annotations

import secrets

from flask import Blueprint, flash, redirect, request, url_for

from trainer.puzzles.kinds import KINDS
from trainer.puzzles.worksheet import (
    BANDS,
    COUNT_RANGE,
    SEED_RANGE,
    WorksheetError,
    choose_puzzles,
    class_rating,
    parse_sheet_code,
    sheet_request,
    writing_lines,
)
from trainer.store import practice, puzzles, worksheets
from trainer.web.core import htmx, login, security_log
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.core.ownership import own_class
from trainer.web.db import get_db
from trainer.web.drills import screen
from trainer.web.worksheets import sheet

bp = Blueprint("worksheets", __name__)

DEFAULT_COUNT = 8


def _form_page(klass: dict, values: dict, errors: dict, status: int = 200):
    return htmx.render(
        "worksheets/new.html",
        "worksheets/_form.html",
        klass=klass,
        values=values,
        errors=errors,
        kinds=KINDS,
        kind_names=screen.KIND_NAMES,
        kind_descriptions=screen.KIND_DESCRIPTIONS,
        bands=list(BANDS),
        band_names=sheet.band_names(),
        count_range=COUNT_RANGE,
        seed_range=SEED_RANGE,
    ), status


def _error_text(err: WorksheetError) -> tuple[str, str]:
    """(field, message in the teacher's language)."""
    if err.code in ("no_kinds", "unknown_kind"):
        return "kinds", _("Choose at least one kind of puzzle.")
    if err.code == "unknown_band":
        return "band", _("Choose how hard the puzzles are.")
    low, high = err.params["low"], err.params["high"]
    if err.code == "count_range":
        return "count", _("Give a whole number of puzzles from %(low)d to %(high)d.", low=low, high=high)
    return "seed", _("Give a whole number from %(low)d to %(high)d.", low=low, high=high)


@bp.route("/classes/<int:class_id>/worksheet", methods=["GET", "POST"])
@login.teacher_required
def new(class_id):
    klass = own_class(class_id)
    if request.method != "POST":
        values = {"kinds": list(KINDS), "band": "class", "count": DEFAULT_COUNT, "seed": secrets.randbelow(9999) + 1}
        return _form_page(klass, values, {})
    form = request.form
    values = {
        "kinds": form.getlist("kinds"),
        "band": form.get("band", ""),
        "count": form.get("count", ""),
        "seed": form.get("seed", ""),
    }
    errors, probe = {}, dict(values)
    for _field in range(len(values) + 1):  # every field's problem at once, not the first only
        try:
            wanted = sheet_request(probe["kinds"], probe["band"], probe["count"], probe["seed"])
            break
        except WorksheetError as err:
            field, message = _error_text(err)
            errors[field] = message
            probe.update(_stand_in(field))
    if errors:
        return _form_page(klass, values, errors, 400)
    db = get_db()
    puzzles.ensure_bank(db)
    # The shared bank and this teacher's own puzzles: never another teacher's (issue 38.1).
    served = puzzles.bank(db, wanted.kinds, klass["teacher_id"])
    choice = choose_puzzles(wanted, served, class_rating(practice.class_ratings(db, class_id)))
    if not choice.ids:
        return _form_page(klass, values, {"kinds": _("The puzzle bank has no puzzles of these kinds yet.")}, 400)
    code = worksheets.save(
        db,
        login.teacher_id(),
        choice.ids,
        {"kinds": list(wanted.kinds), "band": wanted.band, "count": wanted.count, "seed": wanted.seed},
    )
    if choice.short_by:
        flash(
            ngettext(
                "The bank has only %(num)d puzzle of these kinds.",
                "The bank has only %(num)d puzzles of these kinds.",
                len(choice.ids),
            )
        )
    if choice.outside_band:
        flash(
            ngettext(
                "%(num)d puzzle is a little easier or harder than you asked: there were not enough.",
                "%(num)d puzzles are a little easier or harder than you asked: there were not enough.",
                choice.outside_band,
            )
        )
    return redirect(url_for("worksheets.show", code=code), 303)


def _stand_in(field: str) -> dict:
    """A valid value for a field already reported, so that the next check can run."""
    return {
        "kinds": {"kinds": [KINDS[0]]},
        "band": {"band": "class"},
        "count": {"count": COUNT_RANGE[0]},
        "seed": {"seed": SEED_RANGE[0]},
    }[field]


@bp.route("/worksheets", methods=["GET", "POST"])
@login.teacher_required
def find():
    """A sheet by the code printed in its corner."""
    if request.method != "POST":
        return htmx.render("worksheets/find.html", "worksheets/_find_form.html", typed="", error=None)
    typed = request.form.get("code", "")
    try:
        code = parse_sheet_code(typed)
    except WorksheetError:
        error = _("A sheet code is 8 letters and digits, like K7QM-3XPA.")
    else:
        if worksheets.get(get_db(), login.teacher_id(), code) is not None:
            return redirect(url_for("worksheets.show", code=code), 303)
        error = _("None of your worksheets has the code %(code)s.", code=code)
    return htmx.render("worksheets/find.html", "worksheets/_find_form.html", typed=typed, error=error), 400


@bp.route("/worksheets/<code>")
@login.teacher_required
def show(code):
    try:
        code = parse_sheet_code(code)
    except WorksheetError:
        security_log.not_yours("worksheet", code)
    db = get_db()
    stored = worksheets.get(db, login.teacher_id(), code)
    if stored is None:
        security_log.not_yours("worksheet", code)
    found = puzzles.get_many(db, stored["puzzle_ids"])
    numbered = list(enumerate(found, 1))
    pages, at = [], 0
    for page in sheet.paginate(found):
        pages.append(
            [
                {
                    "number": n,
                    "puzzle": p,
                    "lines": writing_lines(p),
                    "instruction": sheet.instruction(p),
                    "height": sheet.box_height(p),
                }
                for n, p in numbered[at : at + len(page)]
            ]
        )
        at += len(page)
    key = [sheet.key_entry(n, p) for n, p in numbered]
    return htmx.render(
        "worksheets/sheet.html",
        "worksheets/sheet.html",
        code=code,
        pages=pages,
        key=key,
        title=sheet.title_text(stored["title"], screen.KIND_NAMES),
    )
