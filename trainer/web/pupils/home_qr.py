"""A pupil's personal home QR as a picture (issue 37.1 and 37.2): for the teacher's page and for
the home letter. The QR opens /at-home#k=TOKEN (home_login): the token is in the fragment, which
no server log sees. Nothing is written to show one (trainer.store.home_practice)."""

from __future__ import annotations

from flask import current_app, request, url_for
from markupsafe import Markup
from sqlite_utils import Database

from trainer.store import home_practice
from trainer.web.core.i18n import gettext as _
from trainer.web.core.qr import qr_svg


def home_url(token: str) -> str:
    base = current_app.config.get("PUBLIC_URL") or request.host_url.rstrip("/")
    return base + url_for("home_login.welcome") + "#k=" + token


def home_token(pupil_id: int, generation: int) -> str:
    return home_practice.token(current_app.secret_key, pupil_id, generation)


def home_qrs(db: Database, roster: list[dict]) -> dict[int, Markup]:
    """{pupil id: the home QR as inline SVG} for these pupils (rows with id and name), in one
    query. The home letter calls this once for the whole class and shows each with
    templates/pupil/_home_qr.html (`home_qr`, `home_qr_name`)."""
    generations = home_practice.generations(db, [p["id"] for p in roster])
    return {
        p["id"]: qr_svg(
            home_url(home_token(p["id"], generations[p["id"]])),
            _("Home QR code of %(name)s: logs in at home", name=p["name"]),
        )
        for p in roster
    }
