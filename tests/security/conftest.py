"""Fixtures of the security suite (docs/security.md): a world of hostile names to walk every
page with, and two real `trainer serve` processes on one database.

The general fixtures (`app`, `client`, `make`, `auth`, `pupil_auth`, `db`) come from
tests/conftest.py.
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass, replace

import pytest

from parent_helpers import parent_link, print_letters
from trainer.store import invitations, oidc_links, oidc_providers
from trainer.store.db import connect
from trainer.web.teachers.invitations import utc_now
from web_helpers import TEACHER_PASSWORD, Make, PupilActions, make_app

from .realserver import Browser, Server
from .walk import walk

# Accepted by the forms, so they must come out escaped wherever they are shown.
# They also start like spreadsheet formulas, for the CSV exports.
HOSTILE_CLASS = '=1+2"><script>alert(1)</script> 🦄 Z\u0337a\u0335'
HOSTILE_TEACHER = "@SUM(1)\"'><script>alert(2)</script> 🍎"
# A pupil name with combining marks passes the name rules (Zoë written as e + U+0308), and
# so does one that a spreadsheet reads as a formula (=-A1).
COMBINING_PUPIL = "Zoe\u0308"
FORMULA_PUPIL = "-A1"
# Refused by the forms; written straight into the database to show that the pages escape it
# even if a later import or bug let it through.
BYPASS_PUPIL = '"><img src=x onerror=alert(3)>'
# Any of these in a page means a name went out unescaped.
RAW_PAYLOADS = ("<script>alert(", "<img src=x onerror")


@dataclass
class World:
    ids: dict
    clients: dict
    class_id: int
    pupil_id: int
    bypass_pupil_id: int
    join_code: str
    qr_token: str
    pictures: str


def _class_id_from(location: str) -> int:
    return int(re.search(r"/classes/(\d+)", location).group(1))


def build_world(app, make, db) -> World:
    """A teacher, a class and pupils with hostile names, made through the real forms, and a
    test client for each kind of visitor: anonymous, teacher, a pupil choosing their name
    ("joining", class code entered) and a logged-in pupil."""
    teacher = app.test_client()
    response = teacher.post(
        "/register",
        data={
            "display_name": HOSTILE_TEACHER,
            "email": "hostile@school.example",
            "password": TEACHER_PASSWORD,
            "password2": TEACHER_PASSWORD,
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    response = teacher.post("/classes", data={"name": HOSTILE_CLASS})
    assert response.status_code == 303, response.get_data(as_text=True)
    class_id = _class_id_from(response.headers["Location"])
    for name in (COMBINING_PUPIL, FORMULA_PUPIL):
        assert teacher.post(f"/classes/{class_id}/pupils", data={"name": name}).status_code == 303
    pupil_id, pictures = db.execute(
        "SELECT id, picture_password FROM pupils WHERE class_id = ? ORDER BY id", [class_id]
    ).fetchone()
    bypass_pupil_id = make.pupil(class_id, BYPASS_PUPIL)
    row = make.class_row(class_id)

    joining = app.test_client()
    assert PupilActions(joining, make).enter_code(row["join_code"]).status_code == 303
    pupil = app.test_client()
    assert PupilActions(pupil, make).login(class_id, pupil_id, pictures.split(",")).status_code == 303
    # The pupil's own things: a game against a bot and a drill under way (answers to export).
    response = pupil.post("/games/new", data={"bot1": "beginner", "length": "round"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert pupil.post("/practice/next", data={"mode": "drill"}).status_code == 303
    # A class-play table the pupil opened (issue 16): its page shows the hostile names.
    response = pupil.post("/play/tables", data={"seats": "3", "length": "round", "bot_level": "beginner"})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    # One answer stored (so the dashboard's CSV downloads carry the hostile names in their
    # rows), then the next puzzle issued, so a drill is still under way.
    attempt_id = db.execute(
        "SELECT id FROM attempts WHERE pupil_id = ? AND answered_at IS NULL", [pupil_id]
    ).fetchone()[0]
    db.execute("UPDATE attempts SET issued_at = issued_at - 10 WHERE id = ?", [attempt_id])
    response = pupil.post(
        "/practice/answer",
        data={"attempt": attempt_id, "answer": "[]", "client_ms": "4000", "final": "done", "taps": "[]"},
    )
    assert response.status_code in (200, 303), response.get_data(as_text=True)
    assert pupil.post("/practice/next", data={"mode": "drill"}).status_code == 303
    # The puzzle stays open however slowly a busy machine crawls: past its time limit it is
    # closed as abandoned and its answer form (practice.answer) is gone from every page.
    db.execute("UPDATE attempts SET time_limit_s = 24 * 3600 WHERE pupil_id = ? AND answered_at IS NULL", [pupil_id])
    teacher_id = db.execute("SELECT id FROM teachers WHERE email = 'hostile@school.example'").fetchone()[0]
    # The teacher's puzzle set (named like the class, so its name must come out escaped too),
    # built through the editor's form, and a worksheet of it (issue 20).
    response = teacher.post("/sets", data={"name": HOSTILE_CLASS})
    assert response.status_code == 303, response.get_data(as_text=True)
    set_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    response = teacher.post(
        f"/sets/{set_id}/puzzles",
        data={"table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"], "target": "9", "kind": "all"},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    (puzzle_id,) = db.execute("SELECT puzzle_id FROM puzzle_set_items WHERE set_id = ?", [set_id]).fetchone()
    response = teacher.post(f"/sets/{set_id}/worksheet")
    assert response.status_code == 303, response.get_data(as_text=True)
    code = response.headers["Location"].rstrip("/").split("/")[-1]
    # An invitation of the school (issue 19): its link is public, its withdrawal the administrator's.
    token = invitations.create(db, role="teacher", created_by=teacher_id, now=utc_now())
    invitation_id = invitations.list_open(db, utc_now())[-1]["id"]
    # The visitor has opened it: its form (/invitation, the token in the session) is theirs.
    anonymous = app.test_client()
    assert anonymous.get(f"/invitations/{token}").status_code == 303
    # A sign-in service of the school (issue 25), at an address where nothing answers: its
    # buttons are on the login pages, and starting it is refused as "provider down".
    provider_id = oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret="fuzz-secret",
        now=utc_now(),
        name="Schoolid",
        issuer="http://127.0.0.1:9",
        client_id="fuzz-client",
        teacher_claim="role",
        teacher_value="staff",
    )
    # Its pupil signs in with it: the class page shows the pupil's "Unlink" form.
    oidc_links.link(
        db, provider_id=provider_id, issuer="http://127.0.0.1:9", subject="fuzz-pupil", pupil_id=pupil_id, now=utc_now()
    )
    # The pupil's page for parents (issue 37.3), handed out by the teacher's home letters: its
    # link is the `link` of /family/<link>, and the page shows the hostile name.
    print_letters(teacher, class_id)
    link = parent_link(app, db, pupil_id)
    return World(
        ids={
            "link": link,
            "class_id": class_id,
            "pupil_id": pupil_id,
            "game_id": game_id,
            "teacher_id": teacher_id,
            "table_id": table_id,
            "set_id": set_id,
            "token": token,
            "invitation_id": invitation_id,
            "provider_id": provider_id,
            "role": "teacher",
            "puzzle_id": puzzle_id,
            "code": code,
        },
        clients={"anonymous": anonymous, "teacher": teacher, "joining": joining, "pupil": pupil},
        class_id=class_id,
        pupil_id=pupil_id,
        bypass_pupil_id=bypass_pupil_id,
        join_code=row["join_code"],
        qr_token=row["qr_token"],
        pictures=pictures,
    )


class PreparedWorld:
    """The hostile world built once through the forms, in a database file of its own; a test
    that changes it gets a copy (SQLite backup API) instead of building it again: about 0.6 s
    of CPU saved per test (docs/performance.md, the test suite)."""

    # Older than this, it is built again: a world that waited long (a loaded run) would hold
    # clocks a fresh one does not (a drill's puzzle, a game's decision, a session's last use).
    MAX_AGE_S = 60

    def __init__(self, tmp_path_factory):
        self.tmp_path_factory = tmp_path_factory
        self.built_at, self.database, self.world = None, None, None
        self.builds = 0

    def _build(self) -> None:
        app = make_app(self.tmp_path_factory.mktemp("hostile") / "world.db")
        db = connect(app.config["DATABASE"])
        try:
            self.world = build_world(app, Make(db), db)
        finally:
            db.close()
        self.database, self.built_at = app.config["DATABASE"], time.monotonic()
        self.builds += 1

    def copy_into(self, app, db) -> World:
        if self.built_at is None or time.monotonic() - self.built_at > self.MAX_AGE_S:
            self._build()
        source = sqlite3.connect(self.database)
        try:
            source.backup(db.conn)
        finally:
            source.close()
        # Its visitors are busy: their sessions were used just now.
        db.execute("UPDATE auth_sessions SET last_seen = ?", [time.time()])
        db.conn.commit()
        clients = {}
        for role, built in self.world.clients.items():
            client = app.test_client()
            # The same cookies (the session is signed with the suite's one SECRET_KEY).
            client._cookies = dict(built._cookies)
            clients[role] = client
        return replace(self.world, clients=clients, ids=dict(self.world.ids))  # a test may add ids


@pytest.fixture(scope="session")
def prepared_world(tmp_path_factory) -> PreparedWorld:
    return PreparedWorld(tmp_path_factory)


@pytest.fixture
def hostile_world(app, db, prepared_world) -> World:
    """A fresh world for tests that change it: a copy of the one built through the forms."""
    return prepared_world.copy_into(app, db)


@pytest.fixture(scope="session")
def walked(tmp_path_factory):
    """(app, world, visits): one walk of every page, shared by the tests that only read it."""
    app = make_app(tmp_path_factory.mktemp("walk") / "walk.db")
    db = connect(app.config["DATABASE"])
    try:
        world = build_world(app, Make(db), db)
        yield app, world, walk(app, world.clients, world.ids)
    finally:
        db.close()


@pytest.fixture
def visits(walked):
    return walked[2]


@dataclass
class RealServers:
    """Two `trainer serve` processes on one database file: `single` (waitress, one process,
    behind a trusted TLS proxy: TRAINER_TRUST_PROXY) and `workers` (gunicorn, two worker
    processes, with its access log)."""

    single: Server
    workers: Server
    database: str

    def db(self):
        return connect(self.database)

    def make(self, db) -> Make:
        return Make(db)

    @staticmethod
    def browser() -> Browser:
        return Browser()


@pytest.fixture(scope="session")
def real_servers(tmp_path_factory):
    base = tmp_path_factory.mktemp("real")
    database = base / "school.db"
    make_app(database)  # the schema, before either server starts
    single = Server("single", database, base / "instance", base, "--threads", "8", env={"TRAINER_TRUST_PROXY": "true"})
    workers = Server("workers", database, base / "instance", base, "--workers", "2", "--threads", "4")
    try:
        single.wait_ready()
        workers.wait_ready()
        yield RealServers(single, workers, str(database))
    finally:
        single.stop()
        workers.stop()
