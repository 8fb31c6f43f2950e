"""A large CSV download (every answer of a class), streamed row by row.

The cells follow trainer.web.core.csv_export, the app's one rule for CSV (formula cells defused,
numbers kept numeric, RFC 4180 quoting, a byte order mark); `csv_response` there builds the
whole file at once, which is right for a class summary but not for a year of answers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator

from flask import Response, stream_with_context

from trainer.web.core.csv_export import safe_cell


def csv_lines(header: Iterable, rows: Iterable[Iterable]) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")

    def flush() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow([safe_cell(h) for h in header])
    yield "\ufeff" + flush()
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
        yield flush()


def csv_stream_response(filename: str, header: Iterable, rows: Iterable[Iterable]) -> Response:
    """`rows` is consumed while the response streams, inside the request's context."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", filename) or "export.csv"
    return Response(
        stream_with_context(csv_lines(header, rows)),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
