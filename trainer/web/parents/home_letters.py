"""The home letters (issue 37.2): one A4 letter per pupil, in the language the teacher picks
(the teacher's own by default), two pupils never on one sheet; a blank-name test print; and the
teacher's renewing and switching off of parent links (issue 37.3), per pupil and per class.
Printed by the browser, like the login cards: no PDF library on the server.

A letter carries no class-wide way in (issue 47.1): neither the class's QR nor its code, which
would open "Who are you?" with every classmate's name. At home the child logs in with their own
home QR only, and the letter labels each code and says the hours and whom to ask."""

from __future__ import annotations

from babel.dates import get_day_names
from babel.lists import format_list
from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import force_locale, get_locale
from markupsafe import Markup

from trainer.pupils.home_hours import EVERY_DAY, HomeHours, clock_text
from trainer.store import home_practice, parent_links, pupils, teachers
from trainer.web.core import htmx, login
from trainer.web.core.i18n import LANGUAGES, gettext as _, ngettext
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_class, own_pupil
from trainer.web.core.qr import qr_svg
from trainer.web.db import get_db
from trainer.web.pupils.home_qr import home_qrs

bp = Blueprint("home_letters", __name__)


def _base() -> str:
    return current_app.config.get("PUBLIC_URL") or request.host_url.rstrip("/")


def _letter(pupil: dict | None, token: str | None, lang: str, home_qr: Markup | None = None) -> dict:
    """One letter's data; `pupil` None: the blank-name test print. `home_qr`: the child's own
    home QR (issue 37.2), given when the class has practice at home switched on."""
    parent_qr = None
    if token:
        url = _base() + url_for("parent_page.show", link=token, lang=lang)
        parent_qr = qr_svg(url, _("QR code: opens your child's page for parents"))
    return {
        "pupil": pupil,
        "parent_qr": parent_qr,
        "switched_off": pupil is not None and token is None,
        "home_qr": home_qr,
    }


def _hours_text(hours: HomeHours) -> str:
    """ "on Monday, Tuesday and Friday from 15:00 to 19:30", in the letter's language."""
    times = {"opens": clock_text(hours.opens), "closes": clock_text(hours.closes)}
    if hours.days == EVERY_DAY:
        return _("every day from %(opens)s to %(closes)s", **times)
    names = get_day_names("wide", locale=get_locale())
    days = format_list([names[iso - 1] for iso in sorted(hours.days)], locale=get_locale())
    return _("on %(days)s from %(opens)s to %(closes)s", days=days, **times)


@bp.route("/classes/<int:class_id>/letters")
@login.teacher_required
def letters(class_id):
    klass = own_class(class_id)
    db = get_db()
    lang = request.args.get("lang")
    if lang not in LANGUAGES:
        lang = str(get_locale())
    test = request.args.get("test") == "1"
    roster = pupils.list_for_class(db, class_id, language=lang)
    only = whole_number(request.args.get("pupil", ""))
    if only is not None:
        roster = [p for p in roster if p["id"] == only]
        if not roster:
            abort(404)
    hours = home_practice.hours(db, class_id)
    teacher = teachers.get(db, klass["teacher_id"]) or {}
    with force_locale(lang):
        if test:
            sheets = [_letter(None, None, lang)]
        else:
            tokens = parent_links.links(
                db,
                current_app.config["SECRET_KEY"],
                class_id,
                [p["id"] for p in roster],
                current_app.config["RETENTION_DAYS"],
            )
            # A home QR while practice at home is off would open "resting" screens: the letter
            # then says the class practises at school.
            home = home_qrs(db, roster) if hours.enabled else {}
            sheets = [_letter(p, tokens[p["id"]], lang, home.get(p["id"])) for p in roster]
        printed = Markup(
            render_template(
                "parents/_letters.html",
                klass=klass,
                letters=sheets,
                lang=lang,
                home_on=hours.enabled,
                hours_text=_hours_text(hours),
                teacher_name=teacher.get("display_name") or "",
            )
        )
    return htmx.render(
        "parents/letters.html",
        "parents/_letters_page.html",
        klass=klass,
        printed=printed,
        lang=lang,
        languages=LANGUAGES,
        test=test,
        only=only,
        letters=sheets,
    )


def _back(class_id: int, message: str, pupil_id: int | None = None):
    flash(message)
    return redirect(url_for("home_letters.letters", class_id=class_id, pupil=pupil_id), 303)


@bp.route("/pupils/<int:pupil_id>/parent-link/renew", methods=["POST"])
@login.teacher_required
def renew_pupil(pupil_id):
    pupil = own_pupil(pupil_id)
    parent_links.renew(get_db(), current_app.config["SECRET_KEY"], [pupil_id])
    return _back(
        pupil["class_id"],
        _(
            "New parent link for %(name)s: print this letter again. The old link no longer opens anything.",
            name=pupil["name"],
        ),
        pupil_id,
    )


@bp.route("/pupils/<int:pupil_id>/parent-link/off", methods=["POST"])
@login.teacher_required
def off_pupil(pupil_id):
    pupil = own_pupil(pupil_id)
    parent_links.switch_off(get_db(), [pupil_id])
    return _back(pupil["class_id"], _("The parent page of %(name)s is switched off.", name=pupil["name"]))


def _class_pupils(class_id: int) -> list[int]:
    return [p["id"] for p in pupils.list_for_class(get_db(), class_id)]


@bp.route("/classes/<int:class_id>/parent-links/renew", methods=["POST"])
@login.teacher_required
def renew_class(class_id):
    own_class(class_id)
    ids = _class_pupils(class_id)
    parent_links.renew(get_db(), current_app.config["SECRET_KEY"], ids)
    return _back(
        class_id,
        ngettext(
            "%(num)d new parent link: print the letters again. The old links no longer open anything.",
            "%(num)d new parent links: print the letters again. The old links no longer open anything.",
            len(ids),
        ),
    )


@bp.route("/classes/<int:class_id>/parent-links/off", methods=["POST"])
@login.teacher_required
def off_class(class_id):
    own_class(class_id)
    ids = _class_pupils(class_id)
    parent_links.switch_off(get_db(), ids)
    return _back(
        class_id, ngettext("%(num)d parent page switched off.", "%(num)d parent pages switched off.", len(ids))
    )
