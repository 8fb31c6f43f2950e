"""Helpers for the web app's tests: an app on a given database, a CSRF-aware test client,
rows made straight in the database, and teacher and pupil log-in actions.

Imported by tests/conftest.py (fixtures) and by tests that need a second app or client.
"""

from __future__ import annotations

import atexit
import importlib.metadata
import os
import re
import secrets
import shutil
import sqlite3
import tempfile
from datetime import datetime

from flask import session
from flask.testing import FlaskClient
from flask_wtf.csrf import generate_csrf
from werkzeug.routing import Rule

from trainer import create_app
from trainer.engine.positions import Position
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import classes, oidc_providers, passwords, pupils, puzzle_review, puzzle_sets, teachers, worksheets

TEACHER_PASSWORD = "correct horse battery"


class CSRFClient(FlaskClient):
    """A test client that sends the session's CSRF token with every POST, as the pages'
    forms do. Pass csrf=False to send none (tests of the protection itself)."""

    def csrf_token(self) -> str:
        # Flask-WTF's own generate_csrf signs the session's value, as the pages' forms carry it.
        with self.session_transaction() as sess:
            sess.setdefault("csrf_token", secrets.token_hex(20))
            raw = sess["csrf_token"]
        with self.application.test_request_context():
            session["csrf_token"] = raw
            return generate_csrf()

    def post(self, *args, csrf=True, **kwargs):
        if csrf:
            data = dict(kwargs.pop("data", None) or {})
            data.setdefault("csrf_token", self.csrf_token())
            kwargs["data"] = data
        return super().post(*args, **kwargs)


def _share_url_builders() -> None:
    """Werkzeug writes and compiles Python source for every URL rule's two builders each time
    an app is made: three quarters of `create_app`'s time, and the suite makes about 1,500
    apps from the same rules. A builder depends only on the rule's parts, its defaults and
    whether unknown arguments are appended (it reaches the converters through the rule it is
    bound to), so one compiled builder serves every app. A default filling in a URL part is
    turned into a constant by its converter: such rules are compiled as before."""
    compile_builder = Rule._compile_builder
    builders = {}

    def shared(rule, append_unknown=True):
        defaults = rule.defaults or {}
        if any(dynamic and part in defaults for dynamic, part in rule._trace):
            return compile_builder(rule, append_unknown)
        key = (rule.rule, tuple(rule._trace), tuple(defaults), append_unknown)
        if key not in builders:
            builders[key] = compile_builder(rule, append_unknown)
        return builders[key]

    Rule._compile_builder = shared


WERKZEUG_RULE_COMPILE = Rule.compile  # tests/test_web_helpers.py compares with it


def _share_compiled_rules() -> None:
    """What was left of `create_app`'s time after the builders was mostly Werkzeug parsing
    each rule into the regular expressions of its parts, again for every app. A rule's parts
    depend only on its text, its subdomain or host and the map's converters, so they are
    parsed once; the converters themselves are made again for each map (they hold it)."""
    compile_rule, get_converter = WERKZEUG_RULE_COMPILE, Rule.get_converter
    compiled = {}

    def shared(rule):
        url_map = rule.map
        key = (
            rule.rule,
            rule.subdomain,
            rule.host,
            url_map.host_matching,
            rule.merge_slashes,
            tuple(url_map.converters.items()),
        )
        if key not in compiled:
            calls = []

            def recording(variable, converter, args, kwargs):
                calls.append((variable, converter, args, dict(kwargs)))
                return get_converter(rule, variable, converter, args, kwargs)

            rule.get_converter = recording
            try:
                compile_rule(rule)
            finally:
                del rule.get_converter
            compiled[key] = (list(rule._parts), list(rule._trace), calls)
            return
        parts, trace, calls = compiled[key]
        rule._parts, rule._trace, rule._converters = list(parts), list(trace), {}
        for variable, converter, args, kwargs in calls:
            rule._converters[variable] = get_converter(rule, variable, converter, args, kwargs)
            rule.arguments.add(variable)
        rule._build = rule._compile_builder(False).__get__(rule, None)
        rule._build_unknown = rule._compile_builder(True).__get__(rule, None)

    Rule.compile = shared


