"""CSV exports that a spreadsheet opens safely.

A cell beginning with = + - @ (or a tab or carriage return, which some spreadsheets skip before
reading a formula) would be run as a formula when the teacher opens the file (CSV injection,
OWASP). Such text gets a leading apostrophe, which spreadsheets show as text. Numbers we
compute are written as numbers: a negative rating is a value, not a formula.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

DANGEROUS_FIRST = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        return repr(round(value, 6)) if isinstance(value, float) else str(value)
    text = str(value)
    return "'" + text if text.startswith(DANGEROUS_FIRST) else text


def csv_lines(header: list[str], rows: Iterable[Iterable]) -> Iterator[str]:
    """The file line by line (streamed: a class's attempts can be large), UTF-8 with a BOM so
    that spreadsheets read accented names right."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")

    def flush() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow([neutralise(h) for h in header])
    yield "\ufeff" + flush()
    for row in rows:
        writer.writerow([neutralise(v) for v in row])
        yield flush()
