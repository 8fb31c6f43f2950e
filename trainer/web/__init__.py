"""The TWEAK Trainer web application (Flask + htmx + SQLite).

`create_app()` builds everything; nothing is created at import time. Each area is a package of
this folder whose views modules each make one blueprint; docs/web.md's "Areas" table lists every
one and tests/web/test_area_table.py holds it to this app. To add one, write its views module,
list its `bp` in `_blueprints()` below and give it its line in that table.
"""

from __future__ import annotations

import os

from flask import Flask

from trainer import config

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _blueprints():
    from trainer.web.classes import home_practice, roster, unlock, views as classes
    from trainer.web.classplay import tournament as classplay_tournament, views as classplay, watch as classplay_watch
    from trainer.web.core import install, language, pages
    from trainer.web.dashboard import views as dashboard
    from trainer.web.drills import pupil_views as practice, teacher_views as drills
    from trainer.web.games import (
        check_views as table_check,
        family_views as family,
        pupil_views as games,
        teacher_views as class_games,
    )
    from trainer.web.parents import home_letters, parent_page
    from trainer.web.pupils import (
        certificate as certificates,
        home as pupil_home,
        home_login,
        picture_login as pupil_login,
    )
    from trainer.web.rosters import views as rosters
    from trainer.web.signin import (
        class_links as pupil_links,
        confirm as signin_confirm,
        providers as signin_providers,
        views as signin,
    )
    from trainer.web.teachers import account, auth, invitations, puzzle_review, school
    from trainer.web.worksheets import set_views as puzzle_sets, sheet_views as worksheets

    return (
        pages.bp,
        auth.bp,
        classes.bp,
        roster.bp,
        pupil_login.bp,
        pupil_home.bp,
        language.bp,
        drills.bp,
        practice.bp,
        games.bp,
        class_games.bp,
        table_check.bp,
        family.bp,
        dashboard.bp,
        worksheets.bp,
        puzzle_sets.bp,
        account.bp,
        unlock.bp,
        install.bp,
        certificates.bp,
        invitations.bp,
        school.bp,
        puzzle_review.bp,
        rosters.bp,
        signin.bp,
        signin_providers.bp,
        pupil_links.bp,
        signin_confirm.bp,
        classplay.bp,
        classplay_watch.bp,
        classplay_tournament.bp,
        home_login.bp,
        home_practice.bp,
        parent_page.bp,
        home_letters.bp,
    )


def create_app(test_config: dict | None = None, school: dict | None = None) -> Flask:
    """`school`: settings of one school of a folder (trainer.web.schools), laid over the rest."""
    app = Flask(
        "trainer.web",
        instance_path=os.environ.get("TRAINER_INSTANCE_PATH") or None,
        instance_relative_config=True,
        template_folder=os.path.join(ROOT, "templates"),
        static_folder=os.path.join(ROOT, "static"),
    )
    config.load(app, test_config, school)

    if app.config["TRUST_PROXY"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)

    from trainer.web import db
    from trainer.web.core import (
        card_faces,
        compression,
        csrf,
        fragments,
        headers,
        housekeeping,
        htmx,
        i18n,
        ids,
        kept_macros,
        login,
        page_context,
        pages,
        security_log,
        site_header,
        static_files,
        template_code,
        template_imports,
    )

    ids.init_app(app)
    db.init_app(app)
    security_log.init_app(app)
    headers.init_app(app)
    login.init_app(app)
    csrf.init_app(app)
    i18n.init_app(app)
    template_code.init_app(app)
    template_imports.init_app(app)
    card_faces.init_app(app)
    fragments.init_app(app)
    kept_macros.init_app(app)
    site_header.init_app(app)
    page_context.init_app(app)
    housekeeping.init_app(app)
    pages.init_app(app)
    app.after_request(htmx.add_vary)
    compression.init_app(app)
    static_files.init_app(app)
    for bp in _blueprints():
        app.register_blueprint(bp)
    return app