# Both shortcuts reach into Werkzeug's Rule (its private builder and parts): they are taken
# only on the Werkzeug release they were checked on, where tests/test_web_helpers.py compares
# every rule with Werkzeug's own parse. Any other release runs Werkzeug as it is, only slower.
WERKZEUG_CHECKED = "3.1"
SHARING_RULES = importlib.metadata.version("werkzeug").rsplit(".", 1)[0] == WERKZEUG_CHECKED
if SHARING_RULES:
    _share_url_builders()
    _share_compiled_rules()
_migrated_path = None


def _migrated_database() -> str:
    """A database made by the app at start (every migration, the puzzle bank), once per test
    process. Copying it is much cheaper than migrating again for each of the suite's apps."""
    global _migrated_path
    if _migrated_path is None:
        folder = tempfile.mkdtemp(prefix="tweak-migrated-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "migrated.db")
        create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test-secret"})
        db = sqlite3.connect(path)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the one file we copy
        db.close()
        _migrated_path = path
    return _migrated_path


def make_app(db_path, **extra):
    """An app on `db_path`; a database that does not exist yet starts as a new app would
    leave it (migrated), an existing one is opened as it is."""
    if not os.path.exists(db_path):
        shutil.copyfile(_migrated_database(), db_path)
    config = {"TESTING": True, "DATABASE": str(db_path), "SECRET_KEY": "test-secret"}
    config.update(extra)
    app = create_app(config)
    app.test_client_class = CSRFClient
    return app


class Make:
    """Rows straight into the database, for tests that are not about creating them."""

    def __init__(self, db):
        self.db = db
        self._n = 0

    def teacher(self, email=None, password=TEACHER_PASSWORD, name="Teacher") -> int:
        self._n += 1
        email = email or f"teacher{self._n}-{secrets.token_hex(4)}@school.example"
        return teachers.create(self.db, email, name, passwords.hash_password(password))

    def klass(self, teacher_id, name="Class 3B") -> int:
        return classes.create(self.db, teacher_id, name)

    def pupil(self, class_id, name=None, password="sun,tree,boat") -> int:
        self._n += 1
        return pupils.create(self.db, class_id, name or f"Pupil{self._n}", password)

    def class_row(self, class_id) -> dict:
        return classes.get(self.db, class_id)

    def provider(self, name="Schoolid", issuer=None) -> int:
        """A sign-in service of the school (issue 25), at an address where nothing answers."""
        self._n += 1
        return oidc_providers.add(
            self.db,
            secret_key="test",
            secret="s3cret",
            now=datetime(2026, 1, 1),
            name=name,
            issuer=issuer or f"http://127.0.0.1:9/{self._n}",
            client_id="trainer",
            teacher_claim="role",
            teacher_value="staff",
        )

    def set_and_sheet(self, teacher_id) -> dict:
        """A puzzle set of the teacher's holding one puzzle (the RULES.md example), and a
        worksheet of it: the ids of issue 20's routes."""
        puzzle = make_puzzle("all", Position(9, ("R1a", "O3a", "Y3a"), ("B4", "P6", "G2a")))
        puzzle_review.store_own(self.db, teacher_id, [puzzle])
        set_id = puzzle_sets.create(self.db, teacher_id, "Sums to 9")
        puzzle_sets.add_puzzle(self.db, set_id, puzzle.id, 24)
        code = worksheets.save(self.db, teacher_id, [puzzle.id], {"set": "Sums to 9"})
        return {"set_id": set_id, "puzzle_id": puzzle.id, "code": code}


class AuthActions:
    def __init__(self, client, make):
        self.client = client
        self.make = make

    def login(self, email, password=TEACHER_PASSWORD):
        return self.client.post("/login", data={"email": email, "password": password})

    def login_new_teacher(self, email="alice@school.example"):
        teacher_id = self.make.teacher(email=email)
        response = self.login(email)
        assert response.status_code == 303, response.data
        return teacher_id

    def logout(self):
        return self.client.post("/logout")


class PupilActions:
    def __init__(self, client, make):
        self.client = client
        self.make = make

    def enter_code(self, code):
        return self.client.post("/join", data={"code": code})

    def tap(self, pupil_id, pictures_in_order):
        response = None
        for key in pictures_in_order:
            response = self.client.post(f"/join/pupil/{pupil_id}", data={"pick": key})
        return response

    def login(self, class_id, pupil_id, password=("sun", "tree", "boat")):
        code = self.make.class_row(class_id)["join_code"]
        assert self.enter_code(code).status_code == 303
        return self.tap(pupil_id, password)


def csrf_from(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
