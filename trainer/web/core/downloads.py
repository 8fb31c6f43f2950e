"""Files the browser saves rather than shows: every download of the app (the JSON exports here,
the CSV exports through `csv_export`) leaves by `attachment()`, so each names its file the same
way and none is ever rendered in a tab as a page of ours."""

from __future__ import annotations

import json
import re

from flask import Response


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """`filename` is cut to letters, digits, `.`, `_` and `-`: a pupil's or class's name in it
    can break neither the header nor out of the download folder."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", filename)
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'})


def json_download(filename: str, data) -> Response:
    """Someone's data as they may take it away (GDPR art. 15 and 20): UTF-8, indented to be read."""
    return attachment(json.dumps(data, ensure_ascii=False, indent=2), "application/json", filename)
