"""CSV downloads that are safe to open in a spreadsheet (OWASP ASVS 5.0 V1.2.10).

Exports (the dashboard's attempts and per-pupil summaries, issue 7) go through
`csv_response()`: RFC 4180 quoting (a field with a comma, quote or line break is quoted, quotes
doubled, CRLF line ends), and a text cell that begins with = + - @, a tab, a carriage return,
a line feed or NUL gets a leading apostrophe, so that no pupil, class or teacher name can
become a formula (a pupil may be called "-A1"; a class "=HYPERLINK(...)"). Numbers given as
numbers stay numbers: a rating change of -3 is not text. tests/security/ checks every CSV
download of the app.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from flask import Response

from trainer.web.core.downloads import attachment

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")


def safe_cell(value) -> str:
    """One cell as text: numbers as they are, text that a spreadsheet would run defused."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def to_csv(header: Iterable, rows: Iterable[Iterable]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # QUOTE_MINIMAL: RFC 4180 2.6, 2.7
    writer.writerow([safe_cell(h) for h in header])
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return out.getvalue()


def csv_response(filename: str, header: Iterable, rows: Iterable[Iterable]) -> Response:
    """A download (never shown as a page) with a byte order mark so Excel reads UTF-8."""
    return attachment("\ufeff" + to_csv(header, rows), "text/csv", filename or "export.csv")
