"""The page for parents (issue 37.3): opened by the child's personal link, no account, read-only,
that child only. One request: the stylesheet is in the page (allowed by its hash in this page's
own CSP), the pictures are inline SVG, and nothing else is loaded. docs/security.md "The parent page"."""

from __future__ import annotations

import base64
import hashlib
from datetime import timedelta
from functools import cache
from pathlib import Path

from flask import Blueprint, current_app, g, render_template, request
from markupsafe import Markup

from trainer.pupils import home_report
from trainer.store import parent_links, parent_report
from trainer.store.throttle import Ceiling
from trainer.web.core import guessing, school_day
from trainer.web.core.i18n import LANGUAGES
from trainer.web.db import get_db, unsynced_writes
from trainer.web.parents import words
from trainer.web.pupils import standing, words as pupil_words

bp = Blueprint("parent_page", __name__)

SKILL_WEEKS = 4  # what they are good at: the answers of the last four weeks
STYLE = Path(__file__).resolve().parents[3] / "templates" / "parents" / "page.css"


@cache
def _style() -> tuple[Markup, str]:
    css = STYLE.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    return Markup(css), f"'sha256-{digest}'"


def _csp() -> str:
    # Stricter than the app's (trainer.web.core.headers): nothing may load, no script may run,
    # and the one style allowed is this page's own, by its hash.
    return "; ".join(
        [
            "default-src 'none'",
            f"style-src {_style()[1]}",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def _answer(body: str, status: int, retry_after: int | None = None):
    response = current_app.make_response((body, status))
    h = response.headers
    h["Content-Security-Policy"] = _csp()
    # The link is the key: no Referer may carry it to another site, and no shared cache may keep the page.
    h["Referrer-Policy"] = "no-referrer"
    h["Cache-Control"] = "private, no-store"
    h["X-Robots-Tag"] = "noindex, nofollow"
    if retry_after:
        h["Retry-After"] = str(retry_after)
    return response


def _language(pupil: dict | None) -> str:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    for known in ((pupil or {}).get("language"), (pupil or {}).get("teacher_language")):
        if known in LANGUAGES:
            return known
    return request.accept_languages.best_match(LANGUAGES.keys()) or "en"


def _not_found(status: int = 404, wait: int | None = None):
    g.page_language = _language(None)
    return _answer(render_template("parents/gone.html", style=_style()[0], wait=wait), status, wait)


def _report(pupil: dict) -> dict:
    db = get_db()
    today = school_day.today()
    monday = today - timedelta(days=today.weekday())
    last_monday = monday - timedelta(days=7)
    rows = parent_report.skills(db, pupil["id"], (today - timedelta(weeks=SKILL_WEEKS)).isoformat())
    nxt = home_report.practise_next(rows)
    good = home_report.good_at(rows)
    return {
        "this_week": parent_report.practice(db, pupil["id"], monday.isoformat(), today.isoformat()),
        "last_week": parent_report.practice(
            db, pupil["id"], last_monday.isoformat(), (monday - timedelta(days=1)).isoformat()
        ),
        "standing": standing.standing_of(db, pupil["id"], pupil["class_id"], today),
        "rewards": standing.rewards_of(db, pupil["id"], today),
        "good_at": words.skill(good) if good else None,
        "next": words.skill(nxt) if nxt else None,
        "idea": words.game_idea(home_report.game_skill(rows)),
    }


@bp.route("/family/<link>")
def show(link):
    """The link is looked up first: a valid one is never held back by the made-up links others
    sent from the same address (a school, a block of flats, a mobile carrier share one), and
    its 160 bits leave nothing to learn from being looked up (trainer.store.parent_links)."""
    db = get_db()
    cfg = current_app.config
    pupil = parent_links.find(db, link, cfg["RETENTION_DAYS"])
    if pupil is None:
        # Made-up links count against the address, and past its ceiling wait: a scan of links
        # slows down, a family with a valid link does not notice.
        with unsynced_writes():
            missed = guessing.attempt(
                None,
                lambda: False,
                ceilings=[
                    Ceiling(
                        f"parent-address:{request.remote_addr}",
                        cfg["PARENT_PAGE_ADDRESS_MISSES"],
                        cfg["PARENT_PAGE_WINDOW_SECONDS"],
                    )
                ],
                throttled="parent_page_throttled",
                failed="parent_link_unknown",
            )
        return _not_found(429, missed.refused) if missed.refused else _not_found()
    # Views of this link from this address: a link passed around or scraped is slowed down for
    # minutes; another address (the family's own) is not held back by it. Counts that a power
    # cut may lose: the page does not wait for the disk for them.
    with unsynced_writes():
        views = guessing.attempt(
            None,
            lambda: False,
            ceilings=[
                Ceiling(
                    f"pupil:{pupil['id']}:from:{request.remote_addr}:parent-views",
                    cfg["PARENT_PAGE_VIEWS"],
                    cfg["PARENT_PAGE_VIEWS_WINDOW_SECONDS"],
                )
            ],
            throttled="parent_page_throttled",
            pupil_id=pupil["id"],
        )
    if views.refused:
        return _not_found(429, views.refused)
    g.page_language = lang = _language(pupil)
    return _answer(
        render_template(
            "parents/page.html",
            style=_style()[0],
            pupil=pupil,
            lang=lang,
            languages=LANGUAGES,
            badge_name=pupil_words.badge_name,
            **_report(pupil),
        ),
        200,
    )
