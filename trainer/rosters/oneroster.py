"""Reading a OneRoster CSV bulk file (versions 1.1 and 1.2) into typed records.

Only what an import needs is kept: organisations, classes, enrollments and, per user, the
given name (pupils) or the e-mail (teachers, to find their account). The family name is read
only so the planner can tell two Emmas apart with an initial; it is never stored.

Every problem is collected as an `Issue(file, line, code, detail)`; if there is any, the whole
file is refused (`RosterRefused`), so a half-read roster never changes a school. `code` is a
short word the web layer translates; `detail` is the column or value concerned.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass, field

MAX_FILE_BYTES = 8 * 1024 * 1024  # unpacked, per CSV: a district is a few MB at most
MAX_MEMBERS = 40
MAX_TOTAL_BYTES = 32 * 1024 * 1024  # unpacked, all files: a zip bomb stops here
REQUIRED_FILES = ("orgs.csv", "users.csv", "classes.csv", "enrollments.csv")
COLUMNS = {
    "orgs.csv": ("sourcedId", "name"),
    "users.csv": ("sourcedId", "givenName", "familyName"),
    "classes.csv": ("sourcedId", "title", "schoolSourcedId"),
    "enrollments.csv": ("sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"),
}
# 1.1 and 1.2 spell roles the same for what we read; "administrator"/"aide" are ignored.
TEACHER_ROLES = {"teacher"}
PUPIL_ROLES = {"student"}


@dataclass(frozen=True)
class Issue:
    file: str
    line: int  # 0: the file as a whole
    code: str
    detail: str = ""


class RosterRefused(Exception):
    def __init__(self, issues: list[Issue]):
        super().__init__(f"{len(issues)} problem(s)")
        self.issues = issues


@dataclass(frozen=True)
class Org:
    sourced_id: str
    name: str
    type: str


@dataclass(frozen=True)
class User:
    sourced_id: str
    given_name: str
    family_name: str  # for an initial only; never stored
    email: str
    enabled: bool


@dataclass(frozen=True)
class Klass:
    sourced_id: str
    title: str
    school_id: str


@dataclass(frozen=True)
class Enrollment:
    sourced_id: str
    class_id: str
    school_id: str
    user_id: str
    role: str
    primary: bool


@dataclass
class Roster:
    version: str
    orgs: dict[str, Org] = field(default_factory=dict)
    users: dict[str, User] = field(default_factory=dict)
    classes: dict[str, Klass] = field(default_factory=dict)
    enrollments: list[Enrollment] = field(default_factory=list)

    def schools(self) -> list[Org]:
        """Organisations that hold at least one class: the ones a school database may be."""
        used = {c.school_id for c in self.classes.values()}
        return sorted(
            (o for o in self.orgs.values() if o.sourced_id in used), key=lambda o: (o.name.casefold(), o.sourced_id)
        )


def read_zip(data: bytes) -> Roster:
    """A zipped bulk file, as the school's system exports it; RosterRefused when unusable."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise RosterRefused([Issue("", 0, "not_zip")]) from None
    if len(members) > MAX_MEMBERS:
        raise RosterRefused([Issue("", 0, "too_many_files")])
    texts: dict[str, str] = {}
    issues = []
    total = 0
    for member in members:
        # Some exports put the files in a folder; the name alone counts.
        name = member.filename.replace("\\", "/").rsplit("/", 1)[-1].lower()
        if not name.endswith(".csv") or member.is_dir():
            continue
        if member.file_size > MAX_FILE_BYTES:
            issues.append(Issue(name, 0, "too_large"))
            continue
        try:
            with archive.open(member) as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, OSError, EOFError):
            issues.append(Issue(name, 0, "unreadable"))
            continue
        total += len(raw)
        if len(raw) > MAX_FILE_BYTES or total > MAX_TOTAL_BYTES:
            issues.append(Issue(name, 0, "too_large"))
            break
        try:
            texts[name] = raw.decode("utf-8")
        except UnicodeDecodeError:
            issues.append(Issue(name, 0, "not_utf8"))
    if issues:
        raise RosterRefused(issues)
    return read_texts(texts)


Rows = list[tuple[int, dict[str, str]]]  # (line number, row) of one file


def _table(name: str, text: str, issues: list[Issue]) -> Rows:
    """(line number, row) for each data row; the header's columns checked."""
    text = text.lstrip("\ufeff")  # Excel's byte-order mark
    if "\x00" in text:
        issues.append(Issue(name, 0, "unreadable"))
        return []
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error:
        issues.append(Issue(name, 0, "unreadable"))
        return []
    if not rows:
        issues.append(Issue(name, 1, "no_header"))
        return []
    header = [h.strip() for h in rows[0]]
    missing = [c for c in COLUMNS.get(name, ()) if c not in header]
    for column in missing:
        issues.append(Issue(name, 1, "missing_column", column))
    if missing:
        return []
    found = []
    for number, cells in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(header):
            issues.append(Issue(name, number, "wrong_cell_count"))
            continue
        found.append((number, {h: c.strip() for h, c in zip(header, cells)}))
    return found


