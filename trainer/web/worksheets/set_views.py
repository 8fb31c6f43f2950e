"""A teacher's puzzle sets and the tap-to-build editor that fills them; a set is printed as a
worksheet here, and made a class's drill for the day on the class's drill page
(trainer.web.drills.teacher_views)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for

from trainer.puzzles.editor import draft_puzzle
from trainer.puzzles.kinds import KINDS
from trainer.puzzles.worksheet import COUNT_RANGE
from trainer.store import puzzle_review, puzzle_sets, puzzles, worksheets
from trainer.store.db import write_transaction
from trainer.web.core import htmx, login
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_set
from trainer.web.db import get_db
from trainer.web.drills import screen
from trainer.web.drills.problems import problem_text
from trainer.web.drills.upload import over_quota_message
from trainer.web.worksheets import editor_form, sheet

bp = Blueprint("puzzle_sets", __name__)

MAX_SET = COUNT_RANGE[1]  # a set prints as one worksheet
NAME_LENGTH = 60


def _read_name(form) -> tuple[str, str | None]:
    name = " ".join(form.get("name", "").split())
    if not name:
        return name, _("Give the set a name.")
    if len(name) > NAME_LENGTH:
        return name, _("A name of at most %(num)d characters, please.", num=NAME_LENGTH)
    return name, None


@bp.route("/sets", methods=["GET", "POST"])
@login.teacher_required
def index():
    db = get_db()
    name, error = "", None
    if request.method == "POST":
        name, error = _read_name(request.form)
        if error is None:
            set_id = puzzle_sets.create(db, login.teacher_id(), name)
            return redirect(url_for("puzzle_sets.show", set_id=set_id), 303)
    return htmx.render(
        "sets/index.html",
        "sets/_new_set.html",
        sets=puzzle_sets.for_teacher(db, login.teacher_id()),
        name=name,
        error=error,
    ), 400 if error else 200


def _set_page(found: dict, state: editor_form.EditorState, status: int = 200, **extra):
    db = get_db()
    draft = draft_puzzle(state.table, state.hand, state.target, state.kind, state.draft_focus)
    members = puzzles.get_many(db, puzzle_sets.puzzle_ids(db, found["id"]))
    context = dict(
        found=found,
        state=state,
        draft=draft,
        problem=problem_text(draft.problem) if draft.problem else None,
        key=sheet.key_entry(0, draft.puzzle) if draft.puzzle else None,
        members=[(p, sheet.key_entry(n, p)) for n, p in enumerate(members, 1)],
        full=len(members) >= MAX_SET,
        palette=editor_form.palette(),
        targets=editor_form.TARGETS,
        kinds=KINDS,
        kind_names=screen.KIND_NAMES,
        max_set=MAX_SET,
        **extra,
    )
    return htmx.render("sets/show.html", "sets/_draft_answer.html", **context), status


@bp.route("/sets/<int:set_id>")
@login.teacher_required
def show(set_id):
    return _set_page(own_set(set_id), editor_form.EditorState())


@bp.route("/sets/<int:set_id>/draft", methods=["POST"])
@login.teacher_required
def draft(set_id):
    """A tap without JavaScript (the whole page again), or the live answer (htmx, a fragment)."""
    return _set_page(own_set(set_id), editor_form.read(request.form, with_tap=not htmx.hx().is_htmx))


class _Refused(Exception):
    """Rolls back the puzzle stored for a set that cannot take it; `message` says why."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@bp.route("/sets/<int:set_id>/puzzles", methods=["POST"])
@login.teacher_required
def add(set_id):
    found = own_set(set_id)
    state = editor_form.read(request.form, with_tap=False)
    built = draft_puzzle(state.table, state.hand, state.target, state.kind, state.draft_focus)
    if built.puzzle is None:
        return _set_page(found, state, 400, save_error=True)
    db = get_db()
    try:
        # One transaction: a refused add leaves the bank as it was (issue 38.6). The teacher's
        # own puzzle, as an upload is (trainer.store.puzzle_review).
        with write_transaction(db):
            stored = puzzle_review.store_own(db, login.teacher_id(), [built.puzzle])
            if stored.removed:
                raise _Refused(_("The school's administrator removed this puzzle from the puzzle bank."))
            outcome = puzzle_sets.add_puzzle(db, set_id, built.puzzle.id, MAX_SET)
            if outcome == "full":
                raise _Refused(_("The set is full: a set holds at most %(num)d puzzles.", num=MAX_SET))
    except puzzle_review.OverQuota as over:
        return _set_page(found, state, 400, save_message=over_quota_message(over))
    except _Refused as refused:
        return _set_page(found, state, 400, save_message=refused.message)
    flash(_("The puzzle is in the set.") if outcome == "added" else _("The set already holds this puzzle."))
    return redirect(url_for("puzzle_sets.show", set_id=set_id), 303)


@bp.route("/sets/<int:set_id>/puzzles/<puzzle_id>/remove", methods=["POST"])
@login.teacher_required
def remove(set_id, puzzle_id):
    own_set(set_id)
    if puzzle_sets.remove_puzzle(get_db(), set_id, puzzle_id):
        flash(_("The puzzle is out of the set."))
    return redirect(url_for("puzzle_sets.show", set_id=set_id), 303)


@bp.route("/sets/<int:set_id>/worksheet", methods=["POST"])
@login.teacher_required
def print_set(set_id):
    found = own_set(set_id)
    db = get_db()
    ids = puzzle_sets.puzzle_ids(db, set_id)
    if not ids:
        flash(_("Add a puzzle to the set first."))
        return redirect(url_for("puzzle_sets.show", set_id=set_id), 303)
    code = worksheets.save(db, login.teacher_id(), ids, {"set": found["name"]})
    return redirect(url_for("worksheets.show", code=code), 303)


@bp.route("/sets/<int:set_id>/delete", methods=["POST"])
@login.teacher_required
def delete(set_id):
    found = own_set(set_id)
    puzzle_sets.delete(get_db(), set_id)
    flash(_("The set %(name)s is deleted. Its puzzles stay in the puzzle bank.", name=found["name"]))
    return redirect(url_for("puzzle_sets.index"), 303)
