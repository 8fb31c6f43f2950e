"""Hostile names for pupils, classes and teachers: refused with a clear form error, or shown
escaped on every page they reach (roster, login name list, login cards, the pupil's page,
flash messages, the export).

The names are made through the real forms in `hostile_world` (tests/security/conftest.py); one pupil
name that the forms refuse is written straight into the database, to show that the pages
escape it even if a later import or bug let it through. (tests/web/test_bad_input_never_crashes.py
shows that random input never crashes a form.)
"""

import csv
import io
import json

import pytest

from .conftest import BYPASS_PUPIL, COMBINING_PUPIL, HOSTILE_CLASS, HOSTILE_TEACHER, RAW_PAYLOADS
from .walk import snapshot

SCRIPT = '"><script>alert(1)</script>'
LONG = "Ab" * 5000
RLO = "Ad\u202eaN"  # RIGHT-TO-LEFT OVERRIDE: shows as "AdNa"
EMOJI = "Ada 🦄"
NUL = "Ad\x00a"
COMBINING = "Zoe\u0308"  # e + COMBINING DIAERESIS, one of the ways to write Zoë
ZALGO = "Z\u0337a\u0335l\u0336"

PUPIL_CHARS = "Use only letters, digits, spaces, hyphens and apostrophes."
PUPIL_LONG = "A name can have at most 30 characters."
CLASS_LONG = "A class name can have at most 60 characters."
CLASS_CONTROL = "The class name contains characters that cannot be shown."
TEACHER_LONG = "Use at most 60 characters."
TEACHER_CONTROL = "Your name contains characters that cannot be shown."

# (name, error shown, or None: accepted and then shown escaped everywhere)
PUPIL_CASES = [
    (SCRIPT, PUPIL_CHARS),
    (LONG, PUPIL_LONG),
    (RLO, PUPIL_CHARS),
    (EMOJI, PUPIL_CHARS),
    (NUL, PUPIL_CHARS),
    (COMBINING, None),
    (ZALGO, None),
]
CLASS_CASES = [
    (SCRIPT, None),
    (LONG, CLASS_LONG),
    (RLO, CLASS_CONTROL),
    (EMOJI, None),
    (NUL, CLASS_CONTROL),
    (COMBINING, None),
]
TEACHER_CASES = [
    (SCRIPT, None),
    (LONG, TEACHER_LONG),
    (RLO, TEACHER_CONTROL),
    (EMOJI, None),
    (NUL, TEACHER_CONTROL),
    (COMBINING, None),
]


def _ids(cases):
    return ["script", "long", "rlo", "emoji", "nul", "combining", "zalgo"][: len(cases)]


def _assert_escaped(html: str, where: str):
    for payload in RAW_PAYLOADS:
        assert payload not in html, f"{where}: raw {payload!r}"


@pytest.fixture
def own(auth, make):
    teacher = auth.login_new_teacher("own@school.example")
    class_id = make.klass(teacher, "Owls")
    return class_id, make.pupil(class_id, "Noor")


@pytest.mark.parametrize("name, error", PUPIL_CASES, ids=_ids(PUPIL_CASES))
def test_pupil_names_through_every_form(client, db, own, name, error):
    # ASVS 5.0 V2.2.1: input checked against positive rules (letters, two words, 30 chars);
    # ASVS 5.0 V1.2.1: what is echoed back into the form is escaped.
    class_id, pupil_id = own
    before = snapshot(db)
    # Three different names, so that an accepted one is not refused as already taken.
    # Written as a spreadsheet writes it: a name with a quote in it is quoted, so the name's
    # rule is what refuses it, not the file's shape (a broken quote is refused on its line).
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([["name"], [name + "-C"]])
    csv_body = out.getvalue().encode("utf-8")
    responses = [
        client.post(f"/classes/{class_id}/pupils", data={"name": name}),
        client.post(f"/pupils/{pupil_id}/rename", data={"name": name + " B"}),
        client.post(
            f"/classes/{class_id}/upload",
            content_type="multipart/form-data",
            data={"file": (io.BytesIO(csv_body), "class.csv")},
        ),
    ]
    for response in responses:
        html = response.get_data(as_text=True)
        _assert_escaped(html, name[:20])
        if error:
            assert response.status_code == 400
            assert error in html
    if error:
        assert snapshot(db) == before
    else:
        assert [r.status_code for r in responses] == [303, 303, 303]
        names = {r[0] for r in db.execute("SELECT name FROM pupils WHERE class_id = ?", [class_id])}
        assert names == {name, name + " B", name + "-C"}


@pytest.mark.parametrize("name, error", CLASS_CASES, ids=_ids(CLASS_CASES))
def test_class_names_through_every_form(client, db, own, name, error):
    # ASVS 5.0 V2.2.1 / V1.2.1 for class names: anything printable, at most 60 characters.
    class_id, _ = own
    before = snapshot(db)
    responses = [
        client.post("/classes", data={"name": name}),
        client.post(f"/classes/{class_id}/rename", data={"name": name}),
    ]
    for response in responses:
        _assert_escaped(response.get_data(as_text=True), name[:20])
        if error:
            assert response.status_code == 400 and error in response.get_data(as_text=True)
    if error:
        assert snapshot(db) == before
    else:
        assert [r.status_code for r in responses] == [303, 303]
        names = [r[0] for r in db.execute("SELECT name FROM classes")]
        assert names.count(name) == 2


