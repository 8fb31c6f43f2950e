"""Teachers create, rename and archive classes; join codes are unambiguous and renewable."""

import re

import pytest

from trainer.store import classes

HX = {"HX-Request": "true"}


def test_create_class(client, auth, db):
    auth.login_new_teacher()
    response = client.post("/classes", data={"name": "  Group 5  "})
    assert response.status_code == 303
    row = db.execute("SELECT name, join_code FROM classes").fetchone()
    assert row[0] == "Group 5"
    assert re.fullmatch(r"[ACDEFGHJKMNPQRTWXY34679]{6}", row[1])
    assert "Group 5" in client.get("/classes").get_data(as_text=True)


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "Please enter a name for the class."),
        ("   ", "Please enter a name for the class."),
        ("x" * 61, "A class name can have at most 60 characters."),
        ("bad\x00name", "The class name contains characters that cannot be shown."),
    ],
)
def test_class_name_validation(client, auth, db, name, message):
    auth.login_new_teacher()
    response = client.post("/classes", data={"name": name})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 0


def test_join_codes_use_no_ambiguous_characters():
    for _ in range(500):
        code = classes.new_join_code()
        assert len(code) == 6
        assert not set(code) & set("0O1IL")


def test_typed_codes_ignore_case_spaces_and_dashes():
    assert classes.normalize_code(" acd-e f9 ") == "ACDEF9"


def test_rename_class_returns_the_header_fragment(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher, "Old")
    response = client.post(f"/classes/{class_id}/rename", data={"name": "New name"}, headers=HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.strip().startswith('<section class="panel" id="class-header">')
    assert "New name" in html and "Name saved." in html
    assert db.execute("SELECT name FROM classes WHERE id = ?", [class_id]).fetchone()[0] == "New name"


def test_rename_with_bad_name_keeps_the_old_one(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher, "Old")
    response = client.post(f"/classes/{class_id}/rename", data={"name": ""}, headers=HX)
    assert response.status_code == 400
    assert "Please enter a name for the class." in response.get_data(as_text=True)
    assert db.execute("SELECT name FROM classes WHERE id = ?", [class_id]).fetchone()[0] == "Old"


def test_regenerating_the_code_replaces_code_and_qr_token(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    before = dict(make.class_row(class_id))
    response = client.post(f"/classes/{class_id}/code", headers=HX)
    after = make.class_row(class_id)
    assert after["join_code"] != before["join_code"]
    assert after["qr_token"] != before["qr_token"]
    html = response.get_data(as_text=True)
    assert after["join_code"] in html and "Old login cards no longer work" in html
    assert classes.by_join_code(db, before["join_code"]) is None


def test_archive_and_restore_a_class(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher, "Leaving")
    code = make.class_row(class_id)["join_code"]
    assert client.post(f"/classes/{class_id}/archive").status_code == 303
    assert make.class_row(class_id)["archived_at"] is not None
    assert classes.by_join_code(db, code) is None  # pupils cannot log in
    listing = client.get("/classes").get_data(as_text=True)
    assert "Archived classes" in listing and "Leaving" in listing
    assert client.post(f"/classes/{class_id}/restore").status_code == 303
    assert make.class_row(class_id)["archived_at"] is None
    assert classes.by_join_code(db, code)["id"] == class_id


def test_class_list_counts_active_pupils(client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    make.pupil(class_id, "One")
    assert "1 pupil<" in client.get("/classes").get_data(as_text=True)
    make.pupil(class_id, "Two")
    assert "2 pupils<" in client.get("/classes").get_data(as_text=True)
