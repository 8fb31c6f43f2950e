"""The pupil's side of drills: today's drill and free practice, one puzzle at a time.

No URL carries an attempt id: the screen at /practice is always "where this pupil is now"
(practice_flow.current_screen), and the attempt id travels in the answer form, checked against
the logged-in pupil. So a link or a reload can never show or answer another child's puzzle."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    g,
    redirect,
    request,
    session as signed_session,
    url_for,
)

from trainer.practice import answers, flow as practice_flow
from trainer.store import drills, practice, puzzles
from trainer.store.db import write_transaction
from trainer.web.core import home_visit, htmx, login, once, school_day, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.db import get_db
from trainer.web.drills import ahead, pending_taps, puzzle_pages, screen as puzzle_screen, sums
from trainer.web.drills.feedback import feedback

bp = Blueprint("practice", __name__)

PROBLEMS = {
    answers.NEED_HAND: lambda: _("Tap one card from your hand."),
    answers.NEED_TABLE: lambda: _("Take at least one card from the table."),
    answers.NEED_DELTA: lambda: _("Choose −1, 0 or +1 for your Joker first."),
    answers.NONE_YET: lambda: _("Tap the cards of a combination first."),
}


def _puzzle_context(db, screen, attempt: dict, puzzle, progress, waiting: dict) -> dict:
    """What templates/practice/_puzzle.html needs for one puzzle being answered."""
    problem = PROBLEMS.get(waiting.get("problem"))
    return dict(
        screen=screen,
        attempt=attempt,
        puzzle=puzzle,
        progress=progress,
        kind_name=puzzle_screen.KIND_NAMES[puzzle.kind],
        keys=puzzle_screen.card_keys(puzzle.position),
        single=puzzle_screen.single_answer(puzzle),
        instructions=puzzle_screen.instructions(puzzle),
        reminder=puzzle_screen.points_reminder(puzzle),
        sums=sums.patterns(),
        hide_countdown=once.pupil_settings(db, g.pupil["id"])["hide_countdown"],
        # As the puzzle was issued (trainer.practice.flow): no countdown, nothing sent at a limit.
        untimed=not attempt.get("timed", True),
        waiting=waiting,
        waiting_sum=puzzle_screen.waiting_sum(waiting["cards"]),
        waiting_combos=puzzle_screen.waiting_combos(waiting["combos"]),
        problem=problem() if problem else None,
    )


def _puzzle_html(db, screen, attempt: dict, puzzle, progress, waiting: dict, ticket: str | None = None):
    return puzzle_pages.render(
        lambda: _puzzle_context(db, screen, attempt, puzzle, progress, waiting),
        puzzle=puzzle,
        attempt=attempt,
        progress=progress,
        waiting=waiting,
        ticket=ticket,
    )


def _ahead_puzzles(db, screen, progress) -> list[dict]:
    """The puzzles after this one, for the page to use only if the network goes (ahead.py):
    [{html, keep_ms}]."""
    handed = []
    for number, item in enumerate(ahead.tickets(db, g.pupil, screen.session, progress.answered), 1):
        later = replace(progress, answered=progress.answered + number)
        waiting = pending_taps.load(item["attempt"]["id"])
        html = _puzzle_html(db, screen, item["attempt"], item["puzzle"], later, waiting, item["ticket"])
        handed.append({"html": html, "keep_ms": item["keep_ms"]})
    return handed


def _screen_context(screen: practice_flow.Screen) -> dict:
    db = get_db()
    attempt = screen.attempt
    puzzle = puzzles.get(db, attempt["puzzle_id"])
    progress = practice_flow.progress(db, screen.session)
    context = dict(
        screen=screen,
        attempt=attempt,
        puzzle=puzzle,
        progress=progress,
        kind_name=puzzle_screen.KIND_NAMES[puzzle.kind],
        ahead=[],
    )
    if screen.answering:
        waiting = pending_taps.peek(attempt["id"])
        context["puzzle_html"] = _puzzle_html(db, screen, attempt, puzzle, progress, waiting)
        if not pending_taps.load(attempt["id"]).get("cards"):
            context["ahead"] = _ahead_puzzles(db, screen, progress)
    else:
        status = (
            practice_flow.drill_status(db, g.pupil, clock=school_day, reads=once)
            if screen.session["finished_at"]
            else None
        )
        context.update(fb=feedback(attempt, puzzle), status=status, progress_line=puzzle_pages.progress_line(progress))
    return context


@bp.route("/practice")
@login.pupil_required
def show():
    screen = practice_flow.current_screen(get_db(), g.pupil, clock=school_day)
    if screen is None or screen.attempt is None:
        return redirect(url_for("pupil_home.home"))
    return htmx.render("practice/page.html", "practice/_screen.html", **_screen_context(screen))


def _where_the_pupil_is_now():
    """After a change: htmx gets the new screen in the same response (one round trip per tap
    of "Next" or "Done" — the whole class does this every few seconds); a plain form post is
    redirected to /practice, so a reload never posts twice."""
    if htmx.hx().wants_fragment:
        return show()
    return redirect(url_for("practice.show"), 303)


def _too_old():
    """An answer that does not count: of an earlier school day, or held on the tablet for longer
    than a Wi-Fi drop (trainer/practice/flow.py, ahead.py). The child is told once, in a few calm
    words that blame the Wi-Fi, and sees the server's page for now with a full load: what the page
    held (a puzzle from yesterday, tickets) is out of date."""
    message = _("The Wi-Fi was away too long, so those answers don't count. Let's go on!")
    # The outbox sends held answers one by one: say it once, not once per answer.
    if message not in [text for _category, text in signed_session.get("_flashes", [])]:
        flash(message)
    return htmx.full_reload(url_for("practice.show"))


@bp.route("/practice/next", methods=["POST"])
@login.pupil_required
def next_puzzle():
    mode = request.form.get("mode", practice_flow.DRILL)
    if mode not in (practice_flow.DRILL, practice_flow.PRACTICE):
        abort(400)
    session, attempt_id = practice_flow.next_puzzle(
        get_db(),
        g.pupil,
        mode,
        current_app.config["PUZZLE_BANK_GENERATED"],
        home=home_visit.practice_place(),
        clock=school_day,
        reads=once,
    )
    if attempt_id is None and session["finished_at"] is None:
        flash(_("You have done every puzzle there is for today. Well done!"))
        return htmx.full_reload(url_for("pupil_home.home"))
    return _where_the_pupil_is_now()


@bp.route("/practice/answer", methods=["POST"])
@login.pupil_required
def answer():
    db = get_db()
    try:
        # Read before anything is stored: a refused answer stores nothing, not even the attempt
        # of the offline ticket it came with (issue 45: two refused tickets left two unanswered
        # attempts, and the drill page answered 500 once one of them had expired).
        posted = answers.parse_posted(request.form) if "answer" in request.form else None
        # A tap is checked against the puzzle only once it is claimed: a refused one takes the
        # ticket's claim back with it (one transaction). Other answers take no lock here.
        claiming_a_tap = posted is None and bool(request.form.get("ahead"))
        if posted is not None and not request.form.get("ahead"):
            # The page's whole answer to a puzzle the server issued: record_answer reads the
            # attempt in its own transaction (another pupil's finds nothing; a double tap finds
            # it answered and changes nothing), so it is not read before as well.
            attempt_id, done = request.form.get("attempt", ""), None
        else:
            with write_transaction(db) if claiming_a_tap else nullcontext():
                attempt, done = _claimed_attempt(db)
                if done is None and posted is None:
                    posted = pending_taps.step(request.form, puzzles.get(db, attempt["puzzle_id"]), attempt["id"])
                    if posted is None:
                        done = _where_the_pupil_is_now
                attempt_id = attempt["id"] if attempt else ""
    except answers.AnswerError:
        return htmx.render("practice/answer_error.html", "practice/_answer_error.html"), 400
    if done is not None:
        return done()
    try:
        row, stored = practice_flow.record_answer(
            db, g.pupil, attempt_id, posted, home_visit.at_home(), clock=school_day
        )
    except practice_flow.NotYours:
        security_log.not_yours("attempt", None)
    except practice_flow.TooOld:
        return _too_old()
    if stored and practice_flow.HELD_TOO_LONG in row["flags"]:
        return _too_old()
    return _where_the_pupil_is_now()


def _claimed_attempt(db):
    """The attempt this answer is for, made from its offline ticket if it came with one
    (ahead.py), and what to answer instead of recording it (None: record it)."""
    if request.form.get("ahead"):
        try:
            ahead.claim(
                db, g.pupil, request.form.get("attempt", ""), request.form["ahead"], at_home=home_visit.at_home()
            )
        except ahead.TicketError:
            security_log.not_yours("ahead puzzle", None)
        except ahead.Expired:
            return None, _too_old
        except ahead.AlreadyUsed:
            # The puzzle was answered in this sitting already: like a double tap, nothing changes.
            return None, _where_the_pupil_is_now
    attempt = practice.attempt(db, request.form.get("attempt", ""), g.pupil["id"])
    if attempt is None:
        security_log.not_yours("attempt", None)
    if attempt["answered_at"] is not None:
        # A double tap or a resubmit: the first answer stands; show where the pupil is now.
        return attempt, _where_the_pupil_is_now
    return attempt, None


@bp.route("/me/countdown", methods=["POST"])
@login.pupil_required
def countdown():
    hide = request.form.get("hide") == "1"
    drills.set_pupil_flag(get_db(), g.pupil["id"], "hide_countdown", hide)
    flash(_("The time bar is hidden. The time still runs.") if hide else _("The time bar is back."))
    return redirect(url_for("pupil_home.home"), 303)
