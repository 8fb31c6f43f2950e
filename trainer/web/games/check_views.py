""" "Check our table" (issue 37.5): for families and classes playing with the printed cards. Tap
the magic number, the table cards and a hand (the puzzle editor's card picker,
templates/cards/_picker.html), and see every capture, hidden until "Show", and why a capture
someone tried does or does not work. Teachers and pupils get the same page; it stores nothing.

The solver and the explanations are trainer.games.table_check's; the words check_words'.
"""

from __future__ import annotations

from flask import Blueprint, request, url_for

from trainer.games.table_check import MAX_HAND, MAX_TABLE, captures, explain_try
from trainer.web.core import htmx, login
from trainer.web.games import check_words, words
from trainer.web.worksheets import editor_form

bp = Blueprint("table_check", __name__)

MAGIC_NUMBERS = (7, 8, 9, 10)  # the backs' numbers (R1.2) and the blue 7 (R1.4)


@bp.route("/games/check-table", methods=["GET", "POST"])
@login.pupil_required
def pupil():
    return _page(url_for("table_check.pupil"), "pupil")


@bp.route("/check-table", methods=["GET", "POST"])
@login.teacher_required
def teacher():
    return _page(url_for("table_check.teacher"), "teacher")


def _page(url: str, side: str):
    form = request.form if request.method == "POST" else None
    # The script moves tapped cards itself before it asks (editor_form.read).
    state = editor_form.read(form, with_tap=not htmx.hx().is_htmx) if form else editor_form.EditorState(target=None)
    joker = bool(form and form.get("joker"))
    shown = bool(form and form.get("show") == "1")
    tried = tuple(form.getlist("tried")) if form else ()
    context = {
        "url": url,
        "side": side,
        "state": state,
        "joker": joker,
        "shown": shown,
        "palette": editor_form.palette(),
        "targets": MAGIC_NUMBERS,
        **_answer(state, joker, tried),
    }
    return htmx.render("games/check.html", "games/_check_answer.html", **context)


def _answer(state, joker: bool, tried) -> dict:
    if state.target not in MAGIC_NUMBERS:
        return {"problem": check_words.problem("target", {}) if state.table or state.hand else None}
    if len(state.hand) > MAX_HAND:
        return {"problem": check_words.problem("hand_size", {"most": MAX_HAND})}
    if len(state.table) > MAX_TABLE:
        return {"problem": check_words.problem("table_size", {"most": MAX_TABLE})}
    if not state.table or not state.hand:
        return {"problem": None}
    counted = captures(state.hand, state.table, state.target, joker)
    found = [{"capture": c, "sum": words.sum_line(c.play, c.capture)} for c in counted.best]
    tried = tuple(c for c in tried if c in state.hand or c in state.table)
    verdict = explain_try(state.hand, state.table, state.target, joker, tried) if tried else None
    return {
        "problem": None,
        "ready": True,
        "captures": found,
        "total": counted.total,
        "more": counted.total - len(found),
        "tried": tried,
        "verdict": check_words.verdict(verdict) if verdict else None,
        "verdict_works": bool(verdict and verdict.works),
    }
