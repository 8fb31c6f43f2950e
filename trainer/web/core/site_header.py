"""The header every page but the projector's starts with: the site's menu and the language
picker (templates/_site_header.html). It is the same for every teacher of a role, for every
pupil and for every visitor, but for the viewer's name, the form token and this page's path:
drawn once per kind of viewer and language (trainer.web.core.fragments) with those three as
holes. Drawing it on every page was a sixth of an empty page's CPU (issue 50)."""

from __future__ import annotations

from flask import g
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from trainer.web.core import fragments
from trainer.web.core.urls import here


def site_header() -> Markup:
    teacher, pupil = g.get("teacher"), g.get("pupil")
    if teacher:
        viewer, name, admin = "teacher", teacher["display_name"], teacher["role"] == "admin"
    elif pupil:
        viewer, name, admin = "pupil", pupil["name"], False
    else:
        viewer, name, admin = None, "", False
    return fragments.render(
        "_site_header.html",
        ("site header", viewer, admin),
        holes={"csrf": generate_csrf(), "here": here(), "name": name},
        viewer=viewer,
        admin=admin,
        current_lang=str(get_locale()),
    )


def init_app(app) -> None:
    app.jinja_env.globals["site_header"] = site_header