def _manifest(texts: dict[str, str], issues: list[Issue]) -> str:
    """The version; a delta file is refused (only bulk files say who has left)."""
    if "manifest.csv" not in texts:
        return "1.1"
    values = {}
    for number, row in _table("manifest.csv", texts["manifest.csv"], issues):
        values[row.get("propertyName", "")] = (number, row.get("value", "").lower())
    for prop, (number, value) in values.items():
        if prop.startswith("file.") and value == "delta":
            issues.append(Issue("manifest.csv", number, "delta", prop))
    return values.get("oneroster.version", (0, "1.1"))[1] or "1.1"


def _active(name: str, number: int, row: dict[str, str], issues: list[Issue]) -> bool:
    status = row.get("status", "").lower()
    if status in ("", "active"):
        return True
    if status == "tobedeleted":
        return False
    issues.append(Issue(name, number, "bad_status", row.get("status", "")))
    return False


def _ids(name: str, number: int, row: dict[str, str], seen: set[str], issues: list[Issue]) -> str | None:
    sid = row["sourcedId"]
    if not sid:
        issues.append(Issue(name, number, "empty", "sourcedId"))
        return None
    if len(sid) > 255:
        issues.append(Issue(name, number, "too_long", "sourcedId"))
        return None
    if sid in seen:
        issues.append(Issue(name, number, "duplicate_id", sid))
        return None
    seen.add(sid)
    return sid


def read_texts(texts: dict[str, str]) -> Roster:
    """The files of a bulk file by name (lower case) -> their text."""
    issues: list[Issue] = []
    for name in REQUIRED_FILES:
        if name not in texts:
            issues.append(Issue(name, 0, "missing_file"))
    if issues:
        raise RosterRefused(issues)
    # Whole files first: a file that cannot be read would make every reference to it an error.
    tables = {name: _table(name, texts[name], issues) for name in REQUIRED_FILES}
    if issues:
        raise RosterRefused(issues)
    roster = Roster(_manifest(texts, issues))
    if roster.version not in ("1.0", "1.1", "1.2"):
        issues.append(Issue("manifest.csv", 0, "bad_version", roster.version[:20]))
    # Rows marked tobedeleted are left out; a row that refers to one goes with it rather
    # than refusing the file, since the school's system removed both together.
    gone: set[str] = set()
    for name, read in _READERS:
        read(tables[name], roster, gone, issues)
    if issues:
        raise RosterRefused(issues)
    return roster


# Each reader takes its file's rows into the roster, adds the ids of rows that are gone
# (tobedeleted, or referring to one that is) to `gone`, and what is wrong to `issues`.


def _read_orgs(rows: Rows, roster: Roster, gone: set[str], issues: list[Issue]) -> None:
    seen: set[str] = set()
    for number, row in rows:
        sid = _ids("orgs.csv", number, row, seen, issues)
        if sid and _active("orgs.csv", number, row, issues):
            roster.orgs[sid] = Org(sid, row["name"][:200] or sid, row.get("type", ""))
        elif sid:
            gone.add(sid)


def _read_users(rows: Rows, roster: Roster, gone: set[str], issues: list[Issue]) -> None:
    seen: set[str] = set()
    for number, row in rows:
        sid = _ids("users.csv", number, row, seen, issues)
        if sid and not _active("users.csv", number, row, issues):
            gone.add(sid)
        elif sid:
            enabled = row.get("enabledUser", "true").lower() not in ("false", "0", "no")
            roster.users[sid] = User(sid, row["givenName"], row["familyName"], row.get("email", "").lower(), enabled)


def _read_classes(rows: Rows, roster: Roster, gone: set[str], issues: list[Issue]) -> None:
    seen: set[str] = set()
    for number, row in rows:
        sid = _ids("classes.csv", number, row, seen, issues)
        if not sid:
            continue
        if not _active("classes.csv", number, row, issues):
            gone.add(sid)
            continue
        if row["schoolSourcedId"] in gone:
            gone.add(sid)
        elif not row["title"]:
            issues.append(Issue("classes.csv", number, "empty", "title"))
        elif row["schoolSourcedId"] not in roster.orgs:
            issues.append(Issue("classes.csv", number, "unknown_ref", row["schoolSourcedId"][:80]))
        else:
            roster.classes[sid] = Klass(sid, row["title"], row["schoolSourcedId"])


def _read_enrollments(rows: Rows, roster: Roster, gone: set[str], issues: list[Issue]) -> None:
    seen: set[str] = set()
    for number, row in rows:
        sid = _ids("enrollments.csv", number, row, seen, issues)
        if not sid or not _active("enrollments.csv", number, row, issues):
            continue
        if row["classSourcedId"] in gone or row["userSourcedId"] in gone:
            continue
        for column, known in (("classSourcedId", roster.classes), ("userSourcedId", roster.users)):
            if row[column] not in known:
                issues.append(Issue("enrollments.csv", number, "unknown_ref", row[column][:80]))
                break
        else:
            roster.enrollments.append(
                Enrollment(
                    sid,
                    row["classSourcedId"],
                    row["schoolSourcedId"],
                    row["userSourcedId"],
                    row["role"].lower(),
                    row.get("primary", "").lower() == "true",
                )
            )


# In the order that references go: a class names its school, an enrollment its class and user.
_READERS = (
    ("orgs.csv", _read_orgs),
    ("users.csv", _read_users),
    ("classes.csv", _read_classes),
    ("enrollments.csv", _read_enrollments),
)
