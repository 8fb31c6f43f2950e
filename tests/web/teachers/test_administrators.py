"""A school's administrator (issue 19): the first account; a disabled account cannot log in
and its open sessions end at once."""

from flask import Blueprint

from trainer.store import teachers
from trainer.store.db import connect
from trainer.web.core import login
from web_helpers import AuthActions, Make, make_app


def test_the_first_account_is_the_administrator_and_later_ones_are_teachers(db, make):
    first, second = make.teacher(), make.teacher()
    assert teachers.get(db, first)["role"] == "admin"
    assert teachers.get(db, second)["role"] == "teacher"
    assert teachers.is_admin(teachers.get(db, first)) and not teachers.is_admin(teachers.get(db, second))


def test_a_disabled_account_is_refused_at_login_and_its_sessions_end(client, auth, make, db):
    make.teacher(email="head@school.example")
    teacher_id = make.teacher(email="b@school.example")
    assert auth.login("b@school.example").status_code == 303
    assert client.get("/classes").status_code == 200
    db.execute("UPDATE teachers SET disabled_at = '2026-12-01' WHERE id = ?", [teacher_id])
    db.conn.commit()
    assert client.get("/classes").status_code == 302  # the open session ended
    refused = auth.login("b@school.example")
    assert refused.status_code == 400
    assert "switched this account off" in refused.get_data(as_text=True)
    wrong = auth.login("b@school.example", "not the password!")
    assert "switched" not in wrong.get_data(as_text=True)  # only the password tells


def test_admin_required_lets_only_the_administrator_in(tmp_path):
    app = make_app(tmp_path / "t.db")
    probe = Blueprint("probe", __name__)
    probe.add_url_rule("/probe-admin", "probe", login.admin_required(lambda: "admin page"))
    app.register_blueprint(probe)
    db = connect(app.config["DATABASE"])
    make = Make(db)
    head, other = make.teacher(email="head@school.example"), make.teacher(email="t@school.example")
    client = app.test_client()
    assert client.get("/probe-admin").status_code == 302  # nobody: log in first
    AuthActions(client, make).login("t@school.example")
    assert client.get("/probe-admin").status_code == 403
    client.post("/logout")
    AuthActions(client, make).login("head@school.example")
    assert client.get("/probe-admin").get_data(as_text=True) == "admin page"
    assert teachers.get(db, head)["role"] == "admin" and teachers.get(db, other)["role"] == "teacher"
    db.close()
