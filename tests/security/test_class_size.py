"""A class holds at most MAX_CLASS_SIZE pupils, whichever way they come in, and a class list
with a broken line is refused line by line (issue 38.8).

Before: a OneRoster file with 10,000 rows went into one class (class page 3.3 MB, login cards
32.7 MB), and a class list with an unterminated quote was stored as one pupil "Anna Ben".
Every refusal here is a 4xx that leaves the pupils table as it was.
"""

from __future__ import annotations

import io

import pytest

from rosters.district import zip_of
from trainer.store import pupils
from trainer.store.pupils import MAX_CLASS_SIZE

FULL = f"a class can have at most {MAX_CLASS_SIZE} pupils"


def _names(db, class_id):
    return [r[0] for r in db.execute("SELECT name FROM pupils WHERE class_id = ? ORDER BY id", [class_id])]


def _fill(make, class_id, count):
    for i in range(count):
        make.pupil(class_id, f"Kid {chr(65 + i % 26)}{chr(97 + i // 26)}")


def _upload(client, class_id, content: bytes):
    return client.post(
        f"/classes/{class_id}/upload",
        data={"file": (io.BytesIO(content), "class.csv")},
        content_type="multipart/form-data",
    )


def test_the_store_refuses_a_pupil_past_the_cap_and_keeps_the_list_whole(db, make, teacher):
    class_id = make.klass(teacher, "Full class")
    _fill(make, class_id, MAX_CLASS_SIZE - 2)
    with pytest.raises(pupils.ClassFull) as full:
        pupils.create_many(db, class_id, ["Ann", "Bea", "Cy"])
    assert full.value.room == 2
    assert len(_names(db, class_id)) == MAX_CLASS_SIZE - 2
    pupils.create_many(db, class_id, ["Ann", "Bea"])  # exactly full is fine
    assert len(_names(db, class_id)) == MAX_CLASS_SIZE


def test_adding_one_more_pupil_to_a_full_class_is_refused_with_the_cap(client, db, make, class_id):
    _fill(make, class_id, MAX_CLASS_SIZE)
    response = client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"})
    assert response.status_code == 400
    assert "This class is full: " + FULL in response.get_data(as_text=True)
    assert "Noor" not in _names(db, class_id)


def test_a_pasted_list_and_an_uploaded_file_that_do_not_fit_add_nobody(client, db, make, class_id):
    _fill(make, class_id, MAX_CLASS_SIZE - 3)
    before = _names(db, class_id)
    listed = "Ann\nBea\nCy\nDan\n"
    message = f"A class can have at most {MAX_CLASS_SIZE} pupils: there is room for 3 more."
    response = client.post(f"/classes/{class_id}/paste", data={"names": listed})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    # The confirming step posts the names itself: the store still counts.
    response = client.post(f"/classes/{class_id}/paste", data={"step": "add", "name": listed.split()})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    response = _upload(client, class_id, listed.encode())
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert _names(db, class_id) == before


def test_restoring_an_archived_pupil_into_a_full_class_is_refused(client, db, make, class_id):
    leaver = make.pupil(class_id, "Leaver")
    pupils.set_archived(db, leaver, True)
    _fill(make, class_id, MAX_CLASS_SIZE)  # archived pupils leave room
    response = client.post(f"/pupils/{leaver}/restore")
    assert response.status_code == 400 and FULL in response.get_data(as_text=True)
    assert pupils.get(db, leaver)["archived_at"] is not None


def _oneroster(pupil_count: int) -> bytes:
    users = ["sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email"]
    users += [f"u{n},,true,org-1,student,u{n},Kid,Family{n},\n".rstrip("\n") for n in range(pupil_count)]
    enrollments = ["sourcedId,status,classSourcedId,schoolSourcedId,userSourcedId,role,primary"]
    enrollments += [f"e{n},,c1,org-1,u{n},student,false" for n in range(pupil_count)]
    return zip_of(
        {
            "orgs.csv": "sourcedId,status,name,type\norg-1,,North School,school\n",
            "users.csv": "\n".join(users) + "\n",
            "classes.csv": "sourcedId,status,title,courseSourcedId,schoolSourcedId\nc1,,Group 3B,,org-1\n",
            "enrollments.csv": "\n".join(enrollments) + "\n",
        }
    )


def test_a_oneroster_file_of_ten_thousand_pupils_in_one_class_is_refused(client, db, teacher):
    # `teacher` is the school's first teacher, so its administrator.
    response = client.post(
        "/school/rosters", data={"file": (io.BytesIO(_oneroster(10_000)), "r.zip")}, content_type="multipart/form-data"
    )
    assert response.status_code == 303
    preview = client.get(response.headers["Location"])
    page = preview.get_data(as_text=True)
    assert f"Nothing can be imported: {FULL}." in page
    assert "<td>Group 3B</td><td>10000</td>" in page
    assert len(page) < 50_000  # not 10,000 names
    assert 'action="/school/rosters/apply"' not in page
    digest = response.headers["Location"].split("upload=")[1]
    response = client.post("/school/rosters/apply", data={"upload": digest, "org": "org-1"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM classes WHERE source_id = 'c1'").fetchone()[0] == 0


def test_a_oneroster_class_at_the_cap_is_imported(client, db, teacher):
    response = client.post(
        "/school/rosters",
        data={"file": (io.BytesIO(_oneroster(MAX_CLASS_SIZE)), "r.zip")},
        content_type="multipart/form-data",
    )
    digest = response.headers["Location"].split("upload=")[1]
    assert client.post("/school/rosters/apply", data={"upload": digest, "org": "org-1"}).status_code == 200
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == MAX_CLASS_SIZE


@pytest.mark.parametrize(
    "content, line",
    [
        (b'"Anna\nBen\n', 1),  # the file: stored as one pupil "Anna Ben"
        (b'Anna\n"Ben\nCarl\nDora\n', 2),
        (b'name\nAnna\nBen\n"Carl', 4),
    ],
)
def test_a_quote_left_open_is_refused_on_its_line(client, db, class_id, content, line):
    response = _upload(client, class_id, content)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert f"<tr><td>{line}</td>" in page and "breaks the list" in page
    response = client.post(f"/classes/{class_id}/paste", data={"names": content.decode()})
    assert response.status_code == 400
    assert f"Line {line}: A quote mark" in response.get_data(as_text=True).replace("&#34;", '"')
    assert _names(db, class_id) == []


def test_a_quoted_name_on_one_line_is_still_fine(client, db, class_id):
    response = _upload(client, class_id, b'name\n"Anna"\n"Ben B.";x\nCarl\n')
    assert response.status_code == 303
    assert _names(db, class_id) == ["Anna", "Ben B.", "Carl"]
