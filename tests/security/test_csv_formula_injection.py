"""CSV exports cannot smuggle spreadsheet formulas: a cell that starts with = + - @ (or a tab,
carriage return, line feed, NUL) is prefixed with an apostrophe, and fields are quoted as
RFC 4180 says.

The dashboard's exports (issue 7) go through trainer.web.core.csv_export (csv_response, and its
safe_cell for the streamed attempts download), which is tested here, and
test_every_download_is_safe_to_open checks every download the page walk meets, CSV ones cell
by cell, so an export that bypasses the rules fails.
"""

import csv
import io

import pytest

from trainer.web.classes.names import class_name_error, pupil_name_error
from trainer.web.core.csv_export import FORMULA_START, csv_response, safe_cell, to_csv

from .conftest import FORMULA_PUPIL, HOSTILE_CLASS, HOSTILE_TEACHER


def test_the_name_rules_let_formula_like_names_through():
    # Why the exports must defuse: the forms accept these, rightly, as names.
    assert pupil_name_error(FORMULA_PUPIL) is None
    assert class_name_error(HOSTILE_CLASS) is None
    assert class_name_error('=HYPERLINK("https://evil.example","Click")') is None
    assert class_name_error("+31 group") is None and class_name_error("@home") is None


@pytest.mark.parametrize(
    "text",
    [
        "=1+2",
        "+31",
        "-A1",
        "@SUM(A1)",
        "\tTab",
        "\rCR",
        "\nLF",
        "\0NUL",
        '=HYPERLINK("https://evil.example","x")',
        "=cmd|' /C calc'!A0",
        HOSTILE_CLASS,
        HOSTILE_TEACHER,
    ],
)
def test_formula_cells_get_an_apostrophe(text):
    # ASVS 5.0 V1.2.10: special characters first in a field are escaped with a single quote.
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize(
    "value, cell",
    [
        ("Noor", "Noor"),
        ("Zoë", "Zoë"),
        ("", ""),
        (None, ""),
        ("a=b", "a=b"),
        (" =1", " =1"),
        (-3, "-3"),
        (-0.25, "-0.25"),
        (12, "12"),
        (True, "true"),
    ],
)
def test_other_cells_and_real_numbers_are_left_alone(value, cell):
    # Numbers passed as numbers are data, not text a person typed: a rating change of -3
    # must stay a number in the spreadsheet.
    assert safe_cell(value) == cell


def test_fields_are_quoted_as_rfc_4180_says():
    # ASVS 5.0 V1.2.10: RFC 4180 2.6 (fields with commas, quotes, line breaks are enclosed in
    # double quotes) and 2.7 (a double quote inside is doubled); CRLF line ends.
    rows = [["a,b", 'say "hi"', "two\r\nlines", -1.5], [FORMULA_PUPIL, HOSTILE_CLASS, "ok", 0]]
    text = to_csv(["name", "class", "note", "change"], rows)
    assert text.startswith("name,class,note,change\r\n")
    assert '"a,b","say ""hi""","two\r\nlines",-1.5\r\n' in text
    parsed = list(csv.reader(io.StringIO(text, newline="")))
    assert parsed[1] == ["a,b", 'say "hi"', "two\r\nlines", "-1.5"]
    assert parsed[2] == ["'" + FORMULA_PUPIL, "'" + HOSTILE_CLASS, "ok", "0"]
    for row in parsed:
        for cell in row:
            assert not cell.startswith(FORMULA_START) or cell.lstrip("-").replace(".", "").isdigit()


def test_a_csv_download_is_an_attachment_with_a_safe_file_name(app):
    # ASVS 5.0 V3.2.1 (a download, not a page) and V5.4.2 (the file name cannot break the
    # header, whatever the class is called).
    with app.test_request_context():
        response = csv_response('3B "=evil"\r\nX-Injected: 1.csv', ["name"], [[FORMULA_PUPIL]])
    assert response.mimetype == "text/csv"
    disposition = response.headers["Content-Disposition"]
    assert disposition == 'attachment; filename="3B___evil___X-Injected__1.csv"'
    body = response.get_data(as_text=True)
    assert body.startswith("\ufeffname\r\n") and "'-A1" in body


def test_every_download_is_safe_to_open(visits):
    # ASVS 5.0 V3.2.1: whatever is not a page is an attachment with its real type and nosniff
    # (today: the pupil's JSON export); ASVS 5.0 V1.2.10: every CSV cell is defused (the
    # hostile_world's class, teacher and pupil names start like formulas).
    # The web app's manifest and service worker are for the browser itself, not downloads.
    browser_files = ("/manifest.webmanifest", "/sw.js")
    downloads = [
        v for v in visits if v.status == 200 and not v.is_html and not v.url.split("?")[0].endswith(browser_files)
    ]
    assert downloads, "the walk should meet the pupil export at least"
    # The dashboard's downloads (issue 7), with the hostile_world's formula-like names in their rows.
    csv_downloads = {v.url: v.body for v in downloads if v.content_type.startswith("text/csv")}
    assert len(csv_downloads) >= 3
    assert any("\r\n'-A1," in body for body in csv_downloads.values())  # the summary row, defused
    assert any(url.endswith("/attempts.csv") and body.count("\r\n") >= 2 for url, body in csv_downloads.items())
    for v in downloads:
        assert v.headers["Content-Disposition"].startswith("attachment;"), v.url
        assert v.headers["X-Content-Type-Options"] == "nosniff", v.url
        assert v.content_type.split(";")[0] in ("application/json", "text/csv"), v.url
        if v.content_type.startswith("text/csv"):
            for row in csv.reader(io.StringIO(v.body.lstrip("\ufeff"), newline="")):
                for cell in row:
                    assert not cell.startswith(FORMULA_START) or _number(cell), (v.url, cell)


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True
