"""A teacher uploads puzzles: all of a right file is stored, nothing of a file with errors,
and every bad line is named, in the teacher's language."""

import html
import io
import json

import pytest

GOOD_LINES = [
    '{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"], "kind": "all"}',
    '{"target": 8, "table": ["G1a", "O2b", "B3a"], "hand": ["Y2a", "R5", "P6"], "kind": "best"}',
]


def upload(client, text, name="mine.jsonl", headers=None):
    data = {"file": (io.BytesIO(text if isinstance(text, bytes) else text.encode()), name)}
    return client.post("/puzzles/upload", data=data, content_type="multipart/form-data", headers=headers or {})


def text(response):
    return html.unescape(response.get_data(as_text=True))


def test_the_drill_page_links_to_the_upload(client, teacher, make):
    class_id = make.klass(teacher)
    assert 'href="/puzzles/upload"' in text(client.get(f"/classes/{class_id}/drill"))
    assert "Upload puzzles" in text(client.get("/puzzles/upload"))


def test_a_right_file_is_stored_as_the_teachers_puzzles(client, teacher, db):
    response = upload(client, "\n".join(GOOD_LINES) + "\n\n")
    assert response.status_code == 303
    rows = db.execute("SELECT kind, source, teacher_id FROM puzzles ORDER BY kind").fetchall()
    assert rows == [("all", "teacher", teacher), ("best", "teacher", teacher)]
    page = text(client.get("/puzzles/upload"))
    assert "2 puzzles checked." in page and "2 new puzzles for your classes." in page
    upload(client, GOOD_LINES[0])
    assert "1 puzzle was yours already." in text(client.get("/puzzles/upload"))
    assert db["puzzles"].count == 2


def test_every_bad_line_is_named_and_nothing_is_stored(client, teacher, db):
    lines = [
        GOOD_LINES[0],
        '{"target": 9, "table": ["R1a"], "hand": ["Q7"]}',
        "not json",
        '{"target": 40, "table": ["R1a"], "hand": ["B4"]}',
        GOOD_LINES[0],
        '{"target": 9, "table": ["R1a"], "hand": ["B4"], "kind": "riddle"}',
        '{"target": 9, "table": ["R1a"], "hand": ["B4"], "colour": "red"}',
    ]
    response = upload(client, "\n".join(lines))
    page = text(response)
    assert response.status_code == 400 and db["puzzles"].count == 0
    assert "Nothing was added." in page
    for line, message in [
        (2, "Unknown card Q7. Card ids look like R1a, O5, B3b."),
        (3, "This line is not valid JSON: check the brackets, commas and quotes."),
        (4, "The target must be from 2 to 30."),
        (5, "This is the same puzzle as line 1."),
        (6, "Unknown kind of puzzle. The kinds are all, tweak, best, joker and quick."),
        (7, "Unknown field colour."),
    ]:
        assert f"<tr><td>{line}</td><td>{message}</td></tr>" in page


def test_problems_are_told_in_the_teachers_language(client, teacher, db):
    response = upload(client, '{"target": 9, "table": ["R1a"], "hand": ["B4"]}', headers={"Accept-Language": "de"})
    assert response.status_code == 400
    assert (
        "<tr><td>1</td><td>Bei Zauberzahl 9 kann nichts genommen werden, es gibt also nichts zu finden.</td></tr>"
        in text(response)
    )


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe{}", "This is not a text file in UTF-8."),
        (b"\n\n", "The file has no puzzles in it."),
    ],
)
def test_files_that_are_not_puzzle_files_are_refused(client, teacher, db, content, message):
    response = upload(client, content)
    assert response.status_code == 400 and message in text(response) and db["puzzles"].count == 0


def test_no_file_chosen(client, teacher):
    response = client.post("/puzzles/upload", data={})
    assert response.status_code == 400 and "Please choose a file." in text(response)


def test_pupils_and_strangers_cannot_upload(client, db):
    assert upload(client, GOOD_LINES[0]).status_code == 302
    assert db["puzzles"].count == 0


def test_a_file_of_puzzles_as_trainer_puzzles_prints_them_uploads_too(client, teacher, db):
    from trainer.puzzles.loader import parse_puzzle_lines

    normalised = [json.dumps(p.to_json()) for p in parse_puzzle_lines(GOOD_LINES)]
    assert upload(client, "\n".join(normalised)).status_code == 303 and db["puzzles"].count == 2
