"""What counts as a good pupil name or class name, and reading a class list from CSV.

A pupil is known by a first name or nickname only. Anything that looks like more (an e-mail
address, a long full name) is refused, so the school does not store it by accident.
"""
from __future__ import annotations

import csv
import io
import unicodedata

from flask_babel import gettext as _, ngettext

from trainer.store.pupils import name_key

MAX_PUPIL_NAME = 30
MAX_CLASS_NAME = 60
MAX_ROWS = 100
ALLOWED_PUNCTUATION = set(" -'.’")
HEADER_WORDS = {"name", "naam", "navn", "nimi", "jméno", "jmeno", "vorname", "first name"}


def pupil_name_error(name: str) -> str | None:
    clean = " ".join(name.split())
    if not clean:
        return _("Please enter a name.")
    if len(clean) > MAX_PUPIL_NAME:
        return ngettext("A name can have at most %(num)d character.",
                        "A name can have at most %(num)d characters.", MAX_PUPIL_NAME)
    for ch in clean:
        if not (ch.isalnum() or ch in ALLOWED_PUNCTUATION
                or unicodedata.category(ch) in ("Mn", "Mc")):
            return _("Use only letters, digits, spaces, hyphens and apostrophes.")
    if not any(ch.isalpha() for ch in clean):
        return _("A name needs at least one letter.")
    if len(clean.split()) > 2:
        return _("A first name or nickname only, please (at most two words).")
    return None


def class_name_error(name: str) -> str | None:
    clean = name.strip()
    if not clean:
        return _("Please enter a name for the class.")
    if len(clean) > MAX_CLASS_NAME:
        return ngettext("A class name can have at most %(num)d character.",
                        "A class name can have at most %(num)d characters.", MAX_CLASS_NAME)
    if any(unicodedata.category(ch).startswith("C") for ch in clean):
        return _("The class name contains characters that cannot be shown.")
    return None


def parse_roster_csv(data: bytes, taken_keys: set[str]) -> tuple[list[str], list[tuple[int, str, str]]]:
    """The names in an uploaded class list, and the errors as (line, text, message).

    One name per line, in the first column; an optional header line is skipped. The caller
    stores nothing unless the error list is empty.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return [], [(0, "", _("The file is not a text file in UTF-8. Save it as 'CSV UTF-8' and try again."))]
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    names, errors, seen = [], [], {}
    try:
        rows = list(csv.reader(io.StringIO(text), dialect))
    except csv.Error:
        return [], [(0, "", _("The file could not be read as CSV."))]
    for line, row in enumerate(rows, start=1):
        cell = row[0].strip() if row else ""
        if line == 1 and cell.casefold() in HEADER_WORDS:
            continue
        if not cell and not any(c.strip() for c in row):
            continue  # blank lines are harmless
        error = pupil_name_error(cell)
        key = name_key(cell)
        if error is None and key in seen:
            error = _("The same name is already on line %(line)d.", line=seen[key])
        elif error is None and key in taken_keys:
            error = _("There is already a pupil with this name in the class.")
        if error:
            errors.append((line, cell[:60], error))
        else:
            seen[key] = line
            names.append(cell)
    if not names and not errors:
        errors.append((0, "", _("The file has no names in it.")))
    if len(names) > MAX_ROWS:
        errors.append((0, "", ngettext("A class list can have at most %(num)d name.",
                                       "A class list can have at most %(num)d names.", MAX_ROWS)))
    return names, errors