@pytest.mark.parametrize("name, error", TEACHER_CASES, ids=_ids(TEACHER_CASES))
def test_teacher_display_names_at_registration(client, db, name, error):
    # ASVS 5.0 V2.2.1 / V1.2.1 for the teacher's own name (shown on every page they see, and
    # later on school-wide pages): before the fix NUL and U+202E were stored.
    from web_helpers import TEACHER_PASSWORD

    response = client.post(
        "/register",
        data={
            "display_name": name,
            "email": "new@school.example",
            "password": TEACHER_PASSWORD,
            "password2": TEACHER_PASSWORD,
        },
    )
    html = response.get_data(as_text=True)
    _assert_escaped(html, name[:20])
    if error:
        assert response.status_code == 400 and error in html
        assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 0
    else:
        assert response.status_code == 303
        assert db.execute("SELECT display_name FROM teachers").fetchone()[0] == name
        _assert_escaped(client.get("/classes").get_data(as_text=True), name[:20])


def test_hostile_names_are_escaped_on_every_page(visits):
    # ASVS 5.0 V1.2.1: output encoding for the HTML context, in text and in attributes
    # (aria-label, value=), on every page and fragment of every visitor.
    html = [v for v in visits if v.is_html]
    for v in html:
        _assert_escaped(v.body, f"{v.role} {v.url} fragment={v.fragment}")


# Where each hostile name must be SHOWN (escaped), not silently dropped: endpoint -> role.
SHOWN = {
    HOSTILE_CLASS: {
        ("classes.index", "teacher"),
        ("classes.show", "teacher"),
        ("roster.cards", "teacher"),
        ("roster.upload", "teacher"),
        ("roster.show", "teacher"),
        ("pupil_login.names", "joining"),
        ("pupil_home.home", "pupil"),
    },
    BYPASS_PUPIL: {("classes.show", "teacher"), ("roster.cards", "teacher"), ("pupil_login.names", "joining")},
    COMBINING_PUPIL: {
        ("classes.show", "teacher"),
        ("roster.cards", "teacher"),
        ("roster.show", "teacher"),
        ("pupil_login.names", "joining"),
        ("pupil_login.pictures_step", "joining"),
        ("pupil_home.home", "pupil"),
    },
    HOSTILE_TEACHER: {
        ("classes.index", "teacher"),
        ("classes.show", "teacher"),
        ("roster.cards", "teacher"),
        ("roster.show", "teacher"),
    },
}


@pytest.mark.parametrize("name", list(SHOWN), ids=["class", "bypass-pupil", "combining-pupil", "teacher"])
def test_hostile_names_are_shown_as_text_where_they_belong(visits, name):
    # ASVS 5.0 V1.2.1: escaped means shown as the characters typed, not removed.
    from markupsafe import escape

    expected = str(escape(name))
    for endpoint, role in SHOWN[name]:
        page = next(v for v in visits if v.endpoint == endpoint and v.role == role and not v.fragment)
        assert page.status == 200 and expected in page.body, (endpoint, role)


def test_a_hostile_name_in_flash_messages_and_the_delete_page_is_escaped(walked):
    # ASVS 5.0 V1.2.1 for messages built in Python (flash) and the confirmation page.
    app, hostile_world, _ = walked
    teacher = hostile_world.clients["teacher"]
    for path in (f"/pupils/{hostile_world.bypass_pupil_id}", f"/pupils/{hostile_world.bypass_pupil_id}/delete"):
        html = teacher.get(path).get_data(as_text=True)
        _assert_escaped(html, path)
        assert "&#34;&gt;&lt;img src=x onerror=alert(3)&gt;" in html
    wrong = teacher.post(f"/pupils/{hostile_world.bypass_pupil_id}/delete", data={"confirm_name": SCRIPT})
    _assert_escaped(wrong.get_data(as_text=True), "delete refused")
    done = teacher.post(f"/pupils/{hostile_world.bypass_pupil_id}/delete", data={"confirm_name": BYPASS_PUPIL})
    assert done.status_code == 303
    html = teacher.get(done.headers["Location"]).get_data(as_text=True)
    _assert_escaped(html, "after delete")
    assert "&#34;&gt;&lt;img src=x onerror=alert(3)&gt; and all their data have been deleted." in html


def test_the_export_is_a_download_never_a_page(visits):
    # ASVS 5.0 V3.2.1: the JSON export (which holds the names as typed) cannot be rendered
    # as HTML: a JSON type, nosniff, and an attachment; ASVS 5.0 V5.4.2: its file name is
    # ours, not taken from the data.
    export = next(v for v in visits if v.endpoint == "roster.export" and v.role == "teacher" and not v.fragment)
    assert export.content_type.startswith("application/json")
    assert export.headers["X-Content-Type-Options"] == "nosniff"
    assert export.headers["Content-Disposition"].startswith('attachment; filename="pupil-')
    assert "script-src 'self'" in export.headers["Content-Security-Policy"]
    data = json.loads(export.body)
    assert data["pupil"]["class_name"] == HOSTILE_CLASS  # kept exactly, as data
