"""The administrator's review of teachers' puzzles (issue 38.1): accept a teacher's puzzle into
the shared bank or keep it out, and remove any puzzle, each shown with what it was served.
Renders templates/school/puzzles.html."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, request, url_for

from trainer.store import puzzle_review
from trainer.web.core import htmx, login, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.core.numbers import whole_number
from trainer.web.db import get_db
from trainer.web.drills.screen import KIND_NAMES

bp = Blueprint("puzzle_review", __name__, url_prefix="/school/puzzles")


def _tab(values) -> tuple[str, int]:
    show = values.get("show", "pending")
    page = whole_number(values.get("page", "1"), 6) or 1
    return (show if show in puzzle_review.STATUSES else "pending"), page


def _back(values, message: str):
    flash(message)
    show, page = _tab(values)
    return redirect(url_for("puzzle_review.index", show=show, page=page), 303)


@bp.route("")
@login.admin_required
def index():
    show, page = _tab(request.args)
    db = get_db()
    counts = puzzle_review.counts(db)
    pages = max(1, -(-counts[show] // puzzle_review.PAGE))
    page = min(page, pages)
    return htmx.render(
        "school/puzzles.html",
        "school/_puzzles.html",
        show=show,
        page_number=page,
        pages=pages,
        counts=counts,
        rows=puzzle_review.listing(db, show, page),
        kind_names=KIND_NAMES,
    )


@bp.route("/<puzzle_id>/review", methods=["POST"])
@login.admin_required
def review(puzzle_id: str):
    decision = request.form.get("decision", "")
    if decision not in ("accept", "keep_out"):
        abort(400)
    if not puzzle_review.decide(get_db(), puzzle_id, g.teacher["id"], decision == "accept"):
        abort(404)
    security_log.event(
        "puzzle_accepted" if decision == "accept" else "puzzle_kept_out", teacher=g.teacher["id"], puzzle=puzzle_id
    )
    return _back(
        request.form,
        _("The puzzle is in the shared puzzle bank: every class may get it now.")
        if decision == "accept"
        else _("The puzzle stays out of the shared bank: only its teacher's classes get it."),
    )


@bp.route("/<puzzle_id>/remove", methods=["POST"])
@login.admin_required
def remove(puzzle_id: str):
    if not puzzle_review.remove(get_db(), puzzle_id, g.teacher["id"]):
        abort(404)
    security_log.event("puzzle_removed", teacher=g.teacher["id"], puzzle=puzzle_id)
    return _back(
        request.form,
        _("The puzzle is removed: no class gets it any more. Answers already given to it stay in the pupils' records."),
    )
