"""/school/rosters: administrators only; upload -> preview -> apply; bad files refused whole."""

from __future__ import annotations

import io

import pytest

from rosters.district import District, zip_of
from rosters.test_oneroster import SMALL
from trainer.store import school_settings


@pytest.fixture
def admin(auth):
    return auth.login_new_teacher()  # the first teacher of a school is its administrator


def upload(client, data, name="roster.zip"):
    return client.post("/school/rosters", data={"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def snapshot(db):
    return [db.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in ("classes", "pupils")]


def test_a_teacher_who_is_not_the_administrator_is_refused(client, auth, make):
    make.teacher(email="head@school.example")
    auth.login_new_teacher("bob@school.example")
    assert client.get("/school/rosters").status_code == 403
    assert upload(client, zip_of(SMALL)).status_code == 403
    assert client.get("/school/rosters/preview?upload=" + "0" * 64).status_code == 403
    assert client.post("/school/rosters/apply", data={"upload": "0" * 64, "org": "org-1"}).status_code == 403
    assert "Import classes from the school" not in client.get("/classes").get_data(as_text=True)


def test_nobody_logged_in_is_sent_to_log_in(client):
    assert client.get("/school/rosters").status_code in (302, 303)


def test_upload_preview_apply_and_a_reimport(client, admin, db):
    assert "Import classes from the school" in client.get("/classes").get_data(as_text=True)
    response = upload(client, zip_of(SMALL))
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Group 3B" in page and "Emma" in page and "Karin Kok" in page
    assert "Jansen" not in page  # a pupil's family name is never shown
    assert snapshot(db) == [[], []]  # a preview changes nothing
    digest = response.headers["Location"].split("upload=")[1]
    response = client.post("/school/rosters/apply", data={"upload": digest, "org": "org-1"})
    assert response.status_code == 200
    assert "1 pupil added" in response.get_data(as_text=True)
    assert [r["name"] for r in db.query("SELECT name FROM pupils")] == ["Emma"]
    assert school_settings.get(db, "oneroster_org") == "org-1"
    # The kept file is gone: applying twice is not possible.
    assert client.post("/school/rosters/apply", data={"upload": digest, "org": "org-1"}).status_code == 404

    changed = dict(SMALL)
    changed["classes.csv"] = SMALL["classes.csv"].replace("Group 3B", "Group 4B")
    changed["users.csv"] = SMALL["users.csv"] + "u3,,true,org-1,student,x,Noah,Bakker,\n"
    changed["enrollments.csv"] = (
        SMALL["enrollments.csv"].replace("e1,,c1,org-1,u1,student,false\n", "") + "e3,,c1,org-1,u3,student,\n"
    )
    response = upload(client, zip_of(changed))
    digest = response.headers["Location"].split("upload=")[1]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Group 3B" in page and "1 pupil to archive" in page
    client.post("/school/rosters/apply", data={"upload": digest, "org": "org-1"})
    assert db.execute("SELECT name, source_id FROM classes").fetchall() == [("Group 4B", "c1")]
    assert [tuple(r) for r in db.execute("SELECT name, source_id, archived_at IS NULL FROM pupils ORDER BY id")] == [
        ("Emma", "u1", 0),
        ("Noah", "u3", 1),
    ]


def test_a_district_file_asks_which_school_and_takes_only_its_rows(client, admin, db):
    response = upload(client, District().zip())
    location = response.headers["Location"]
    page = client.get(location).get_data(as_text=True)
    assert "several schools" in page and "School 2" in page
    page = client.get(location + "&org=org-2").get_data(as_text=True)
    assert "13 classes to create" in page
    assert client.get(location + "&org=nope").status_code == 400
    digest = location.split("upload=")[1]
    client.post("/school/rosters/apply", data={"upload": digest, "org": "org-2"})
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 13
    assert school_settings.get(db, "oneroster_org") == "org-2"


def test_a_malformed_file_is_reported_by_file_and_line_and_changes_nothing(client, admin, db):
    bad = dict(SMALL, **{"enrollments.csv": SMALL["enrollments.csv"] + "e3,,c9,org-1,u1,student,\n"})
    response = upload(client, zip_of(bad))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "enrollments.csv" in page and "<td>4</td>" in page and "c9" in page
    assert snapshot(db) == [[], []]
    assert db.execute("SELECT count(*) FROM roster_uploads").fetchone()[0] == 0


@pytest.mark.parametrize("data", [b"", b"\x00\xff" * 500, b"PK\x03\x04" + b"\xff" * 200, zip_of({"users.csv": "\x00"})])
def test_hostile_bytes_get_a_4xx(client, admin, data):
    assert upload(client, data).status_code == 400


def test_bad_upload_ids_get_a_4xx(client, admin):
    for value in ("", "x", "0" * 64, "../" * 30, "A" * 64):
        assert client.get("/school/rosters/preview", query_string={"upload": value}).status_code == 404
        assert client.post("/school/rosters/apply", data={"upload": value, "org": "x"}).status_code == 404
    assert client.post("/school/rosters", data={}).status_code == 400


def test_another_administrators_upload_cannot_be_used(client, admin, auth, make, db):
    response = upload(client, zip_of(SMALL))
    location = response.headers["Location"]
    auth.logout()
    other = make.teacher(email="second@school.example")
    db.execute("UPDATE teachers SET role = 'admin' WHERE id = ?", [other])
    db.conn.commit()
    auth.login("second@school.example")
    assert client.get(location).status_code == 404
