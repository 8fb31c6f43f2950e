"""Uploading a class list: per-row errors, all or nothing, duplicates refused."""

import io

import pytest


def upload(client, class_id, content: bytes, filename="class.csv"):
    return client.post(
        f"/classes/{class_id}/upload",
        data={"file": (io.BytesIO(content), filename)},
        content_type="multipart/form-data",
    )


def names(db):
    return [r[0] for r in db.execute("SELECT name FROM pupils ORDER BY id")]


def test_upload_adds_every_name(client, class_id, db):
    response = upload(client, class_id, "name\nNoor\nSem\n\nJiří\n".encode())
    assert response.status_code == 303
    assert names(db) == ["Noor", "Sem", "Jiří"]
    assert "3 pupils added." in client.get(response.headers["Location"]).get_data(as_text=True)


def test_upload_reads_excel_style_files(client, class_id, db):
    content = "\ufeffNaam;Groep\r\nNoor;5\r\nSem;5\r\n".encode("utf-8")
    assert upload(client, class_id, content).status_code == 303
    assert names(db) == ["Noor", "Sem"]


def test_upload_without_header(client, class_id, db):
    assert upload(client, class_id, b"Noor\nSem\n").status_code == 303
    assert names(db) == ["Noor", "Sem"]


def test_errors_are_listed_per_line_and_nothing_is_stored(client, class_id, db):
    content = "name\nNoor\n\nanna@example.org\nnoor\nSem\n123\n".encode()
    response = upload(client, class_id, content)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Nothing was added." in html
    assert "<td>4</td><td>anna@example.org</td><td>Use only letters" in html
    assert "<td>5</td><td>noor</td><td>The same name is already on line 2.</td>" in html
    assert "<td>7</td><td>123</td><td>A name needs at least one letter.</td>" in html
    assert names(db) == []


def test_names_already_in_the_class_are_refused(client, class_id, make, db):
    make.pupil(class_id, "Sem")
    response = upload(client, class_id, b"Noor\nSEM\n")
    assert response.status_code == 400
    assert "There is already a pupil with this name in the class." in response.get_data(as_text=True)
    assert names(db) == ["Sem"]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "The file has no names in it."),
        (b"name\n", "The file has no names in it."),
        ("Noor\nSøren\n".encode("latin-1"), "The file is not a text file in UTF-8."),
        (b"\n".join(b"Kid%d" % i for i in range(41)).replace(b"Kid", b"Kid x"), "at most 40 names"),
    ],
)
def test_unusable_files_get_a_clear_message(client, class_id, db, content, message):
    response = upload(client, class_id, content)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert names(db) == []


def test_missing_file_is_a_form_error(client, class_id):
    response = client.post(f"/classes/{class_id}/upload", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "Please choose a file." in response.get_data(as_text=True)
