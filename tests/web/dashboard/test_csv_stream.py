"""The streamed attempts download follows the app's CSV rules (trainer.web.core.csv_export)."""

import csv
import io

from trainer.web.dashboard.csv_stream import csv_lines, csv_stream_response


def test_csv_lines_make_one_file_with_a_bom_quoting_and_defused_formulas():
    lines = list(csv_lines(["name", "note"], [["Chloé", 'said "hi", twice'], ["=cmd", -1.5], ["-A1", "\n@x"]]))
    assert len(lines) == 4 and lines[0].startswith("\ufeff")  # a line at a time
    rows = list(csv.reader(io.StringIO("".join(lines).lstrip("\ufeff"), newline="")))
    assert rows == [["name", "note"], ["Chloé", 'said "hi", twice'], ["'=cmd", "-1.5"], ["'-A1", "'\n@x"]]


def test_the_streamed_download_is_an_attachment_with_a_safe_name(app):
    with app.test_request_context():
        response = csv_stream_response('3B "x"\r\n.csv', ["name"], iter([["Ada"]]))
        body = response.get_data(as_text=True)
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == 'attachment; filename="3B__x___.csv"'
    assert body == "\ufeffname\r\nAda\r\n"
