"""What counts as a good pupil name or class name, and reading a class list from CSV.

A pupil is known by a first name or nickname only. Anything that looks like more (an e-mail
address, a long full name) is refused, so the school does not store it by accident.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass

from trainer.store.pupils import MAX_CLASS_SIZE, name_key
from trainer.web.core.i18n import gettext as _, ngettext

MAX_PUPIL_NAME = 30
MAX_CLASS_NAME = 60
MAX_ROWS = MAX_CLASS_SIZE  # a list longer than a class can hold is not a class list
ALLOWED_PUNCTUATION = set(" -'.’")
HEADER_WORDS = {
    "name",
    "naam",
    "navn",
    "nimi",
    "jméno",
    "jmeno",
    "vorname",
    "first name",
    # What a school's system or a spreadsheet heads the column with.
    "voornaam",
    "roepnaam",
    "fornavn",
    "etunimi",
    "křestní jméno",
    "pupil",
    "leerling",
    "elev",
    "oppilas",
    "žák",
    "schüler",
    "schülerin",
}


def pupil_name_error(name: str) -> str | None:
    clean = " ".join(name.split())
    if not clean:
        return _("Please enter a name.")
    if len(clean) > MAX_PUPIL_NAME:
        return ngettext(
            "A name can have at most %(num)d character.", "A name can have at most %(num)d characters.", MAX_PUPIL_NAME
        )
    for ch in clean:
        if not (ch.isalnum() or ch in ALLOWED_PUNCTUATION or unicodedata.category(ch) in ("Mn", "Mc")):
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
        return ngettext(
            "A class name can have at most %(num)d character.",
            "A class name can have at most %(num)d characters.",
            MAX_CLASS_NAME,
        )
    if any(unicodedata.category(ch).startswith("C") for ch in clean):
        return _("The class name contains characters that cannot be shown.")
    return None


def class_full_message(room: int) -> str:
    """Why pupils cannot be added: the cap, and how many still fit."""
    if room <= 0:
        return _(
            "This class is full: a class can have at most %(max)d pupils. Archive or delete "
            "pupils who have left to make room.",
            max=MAX_CLASS_SIZE,
        )
    return ngettext(
        "A class can have at most %(max)d pupils: there is room for %(num)d more.",
        "A class can have at most %(max)d pupils: there is room for %(num)d more.",
        room,
        max=MAX_CLASS_SIZE,
    )


def _rows(text: str) -> tuple[list[tuple[int, list[str]]], list[tuple[int, str, str]]]:
    """The lines of a class list as (line number, cells): comma, semicolon or tab separated
    (what a spreadsheet or the school's system gives when a column is copied or saved). And the
    lines that are not one record each, as (line, text, message): a quote mark left open would
    otherwise swallow the lines after it ("Anna, then "Ben" read as one pupil "Anna Ben")."""
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    lines = text.split("\n")  # as csv counts them (StringIO splits at \n only)
    # strict: a quote left open at the end, or text after a closing quote, is an error too.
    reader = csv.reader(io.StringIO(text), dialect, strict=True)
    open_quote = _(
        'A quote mark (") on this line breaks the list. Remove it, or put the whole name between two quote marks.'
    )
    rows, errors, start = [], [], 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error:
            # The reader cannot find where this record ends: nothing after it can be trusted.
            shown = _shown(lines, start)
            errors.append(
                (
                    start,
                    shown,
                    open_quote if reader.line_num > start or '"' in shown else _("This line could not be read as CSV."),
                )
            )
            break
        if reader.line_num > start:
            errors.append((start, _shown(lines, start), open_quote))
        else:
            rows.append((start, cells))
        start = reader.line_num + 1
    return rows, errors


def _shown(lines: list[str], line: int) -> str:
    return lines[line - 1].rstrip("\r")[:60] if 0 < line <= len(lines) else ""


def check_rows(rows: list[tuple[int, list[str]]], taken_keys: set[str]) -> tuple[list[str], list[tuple[int, str, str]]]:
    """The names in the first column, and the errors as (line, text, message). The caller
    stores nothing unless the error list is empty."""
    names, errors, seen = [], [], {}
    for line, row in rows:
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
        errors.append(
            (
                0,
                "",
                ngettext(
                    "A class list can have at most %(num)d name.",
                    "A class list can have at most %(num)d names.",
                    MAX_ROWS,
                ),
            )
        )
    return names, errors


def parse_roster_csv(data: bytes, taken_keys: set[str]) -> tuple[list[str], list[tuple[int, str, str]]]:
    """The names in an uploaded class list, and the errors as (line, text, message).

    One name per line, in the first column; an optional header line is skipped.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return [], [(0, "", _("The file is not a text file in UTF-8. Save it as 'CSV UTF-8' and try again."))]
    rows, broken = _rows(text)
    names, errors = check_rows(rows, taken_keys)
    errors = sorted(broken + errors, key=lambda e: e[0])
    if broken:
        # "No names" about a file whose every line was swallowed would only confuse.
        errors = [e for e in errors if e[0] or e[2] != _("The file has no names in it.")]
    return names, errors


@dataclass
class Entry:
    """One pasted name as the preview shows it: what was pasted, what will be added (the
    teacher can still edit it), and why not yet, if so."""

    line: int
    pasted: str
    name: str
    error: str | None = None
    suggested: bool = False


def _initial(row: list[str]) -> str:
    """The first letter of the next column (a surname, say): enough to tell two Emmas apart
    without storing the surname."""
    for cell in row[1:]:
        letters = [ch for ch in cell.strip() if ch.isalpha()]
        if letters:
            return letters[0].upper()
    return ""


def pasted_entries(text: str, taken_keys: set[str]) -> tuple[list[Entry], str | None]:
    """A pasted class list as preview entries, duplicates given a suggestion: "Emma" twice with
    surnames Jansen and Kok become "Emma J." and "Emma K.". Returns the entries and a message
    for the whole list (nothing usable in it), or None."""
    rows, broken = _rows(text.lstrip("\ufeff"))
    if broken:
        line, _text, message = broken[0]
        return [], _("Line %(line)d: %(problem)s", line=line, problem=message)
    found = []
    for line, row in rows:
        cell = " ".join(row[0].split()) if row else ""
        if line == 1 and cell.casefold() in HEADER_WORDS:
            continue
        if not cell and not any(c.strip() for c in row):
            continue
        found.append((line, cell, _initial(row)))
    if not found:
        return [], _("The list has no names in it.")
    if len(found) > MAX_ROWS:
        return [], ngettext(
            "A class list can have at most %(num)d name.", "A class list can have at most %(num)d names.", MAX_ROWS
        )
    groups: dict[str, list[int]] = {}
    for i, (_line, cell, _i) in enumerate(found):
        groups.setdefault(name_key(cell), []).append(i)
    entries = []
    for line, cell, initial in found:
        key = name_key(cell)
        clash = len(groups[key]) > 1 or key in taken_keys
        entry = Entry(line, cell, cell)
        if clash and initial:
            entry.name, entry.suggested = f"{cell} {initial}.", True
        entries.append(entry)
    check_entries(entries, taken_keys)
    return entries, None


def check_entries(entries: list[Entry], taken_keys: set[str]) -> bool:
    """Sets each entry's error (the CSV upload's checks); True when every entry can be added."""
    first_line: dict[str, int] = {}
    for entry in entries:
        entry.error = pupil_name_error(entry.name)
        key = name_key(entry.name)
        if entry.error is None and key in first_line:
            entry.error = _(
                "The same name is already on line %(line)d. Add a letter to tell them apart, for example %(example)s.",
                line=first_line[key],
                example=f"{' '.join(entry.name.split())} A.",
            )
        elif entry.error is None and key in taken_keys:
            entry.error = _(
                "There is already a pupil with this name in the class. Add a letter to tell them apart, for example %(example)s.",
                example=f"{' '.join(entry.name.split())} A.",
            )
        first_line.setdefault(key, entry.line)
    return all(e.error is None for e in entries)
