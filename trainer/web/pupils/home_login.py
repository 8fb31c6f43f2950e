"""Logging in at home with the personal home QR, and the gate of home sessions (issue 37.1).

The home QR opens /at-home#k=TOKEN. As with the class's login cards (picture_login), the token
travels in the fragment, which no server or log sees: static/js/app.js posts it with the
page's form #qr-join. The key logs in its pupil only on the device that first logged in with
it inside the home hours (trainer.store.home_practice.use); another device is refused with kind
words and no login, and a scan outside the hours shows when practice opens and binds nothing.

While a home session lasts, every page it asks for first passes `gate`: home practice
switched off, outside the class's hours or a renewed QR send the child to a friendly screen
("See you tomorrow!"), never to an error.
"""

from __future__ import annotations

from flask import Blueprint, current_app, g, redirect, request, url_for
from flask_babel import format_date

from trainer.pupils.home_hours import next_opening
from trainer.store import home_practice
from trainer.web.core import device, guessing, home_visit, htmx, login, school_day, security_log
from trainer.web.core.i18n import gettext as _
from trainer.web.db import get_db
from trainer.web.pupils import device_kind

bp = Blueprint("home_login", __name__)

MAX_TOKEN = 80
# What a closed home session may still reach: logging out, the language, this module's pages
# and what every page needs.
OPEN_ENDPOINTS = {"auth.logout", "language.choose", "static"}


@bp.route("/at-home", methods=["GET", "POST"])
def welcome():
    if request.method != "POST":
        return htmx.render("pupil/at_home.html", "pupil/_at_home.html", message=None)
    db = get_db()
    token = request.form.get("token", "")[:MAX_TOKEN]
    outcome, pupil = home_practice.use(
        db,
        current_app.secret_key,
        token,
        device.key(),
        school_day.local_now(),
        device_kind.kind(request.user_agent.string),
    )
    if outcome == home_practice.UNKNOWN:
        # A home QR has a 192-bit MAC, like a class's card: a wrong one is still counted with the
        # wrong class codes of this device and address, so trying tokens meets the same ceilings.
        guessing.attempt(
            None,
            lambda: False,
            ceilings=guessing.join_ceilings(),
            throttled="class_code_throttled",
            failed="home_key_wrong",
            card=True,
        )
        return _refused(_("This home QR code no longer works. Ask your teacher for a new one.")), 400
    if outcome == home_practice.OTHER_DEVICE:
        security_log.event("home_key_other_device", pupil=pupil["id"])
        return _refused(
            _("This QR code already works on another tablet or phone. Ask your teacher if you need it on this one.")
        ), 403
    if outcome == home_practice.CLOSED:
        # Not logged in, nothing bound: a closed door needs no session.
        return _closed_page(home_practice.hours(db, pupil["class_id"]))
    guessing.remember_pupil_device(pupil["id"])
    login.login_pupil(pupil["id"])
    home_visit.start(pupil["id"], pupil["generation"])
    security_log.event("pupil_login", pupil=pupil["id"], at_home=1)
    return htmx.full_reload(url_for("pupil_home.home"))


def _refused(message: str):
    return htmx.render("pupil/at_home.html", "pupil/_at_home.html", message=message)


def _closed_page(hours):
    """The friendly screen: when home practice opens again, in the child's words."""
    now = school_day.local_now()
    opening = next_opening(hours, now)
    # The heading says when as the line below does: "See you later!" when it opens today.
    later_today = opening is not None and opening.date() == now.date()
    if opening is None:
        when = None
    elif later_today:
        when = _("Practice at home opens at %(time)s.", time=opening.strftime("%H:%M"))
    elif (opening.date() - now.date()).days == 1:
        when = _("Practice at home opens tomorrow at %(time)s.", time=opening.strftime("%H:%M"))
    else:
        when = _(
            "Practice at home opens on %(day)s at %(time)s.",
            day=format_date(opening.date(), "EEEE"),
            time=opening.strftime("%H:%M"),
        )
    return htmx.render(
        "pupil/see_you.html", "pupil/_see_you.html", when=when, switched_off=not hours.enabled, later_today=later_today
    )


@bp.route("/at-home/closed")
def closed():
    if not home_visit.at_home():
        return _leave(url_for("pupil_home.home" if g.pupil else "pupil_login.join"))
    hours = home_visit.class_hours()
    if home_visit.open_now(hours):
        # Opened again (a reload in the morning): straight back to the child's page.
        return _leave(url_for("pupil_home.home"))
    return _closed_page(hours)


@bp.before_app_request
def gate():
    """A home session outside its hours reaches only the friendly screen."""
    if (
        getattr(g, "pupil", None) is None
        or request.endpoint in OPEN_ENDPOINTS
        or (request.endpoint or "").startswith("home_login.")
        or not home_visit.at_home()
    ):
        return None
    if home_visit.key_lost():
        # The teacher renewed the QR (a lost tablet) or freed it: this device's home session ends now.
        security_log.event("home_key_renewed_logout", pupil=g.pupil["id"])
        login.logout()
        return _leave(url_for("home_login.welcome"))
    if home_visit.open_now(home_visit.class_hours()):
        return None
    return _leave(url_for("home_login.closed"))


def _leave(url: str):
    if htmx.hx().is_htmx:
        return htmx.full_reload(url)
    return redirect(url, 303 if request.method == "POST" else 302)
