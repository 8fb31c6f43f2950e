"""The JSON downloads (a pupil's, a class's, a teacher's account, GDPR art. 15/20) are files the
browser saves, never pages: one helper makes all three (trainer/web/core/downloads.py), and its
bytes and headers are what each view sent before it (issue 48.5)."""

import json

import pytest

from trainer.store import account_export, pupil_export


@pytest.fixture
def ids(teacher, class_id, make):
    return {"teacher": teacher, "klass": class_id, "pupil": make.pupil(class_id, 'Zoë "-=1+1" <b>')}


def downloads(db, ids):
    return [
        (
            f"/pupils/{ids['pupil']}/export.json",
            f"pupil-{ids['pupil']}.json",
            lambda: pupil_export.export(db, ids["pupil"]),
        ),
        (
            f"/classes/{ids['klass']}/export.json",
            f"class-{ids['klass']}.json",
            lambda: account_export.export_class(db, ids["klass"]),
        ),
        (
            f"/teachers/{ids['teacher']}/export.json",
            f"teacher-{ids['teacher']}.json",
            lambda: account_export.export_teacher(db, ids["teacher"]),
        ),
    ]


def test_each_json_download_is_the_export_indented_in_utf8_as_an_attachment(client, db, ids):
    for path, filename, export in downloads(db, ids):
        response = client.get(path)
        assert response.status_code == 200, path
        # The bytes: the store's export as JSON, indented by two, names in UTF-8 (not \u escapes).
        expected = json.dumps(export(), ensure_ascii=False, indent=2).encode("utf-8")
        assert response.get_data() == expected, path
        assert "Zoë".encode() in response.get_data(), path
        assert response.headers["Content-Type"] == "application/json", path
        assert response.headers["Content-Disposition"] == f'attachment; filename="{filename}"', path
        assert response.headers["Content-Length"] == str(len(expected)), path
        assert response.headers["Cache-Control"] == "no-store", path


def test_the_json_downloads_send_the_same_headers_as_each_other(client, db, ids):
    # Apart from the file's name and length, one download's headers are another's.
    seen = []
    for path, _filename, _export in downloads(db, ids):
        headers = dict(client.get(path).headers)
        seen.append({k: v for k, v in headers.items() if k not in ("Content-Disposition", "Content-Length")})
    assert seen[0] == seen[1] == seen[2]
