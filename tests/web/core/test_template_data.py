"""Templates are handed their data (issue 35.2): no template global or context processor reads
the database, but the one page context in trainer/web/core/page_context.py (what every pupil
page shows of the pupil). Every statement a request runs is traced; one whose Python stack
passes through a template's code, or through a context processor, and not through the page
context, is a template reading the database on its own."""

from __future__ import annotations

import sys
from pathlib import Path

import jinja2
import pytest
from flask import Flask, g as flask_g, render_template_string

import trainer.web.db as web_db
from trainer.demo import history
from trainer.pupils.avatars import AVATARS
from trainer.store import pupil_rewards
from trainer.web.core import page_context
from trainer.web.db import get_db
from web_helpers import TEACHER_PASSWORD, PupilActions

PAGE_CONTEXT = str(Path(page_context.__file__).resolve())


def _who_reads(frame) -> str | None:
    """The template (or context processor) a statement is run for, None when a view runs it
    or the page context does."""
    culprit = None
    while frame is not None:
        code = frame.f_code
        if str(Path(code.co_filename).resolve()) == PAGE_CONTEXT:
            return None
        if isinstance(frame.f_globals.get("environment"), jinja2.Environment):
            culprit = culprit or f"template {code.co_filename}"
        elif code.co_name == "update_template_context":
            culprit = culprit or "a context processor"
        frame = frame.f_back
    return culprit


@pytest.fixture
def template_reads(monkeypatch):
    """[(who, statement)] of every statement a template or context processor ran by itself."""
    found: list[tuple[str, str]] = []
    plain_connect = web_db.connect

    def traced(*args, **kwargs):
        db = plain_connect(*args, **kwargs)

        def trace(statement):
            who = _who_reads(sys._getframe(1))
            if who:
                found.append((who, statement))

        db.conn.set_trace_callback(trace)
        return db

    monkeypatch.setattr(web_db, "connect", traced)
    return found


def _signed_in_teacher(app, make):
    client = app.test_client()
    make.teacher(email="t@school.example")
    assert client.post("/login", data={"email": "t@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    return client


def test_the_checker_sees_a_template_global_that_reads_the_database(app, template_reads):
    """The check below can fail: a global that reads, as the twelve of issue 35 did, is caught."""
    app.add_template_global(lambda: get_db().execute("SELECT count(*) FROM pupils").fetchone()[0], "pupil_count")
    with app.test_request_context("/"):
        assert render_template_string("{{ pupil_count() }}") == "0"
    assert template_reads == [("template <template>", "SELECT count(*) FROM pupils")]


def test_the_checker_sees_a_context_processor_that_reads_the_database(app, template_reads):
    app.context_processor(lambda: {"classes": get_db().execute("SELECT count(*) FROM classes").fetchone()[0]})
    with app.test_request_context("/"):
        render_template_string("{{ classes }}")
    assert template_reads == [("a context processor", "SELECT count(*) FROM classes")]


def test_the_main_pages_read_the_database_in_their_views_only(app, db, make, template_reads):
    make.provider()
    teacher = _signed_in_teacher(app, make)
    class_id = make.klass(db.execute("SELECT id FROM teachers").fetchone()[0])
    ids = [make.pupil(class_id, name) for name in ("Ada", "Bram", "Chloe", "Daan")]
    history.add_history(db, class_id, ids[:3], __import__("datetime").date.today())
    pupil_rewards.set_avatar(db, ids[0], AVATARS[0], 1.0)
    anonymous = app.test_client()
    pages = [
        (anonymous, "/login"),
        (anonymous, "/join"),
        (teacher, f"/classes/{class_id}"),
        (teacher, f"/classes/{class_id}/dashboard"),
        (teacher, f"/pupils/{ids[0]}"),
        (teacher, f"/pupils/{ids[0]}/certificate"),
        (teacher, f"/classes/{class_id}/play"),
    ]
    for client, url in pages:
        assert client.get(url).status_code == 200, url
    started = teacher.post(
        f"/classes/{class_id}/play/tournament",
        data={"present": [str(i) for i in ids], "seating": "random", "length": "round"},
    )
    assert started.status_code == 303
    pupil = app.test_client()
    PupilActions(pupil, make).login(class_id, ids[0])
    table = db.execute("SELECT table_id FROM class_table_seats WHERE pupil_id = ?", [ids[0]]).fetchone()[0]
    for client, url in [
        (teacher, f"/classes/{class_id}/play"),
        (pupil, "/me"),
        (pupil, "/play/tables"),
        (pupil, f"/play/tables/{table}"),
    ]:
        assert client.get(url).status_code == 200, url
    assert teacher.get(f"/classes/{class_id}/play/tournament/live", headers={"HX-Request": "true"}).status_code == 200
    teacher.post(f"/classes/{class_id}/play/tournament/end")
    assert teacher.get(f"/classes/{class_id}/play/certificates").status_code == 200
    game = pupil.post("/me/play")
    assert pupil.get(game.headers["Location"]).status_code == 200
    assert template_reads == []


def test_the_page_context_reads_the_pupils_switches_once_a_request_and_only_when_shown(app, make):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id)
    with app.test_request_context("/"):
        flask_g.pupil = {"id": pupil_id, "class_id": class_id}
        statements: list[str] = []
        get_db().conn.set_trace_callback(statements.append)
        assert render_template_string("{{ 1 }}") == "1"  # a fragment that shows no switch
        assert statements == []
        twice = "{{ pupil_page.prefs.sounds }} {{ pupil_page.prefs.read_aloud }}"
        assert render_template_string(twice) == "False False"
        assert render_template_string(twice) == "False False"  # a second partial of the page
        assert len([s for s in statements if "pupil_settings" in s]) == 1


def test_no_one_signed_in_has_no_pupil_page(app):
    with app.test_request_context("/"):
        assert render_template_string("{{ pupil_page is none }}") == "True"


# The template globals and filters the app registers, none of which reads the database: a new
# one is added here only once it is known not to (a name, a label, a formatted number). What a
# template needs from the database its view hands it, or, if every page needs it, the page context.
PURE_GLOBALS = {
    "ACTION_NAMES",
    "DRILL_TODAY",
    "LANGUAGES",
    "action_kind",
    "action_name",
    "attention_first",
    "avatar_name",
    "beginner_level",
    "bot_label",
    "card_view",
    "counting_face",
    "describe_chart",
    "fragment",  # draws a template with the context it is handed (trainer.web.core.fragments)
    "fragment_key",
    "gettext",  # the words, from the request's catalogue (trainer.web.core.i18n): no database
    "here",
    "kind_label",
    "new_link_days",
    "ngettext",  # as gettext
    "reason_text",
    "kept",  # wraps a macro: what it draws depends on its arguments and the viewer it reads (trainer.web.core.kept_macros)
    "site_header",  # the header from what g already holds (the viewer) and the request: no database
    "turn_text",
    "wrong_label",
}
CONTEXT_PROCESSORS = {"flask.templating", "flask_wtf.csrf", "trainer.web.core.i18n", "trainer.web.core.page_context"}


def test_the_app_registers_only_the_known_pure_template_globals(app):
    ours = {
        name
        for name, value in app.jinja_env.globals.items()
        if name not in Flask(__name__).jinja_env.globals
        and not getattr(value, "__module__", "").startswith(("jinja2", "flask_wtf"))
    }
    assert ours == PURE_GLOBALS


def test_the_app_has_only_the_known_context_processors(app):
    modules = {f.__module__ for fns in app.template_context_processors.values() for f in fns}
    assert modules == CONTEXT_PROCESSORS
