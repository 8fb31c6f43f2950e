"""A teacher renames, archives, resets, exports and deletes a pupil."""

import json

import pytest

HX = {"HX-Request": "true"}


@pytest.fixture
def ids(class_id, make):
    return class_id, make.pupil(class_id, "Noor", password="sun,tree,boat")


def test_pupil_page_shows_name_and_picture_password(client, ids):
    html = client.get(f"/pupils/{ids[1]}").get_data(as_text=True)
    assert "Noor" in html
    assert html.index(">Sun<") < html.index(">Tree<") < html.index(">Boat<")


def test_rename_pupil(client, ids, db):
    response = client.post(f"/pupils/{ids[1]}/rename", data={"name": "Noortje"}, headers=HX)
    assert response.status_code == 200
    assert "Name saved." in response.get_data(as_text=True)
    assert db.execute("SELECT name FROM pupils").fetchone()[0] == "Noortje"


def test_rename_to_a_taken_name_is_refused(client, ids, make, db):
    make.pupil(ids[0], "Sem")
    response = client.post(f"/pupils/{ids[1]}/rename", data={"name": "sem"}, headers=HX)
    assert response.status_code == 400
    assert "There is already a pupil with this name in the class." in response.get_data(as_text=True)
    assert db.execute("SELECT name FROM pupils WHERE id = ?", [ids[1]]).fetchone()[0] == "Noor"


def test_reset_picture_password_gives_a_new_one_and_lifts_a_lock(client, ids, db):
    db.execute(
        "INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES (?, 9, 9e12, 0)",
        [f"pupil:{ids[1]}:device:0123456789abcdef"],
    )
    seen = set()
    for _ in range(5):
        client.post(f"/pupils/{ids[1]}/reset-pictures", headers=HX)
        seen.add(db.execute("SELECT picture_password FROM pupils").fetchone()[0])
    assert len(seen) > 1 and all(len(p.split(",")) == 3 and len(set(p.split(","))) == 3 for p in seen)
    assert db.execute("SELECT count(*) FROM login_throttle").fetchone()[0] == 0


def test_archive_hides_the_pupil_from_login_and_restore_brings_them_back(client, ids, make):
    class_id, pupil_id = ids
    code = make.class_row(class_id)["join_code"]
    client.post(f"/pupils/{pupil_id}/archive")
    login = client.application.test_client()
    login.post("/join", data={"code": code})
    assert "Noor" not in login.get("/join/names").get_data(as_text=True)
    assert login.get(f"/join/pupil/{pupil_id}").status_code == 404
    client.post(f"/pupils/{pupil_id}/restore")
    assert "Noor" in login.get("/join/names").get_data(as_text=True)


def test_archiving_logs_the_pupil_out(client, ids, app, make, pupil_auth):
    class_id, pupil_id = ids
    tablet = app.test_client()
    from web_helpers import PupilActions

    PupilActions(tablet, make).login(class_id, pupil_id)
    assert tablet.get("/me").status_code == 200
    client.post(f"/pupils/{pupil_id}/archive")
    assert tablet.get("/me").status_code == 302


def test_export_is_json_with_everything_about_the_pupil(client, ids):
    response = client.get(f"/pupils/{ids[1]}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == "tweak-pupil-export/1"
    assert data["pupil"]["name"] == "Noor"
    assert data["pupil"]["picture_password"] == ["sun", "tree", "boat"]
    assert data["pupil"]["class_name"] == "Class 3B"


def test_delete_needs_the_name_typed(client, ids, db):
    page = client.get(f"/pupils/{ids[1]}/delete").get_data(as_text=True)
    assert "cannot be undone" in page
    response = client.post(f"/pupils/{ids[1]}/delete", data={"confirm_name": "Sem"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 1


def test_delete_removes_the_pupil(client, ids, db):
    response = client.post(f"/pupils/{ids[1]}/delete", data={"confirm_name": " noor "})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/classes/{ids[0]}"
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0
    assert client.get(f"/pupils/{ids[1]}").status_code == 404


def test_teacher_sees_that_a_pupil_is_locked_out(client, ids, db):
    assert "cannot log in right now" not in client.get(f"/pupils/{ids[1]}").get_data(as_text=True)
    db.execute(
        "INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES (?, 9, 9e12, 0)",
        [f"pupil:{ids[1]}:device:0123456789abcdef"],
    )
    assert "Noor cannot log in right now" in client.get(f"/pupils/{ids[1]}").get_data(as_text=True)
    html = client.post(f"/pupils/{ids[1]}/reset-pictures").get_data(as_text=True)
    assert "cannot log in right now" not in html
