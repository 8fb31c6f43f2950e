"""Erasing is thorough: every connection has secure_delete on, an erased pupil's name is gone
from the database file and its write-ahead log at once (not at the nightly checkpoint), and a
teacher can delete a whole class or their own account, after the same confirmation and offer
to download the data first as for one pupil.

ASVS 5.0 V14.2.7 (sensitive personal data deleted when it is no longer needed), V14.2.4 (the
documented protection, docs/security.md, is the one implemented), V8.2.2 (only one's own).
"""

import json
import os

from web_helpers import TEACHER_PASSWORD, PupilActions

SECRET = "Quixotebelle"


def _file_bytes(path):
    data = b""
    for name in (path, path + "-wal"):
        if os.path.exists(name):
            with open(name, "rb") as fh:
                data += fh.read()
    return data.lower()


def test_every_connection_has_secure_delete_on_whatever_the_build(app, monkeypatch):
    # Debian's SQLite is built with secure_delete on by default; others are not, and the app
    # must not depend on the build: here every new connection starts with it off.
    import sqlite3

    from trainer.ops import connect as ops_connect
    from trainer.store import db as store_db

    real = sqlite3.connect

    def default_off(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.execute("PRAGMA secure_delete = OFF")
        return conn

    monkeypatch.setattr(sqlite3, "connect", default_off)
    for conn in (store_db.connect(app.config["DATABASE"]).conn, ops_connect.open_database(app.config["DATABASE"])):
        assert conn.execute("PRAGMA secure_delete").fetchone()[0] == 1
        conn.close()


def test_an_erased_pupils_name_is_gone_from_the_file_and_the_log_at_once(app, client, auth, make, db):
    teacher = auth.login_new_teacher("t@school.example")
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, SECRET)
    db.execute("PRAGMA secure_delete = OFF")  # this test's own connection: the app's must do it
    assert SECRET.lower().encode() in _file_bytes(app.config["DATABASE"])
    response = client.post(f"/pupils/{pupil_id}/delete", data={"confirm_name": SECRET})
    assert response.status_code == 303
    assert SECRET.lower().encode() not in _file_bytes(app.config["DATABASE"])


def _teacher_with_a_class(client, auth, make, email="t@school.example"):
    teacher = auth.login_new_teacher(email)
    class_id = make.klass(teacher, "Owls")
    pupils = [make.pupil(class_id, name) for name in (SECRET, "Bram")]
    return teacher, class_id, pupils


def test_deleting_a_class_asks_for_its_name_offers_the_export_and_erases_everything(app, client, auth, make, db):
    teacher, class_id, (pupil_id, _other) = _teacher_with_a_class(client, auth, make)
    tablet = app.test_client()
    assert PupilActions(tablet, make).login(class_id, pupil_id).status_code == 303
    page = client.get(f"/classes/{class_id}/delete").get_data(as_text=True)
    assert f'href="/classes/{class_id}/export.json"' in page  # the export is offered first
    export = client.get(f"/classes/{class_id}/export.json")
    assert export.headers["Content-Disposition"].startswith("attachment")
    data = json.loads(export.get_data(as_text=True))
    assert data["format"] == "tweak-class-export/1" and data["class"]["name"] == "Owls"
    assert sorted(p["pupil"]["name"] for p in data["pupils"]) == sorted([SECRET, "Bram"])
    # The wrong name deletes nothing.
    response = client.post(f"/classes/{class_id}/delete", data={"confirm_name": "Ow"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM pupils WHERE class_id = ?", [class_id]).fetchone()[0] == 2
    db.execute("PRAGMA secure_delete = OFF")
    response = client.post(f"/classes/{class_id}/delete", data={"confirm_name": "owls"})
    assert response.status_code == 303 and response.headers["Location"] == "/classes"
    assert db.execute("SELECT count(*) FROM classes WHERE id = ?", [class_id]).fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0
    assert tablet.get("/me").status_code == 302  # its pupils' sessions end
    assert SECRET.lower().encode() not in _file_bytes(app.config["DATABASE"])


def test_deleting_the_teacher_account_needs_the_password_and_erases_every_class(app, client, auth, make, db):
    teacher, class_id, _ = _teacher_with_a_class(client, auth, make)
    other = make.teacher(email="other@school.example")
    other_class = make.klass(other, "Kept")
    make.pupil(other_class, "Stays")
    laptop = app.test_client()
    assert laptop.post("/login", data={"email": "t@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    page = client.get(f"/teachers/{teacher}/delete").get_data(as_text=True)
    assert f'href="/teachers/{teacher}/export.json"' in page
    data = json.loads(client.get(f"/teachers/{teacher}/export.json").get_data(as_text=True))
    assert data["format"] == "tweak-teacher-export/1" and data["teacher"]["email"] == "t@school.example"
    assert "password_hash" not in data["teacher"]
    assert [c["class"]["name"] for c in data["classes"]] == ["Owls"]
    response = client.post(f"/teachers/{teacher}/delete", data={"password": "not my password at all"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM teachers WHERE id = ?", [teacher]).fetchone()[0] == 1
    db.execute("PRAGMA secure_delete = OFF")
    response = client.post(f"/teachers/{teacher}/delete", data={"password": TEACHER_PASSWORD})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert db.execute("SELECT count(*) FROM teachers WHERE id = ?", [teacher]).fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM classes WHERE teacher_id = ?", [teacher]).fetchone()[0] == 0
    assert db.execute("SELECT name FROM pupils").fetchall() == [("Stays",)]  # another teacher's stay
    assert client.get("/classes").status_code == 302 and laptop.get("/classes").status_code == 302
    assert SECRET.lower().encode() not in _file_bytes(app.config["DATABASE"])
    assert b"t@school.example" not in _file_bytes(app.config["DATABASE"])
