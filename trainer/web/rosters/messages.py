"""The reader's problem codes (trainer.rosters.oneroster.Issue.code) as sentences."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from trainer.rosters.oneroster import Issue
from trainer.web.core.i18n import gettext as _

MESSAGES = {
    "not_zip": _l("This is not a zip file. Upload the OneRoster export as it came (a .zip)."),
    "too_many_files": _l("The zip file holds too many files to be a OneRoster export."),
    "too_large": _l("This file is too large."),
    "unreadable": _l("This file cannot be read as CSV."),
    "not_utf8": _l("This file is not in UTF-8 text."),
    "missing_file": _l("This file is missing from the zip."),
    "no_header": _l("The file is empty: it needs a header line."),
    "missing_column": _l("A column is missing from the header:"),
    "wrong_cell_count": _l("This line has a different number of cells than the header."),
    "delta": _l("This is a delta file (changes only). Please export a bulk file: only a bulk file says who has left."),
    "bad_version": _l("This OneRoster version is not supported (1.1 and 1.2 are):"),
    "bad_status": _l("Unknown status:"),
    "empty": _l("A required cell is empty:"),
    "too_long": _l("A cell is too long:"),
    "duplicate_id": _l("This sourcedId was already used on an earlier line:"),
    "unknown_ref": _l("This refers to a sourcedId that the other files do not have:"),
}


def describe(issue: Issue) -> tuple[str, str, str]:
    """(file, line, message) for the report table."""
    message = str(MESSAGES.get(issue.code, _("This line cannot be read.")))
    if issue.detail:
        message = f"{message} {issue.detail}"
    return issue.file or _("zip file"), str(issue.line) if issue.line else "–", message
