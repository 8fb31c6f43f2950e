"""A class's home practice (issue 37.1): off or on, its hours and days, whether a home drill is
the daily drill, the school hours in which the class code works (issue 47.1), and each pupil's
personal home QR (shown, printed, renewed, freed from the device that holds it)."""

from __future__ import annotations

from datetime import datetime

from babel.dates import get_day_names
from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import format_datetime, get_locale

from trainer.pupils.home_hours import HomeHours, parse_clock, parse_days
from trainer.store import home_practice, pupils
from trainer.web.core import htmx, login
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_class, own_pupil
from trainer.web.db import get_db
from trainer.web.pupils import device_kind
from trainer.web.pupils.home_qr import home_qrs

bp = Blueprint("home_practice", __name__)


def _day_names() -> list[tuple[int, str]]:
    """ISO weekdays with their names in the page's language (Babel counts Monday as 0)."""
    names = get_day_names("wide", locale=get_locale())
    return [(iso, names[iso - 1]) for iso in range(1, 8)]


def _keys(db, class_id: int) -> tuple[list[dict], dict]:
    """The roster, and {pupil id: "iPad, since 2 Dec 2026, 16:03"} for the QRs a device holds."""
    roster = pupils.list_for_class(db, class_id, language=str(get_locale()))
    held = {}
    for pupil_id, row in home_practice.in_use(db, class_id).items():
        since = datetime.fromisoformat(row["first_used_at"]) if row["first_used_at"] else None
        held[pupil_id] = (
            _(
                "%(device)s, since %(when)s",
                device=device_kind.label(row["device_kind"]),
                when=format_datetime(since, "medium"),
            )
            if since
            else device_kind.label(row["device_kind"])
        )
    return roster, held


def _page(klass, setting: HomeHours, error: str | None = None, saved: bool = False):
    db = get_db()
    roster, keys = _keys(db, klass["id"])
    return htmx.render(
        "classes/home_practice.html",
        "classes/_home_practice_form.html",
        klass=klass,
        setting=setting,
        day_names=_day_names(),
        error=error,
        saved=saved,
        roster=roster,
        keys=keys,
    )


def _from_form(form) -> tuple[HomeHours | None, str | None]:
    opens, closes = parse_clock(form.get("opens", "")), parse_clock(form.get("closes", ""))
    if opens is None or closes is None:
        return None, _("Write the times as hours and minutes, for example 07:00 and 20:00.")
    if opens >= closes:
        return None, _("Home practice must open before it closes.")
    school_opens, school_closes = parse_clock(form.get("school_opens", "")), parse_clock(form.get("school_closes", ""))
    if school_opens is None or school_closes is None:
        return None, _("Write the school hours as hours and minutes, for example 08:00 and 16:00.")
    if school_opens >= school_closes:
        return None, _("School hours must begin before they end.")
    days = parse_days("".join(form.getlist("days")))
    enabled = form.get("enabled") == "1"
    if enabled and not days:
        return None, _("Choose at least one day, or switch home practice off.")
    school_days = parse_days("".join(form.getlist("school_days")))
    if enabled and not school_days:
        return None, _("Choose at least one school day: the class code works only on school days.")
    if form.get("counts") not in ("1", "0"):
        return None, _("Choose whether a drill at home counts as the daily drill.")
    return HomeHours(
        enabled=enabled,
        opens=opens,
        closes=closes,
        days=days,
        counts=form.get("counts") == "1",
        school_opens=school_opens,
        school_closes=school_closes,
        school_days=school_days,
    ), None


@bp.route("/classes/<int:class_id>/home-practice", methods=["GET", "POST"])
@login.teacher_required
def settings(class_id):
    klass = own_class(class_id)
    db = get_db()
    if request.method == "POST":
        setting, error = _from_form(request.form)
        if error:
            # Nothing is saved: the form comes back with what is stored and the message.
            return _page(klass, home_practice.hours(db, class_id), error), 400
        home_practice.save_hours(db, class_id, setting)
        if not htmx.hx().wants_fragment:
            flash(_("Saved: home practice."))
            return redirect(url_for("home_practice.settings", class_id=class_id), 303)
        return _page(klass, setting, saved=True)
    return _page(klass, home_practice.hours(db, class_id))


@bp.route("/pupils/<int:pupil_id>/home-qr")
@login.teacher_required
def show_qr(pupil_id):
    """One pupil's home QR, to print or show (the letter prints the whole class's)."""
    pupil = own_pupil(pupil_id)
    klass = own_class(pupil["class_id"])
    return htmx.render(
        "classes/home_qr.html",
        "classes/_home_qr_card.html",
        klass=klass,
        pupil=pupil,
        home_qr=home_qrs(get_db(), [pupil])[pupil_id],
        home_qr_name=pupil["name"],
    )


@bp.route("/pupils/<int:pupil_id>/home-qr/free", methods=["POST"])
@login.teacher_required
def free(pupil_id):
    """One tap: the device holding the QR (a parent's phone that scanned it) lets go of it, and
    the same printed QR works on the next device that logs in with it in the home hours."""
    pupil = own_pupil(pupil_id)
    home_practice.free(get_db(), pupil_id)
    flash(
        _(
            "The home QR code of %(name)s is free: it now works on the next tablet or phone that scans it "
            "in the home hours.",
            name=pupil["name"],
        )
    )
    return redirect(url_for("home_practice.settings", class_id=pupil["class_id"]) + "#home-keys", 303)


@bp.route("/pupils/<int:pupil_id>/home-qr/renew", methods=["POST"])
@login.teacher_required
def renew(pupil_id):
    """A new QR for a lost or handed-on one: the old one logs in nobody from now on, and a home
    session opened with it ends at its next click (home_login.gate)."""
    pupil = own_pupil(pupil_id)
    home_practice.renew(get_db(), pupil_id)
    flash(_("New home QR code for %(name)s. The old one no longer works: print the new one.", name=pupil["name"]))
    return redirect(url_for("home_practice.show_qr", pupil_id=pupil_id), 303)
