"""Pupil login: class code -> tap your name -> three pictures in order.

Why the QR code does not carry the class code in its URL: anything in a URL path or query
ends up in server and proxy logs, browser history and the Referer header. The printed QR
code opens `/join#k=TOKEN`, where TOKEN is a separate random per-class value (not the code).
Browsers never send the fragment to a server, so it reaches no log; static/js/app.js reads
it, removes it from the address bar and history, and POSTs it to /join/qr. Without
JavaScript the page simply asks for the typed code. Regenerating the class code replaces the
token too, which retires old printed cards. A one-time token would not work here: the cards
are printed once and used every day.

The chosen class is kept in the signed session (its id, never the code) until the pupil has
logged in. How guessing codes and pictures is limited: trainer.web.core.guessing.

With practice at home on, the class code and the class QR work only in school hours (issue
47.1, trainer.pupils.home_hours): checked when the class is chosen and again at every step, so
a class chosen at 15:59 logs nobody in at 16:01.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, session, url_for
from flask_babel import get_locale

from trainer.store import classes, picture_passwords, pupils, throttle
from trainer.web.core import guessing, home_visit, htmx, login, security_log
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.db import get_db
from trainer.web.pupils import pictures
from trainer.web.signin import confirm as signin_confirm, pupil_link, views as signin

bp = Blueprint("pupil_login", __name__)

MAX_CODE = 40


def _chosen_class() -> dict | None:
    class_id = session.get("join_class")
    if not isinstance(class_id, int):
        return None
    klass = classes.get(get_db(), class_id)
    if klass is None or klass["archived_at"] is not None or not home_visit.class_code_works(klass["id"]):
        session.pop("join_class", None)
        return None
    return klass


def _after_school_message() -> str:
    return _("The class code works only in school hours. At home, scan your own home QR code.")


def _join_locked_message(seconds: int) -> str:
    minutes = max(1, (seconds + 59) // 60)
    return ngettext(
        "Too many wrong codes. Wait %(num)d minute or ask your teacher.",
        "Too many wrong codes. Wait %(num)d minutes or ask your teacher.",
        minutes,
    )


@bp.route("/join", methods=["GET", "POST"])
def join():
    error, status = None, 200
    if request.method == "POST":
        db = get_db()
        klass = None

        def check() -> bool:
            # Looked up only once admitted: a refused code is not even compared.
            nonlocal klass
            klass = classes.by_join_code(db, request.form.get("code", "")[:MAX_CODE])
            return klass is not None

        # Counted before the code is looked up, and never reset by a right one (it is only
        # not counted itself): someone who owns a class once reset the count at will.
        tried = guessing.attempt(
            None, check, ceilings=guessing.join_ceilings(), throttled="class_code_throttled", failed="class_code_wrong"
        )
        if tried.right and not home_visit.class_code_works(klass["id"]):
            security_log.event("class_code_after_school", class_id=klass["id"])
            error, status = _after_school_message(), 403
        elif tried.right:
            session["join_class"] = klass["id"]
            return redirect(url_for("pupil_login.names"), 303)
        elif tried.refused:
            error, status = _join_locked_message(tried.refused), 429
        else:
            error, status = _("We could not find a class with this code. Check it and try again."), 400
    return _join_form(error), status


def _join_form(error: str | None):
    return htmx.render(
        "pupil/join.html",
        "pupil/_join_form.html",
        error=error,
        pending_login=signin_confirm.pending_school_login(),
        providers=signin.signin_providers("pupil"),
    )


@bp.route("/join/qr", methods=["POST"])
def join_qr():
    db = get_db()
    klass = classes.by_qr_token(db, request.form.get("token", "")[: MAX_CODE * 2])
    if klass is not None and not home_visit.class_code_works(klass["id"]):
        security_log.event("class_code_after_school", class_id=klass["id"], card=True)
        return _join_form(_after_school_message()), 403
    if klass is not None:
        # A printed card's token has 192 bits: nobody guesses one, so a class whose address or
        # installation is at its ceiling of wrong codes still gets in with its cards.
        session["join_class"] = klass["id"]
        return htmx.full_reload(url_for("pupil_login.names"))
    tried = guessing.attempt(
        None,
        lambda: False,
        ceilings=guessing.join_ceilings(),
        throttled="class_code_throttled",
        failed="class_code_wrong",
        card=True,
    )
    if tried.refused:
        error, status = _join_locked_message(tried.refused), 429
    else:
        error, status = _("This login card is no longer valid. Type your class code instead."), 400
    return _join_form(error), status


@bp.route("/join/names")
def names():
    klass = _chosen_class()
    if klass is None:
        return redirect(url_for("pupil_login.join"))
    return htmx.render(
        "pupil/names.html",
        "pupil/_names.html",
        klass=klass,
        roster=pupils.list_for_class(get_db(), klass["id"], language=str(get_locale())),
        pending_login=signin_confirm.pending_school_login(),
    )


@bp.route("/join/leave", methods=["POST"])
def leave():
    session.pop("join_class", None)
    session.pop("picks", None)  # pictures tapped so far stay with nobody
    pupil_link.drop()  # and a school login someone started waits for nobody (issue 34)
    return redirect(url_for("pupil_login.join"), 303)


def _locked_message(seconds: int, by_device: bool) -> str:
    """Kind words for a child: their own tablet needs a short break, or (what others guessed
    held back a new tablet) the teacher, who can unlock them with one tap."""
    if by_device:
        minutes = max(1, (seconds + 59) // 60)
        return ngettext(
            "Let's take a little break. Try again in %(num)d minute, or ask your teacher.",
            "Let's take a little break. Try again in %(num)d minutes, or ask your teacher.",
            minutes,
        )
    return _("Please ask your teacher to help you log in. They can open your pictures again.")


def _picks_for(pupil_id: int) -> list[str]:
    # The taps so far live in the session, not in the page: a child tapping quickly must not
    # send a stale list from a page that has not caught up yet.
    state = session.get("picks")
    if isinstance(state, dict) and state.get("pupil") == pupil_id:
        keys = state.get("keys")
        if isinstance(keys, list) and picture_passwords.valid_sequence(keys):
            return list(keys)
    return []


def _store_picks(pupil_id: int, keys: list[str]) -> None:
    if keys:
        session["picks"] = {"pupil": pupil_id, "keys": keys}
    else:
        session.pop("picks", None)


@bp.route("/join/pupil/<int:pupil_id>", methods=["GET", "POST"])
def pictures_step(pupil_id):
    klass = _chosen_class()
    if klass is None:
        return redirect(url_for("pupil_login.join"))
    db = get_db()
    pupil = pupils.get_in_class(db, klass["id"], pupil_id)
    if pupil is None:
        security_log.not_yours("pupil", pupil_id)
    lock, ceilings = guessing.picture_limits(pupil_id, klass["id"])
    picked = _picks_for(pupil_id)
    message, status = None, 200
    locked, locked_by = throttle.refusal(db, lock, ceilings)
    if request.method != "POST" or "clear" in request.form or locked:
        picked = []
    else:
        pick = request.form.get("pick", "")
        if pick not in pictures.BY_KEY:
            abort(400)
        picked.append(pick)
        if len(picked) == picture_passwords.LENGTH:
            # Counted before the comparison, in one transaction with the checks: taps
            # replayed in parallel from one copied cookie cannot all get past them.
            tried = guessing.attempt(
                lock,
                lambda: ",".join(picked) == pupil["picture_password"],
                ceilings=ceilings,
                throttled="pupil_login_throttled",
                failed="pupil_login_failed",
                pupil=pupil_id,
            )
            if tried.right:
                guessing.remember_pupil_device(pupil_id)
                # A school login waiting for its first class code and pictures (issue 25) is
                # linked only once the pupil says it was them (issue 34, pupil_link).
                pending = pupil_link.take()
                login.login_pupil(pupil_id)
                security_log.event("pupil_login", pupil=pupil_id)
                if pupil_link.ask(pending, pupil_id):
                    return htmx.full_reload(url_for("signin_confirm.ask"))
                return htmx.full_reload(url_for("pupil_home.home"))
            locked = tried.wait
            locked_by = tried.refused_by if tried.refused else lock.key if tried.locked else None
            picked = []
            if not locked:
                message, status = _("Not quite. Try again!"), 400
    if locked:
        message, status = _locked_message(locked, locked_by == lock.key), 429
    _store_picks(pupil_id, picked)
    return htmx.render(
        "pupil/pictures.html",
        "pupil/_pad_status.html",
        klass=klass,
        pupil=pupil,
        picked=picked,
        pictures=pictures.PICTURES,
        message=message,
        locked=bool(locked),
    ), status
