"""What importing a roster would change in one school: a plan, made without touching anything.

Keys are OneRoster `sourcedId`s (classes.source_id, pupils.source_id, teachers.source_id), so
importing the same file twice plans nothing, and importing next term's file plans only the
differences. A pupil is kept by given name only: the family name gives an initial when two
pupils of a class would otherwise share a name (as the paste feature does), then is dropped.

A class's teacher is the account with the teacher's sourcedId, else the one with their e-mail;
a class whose teacher has no account yet goes to the administrator who imports (a class needs
a teacher here), with `teacher_missing` set so the preview says so, and is handed over by a
later import once the teacher has an account.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from trainer.rosters.oneroster import PUPIL_ROLES, TEACHER_ROLES, Klass, Roster, User

MAX_NAME = 30  # as trainer.web.classes.names.MAX_PUPIL_NAME
MAX_CLASS_NAME = 60
NAME_PUNCTUATION = set(" -'.’")


def name_key(name: str) -> str:
    """As trainer.store.pupils.name_key (the pure layer cannot import the store)."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def clean_given_name(given: str) -> str:
    """A given name as a pupil name: the first two words, allowed characters only."""
    kept = "".join(
        ch if (ch.isalnum() or ch in NAME_PUNCTUATION or unicodedata.category(ch) in ("Mn", "Mc")) else " "
        for ch in given
    )
    words = kept.split()[:2]
    return " ".join(words)[:MAX_NAME].strip() or "?"


def clean_title(title: str) -> str:
    return (
        "".join(ch for ch in " ".join(title.split()) if not unicodedata.category(ch).startswith("C"))[:MAX_CLASS_NAME]
        or "?"
    )


@dataclass
class PupilStep:
    source_id: str
    name: str
    action: str  # "add", "rename", "move", "restore", "keep", "archive"
    pupil_id: int | None = None
    old_name: str | None = None


@dataclass
class ClassStep:
    source_id: str
    title: str
    action: str  # "create", "rename", "restore", "keep", "archive"
    class_id: int | None = None
    old_title: str | None = None
    teacher_id: int | None = None  # None: the importing administrator
    teacher_label: str = ""  # the roster's name for the teacher, shown only
    teacher_missing: bool = False
    pupils: list[PupilStep] = field(default_factory=list)
    size: int = 0  # pupils who can log in once applied (added by hand too)


@dataclass
class TeacherLink:
    teacher_id: int
    source_id: str


@dataclass
class Plan:
    org_id: str
    classes: list[ClassStep]
    teacher_links: list[TeacherLink]

    def count(self, action: str) -> int:
        return sum(1 for c in self.classes for p in c.pupils if p.action == action)

    def class_count(self, action: str) -> int:
        return sum(1 for c in self.classes if c.action == action)

    def oversized(self, limit: int) -> list[ClassStep]:
        """Classes that would hold more pupils than a class may (the store's MAX_CLASS_SIZE)."""
        return [c for c in self.classes if c.action != "archive" and c.size > limit]

    def changes(self) -> int:
        return (
            sum(self.count(a) for a in ("add", "rename", "move", "restore", "archive"))
            + sum(self.class_count(a) for a in ("create", "rename", "restore", "archive"))
            + len(self.teacher_links)
        )


@dataclass
class Current:
    """The school as it is: rows as dicts with the columns the planner reads."""

    classes: list[dict]  # id, source_id, name, archived_at, teacher_id
    pupils: list[dict]  # id, class_id, source_id, name, archived_at
    teachers: list[dict]  # id, source_id, email


def _names(members: list[tuple[str, str, str]], fixed: set[str]) -> dict[str, str]:
    """source_id -> display name for a class's pupils from (source_id, given, family);
    `fixed` are name keys of pupils the roster does not know (added by hand), kept as they are."""
    base = {sid: clean_given_name(given) for sid, given, _f in members}
    groups: dict[str, list[str]] = {}
    for sid, name in base.items():
        groups.setdefault(name_key(name), []).append(sid)
    out: dict[str, str] = {}
    taken = set(fixed)
    # Per first name, the number to try next: counting from 2 for every clash was quadratic
    # (a file of 10,000 pupils all "Kid" took minutes to plan).
    next_number: dict[str, int] = {}
    for sid, _given, family in members:
        name = base[sid]
        if len(groups[name_key(name)]) > 1 or name_key(name) in fixed:
            initial = next((ch.upper() for ch in family if ch.isalpha()), "")
            if initial:
                name = f"{name.split()[0]} {initial}."
        first = name.split()[0]
        candidate, n = name, next_number.get(name_key(first), 2)
        while name_key(candidate) in taken:
            candidate = f"{first} {n}"
            n += 1
        next_number[name_key(first)] = n
        taken.add(name_key(candidate))
        out[sid] = candidate
    return out


def make(roster: Roster, org_id: str, current: Current) -> Plan:
    teachers = _Teachers(current.teachers)
    classes_by_source = {c["source_id"]: c for c in current.classes if c["source_id"]}
    pupils_by_source = {p["source_id"]: p for p in current.pupils if p["source_id"]}
    ours = [k for k in roster.classes.values() if k.school_id == org_id]
    members, teacher_of, placed = _memberships(roster, ours)

    steps = []
    for k in sorted(ours, key=lambda k: (clean_title(k.title).casefold(), k.sourced_id)):
        existing = classes_by_source.get(k.sourced_id)
        step = _class_step(k.sourced_id, clean_title(k.title), existing)
        if k.sourced_id in teacher_of:
            teachers.assign(step, roster.users[teacher_of[k.sourced_id]])
        else:
            step.teacher_missing = True
        if step.teacher_id is None and existing is not None:
            step.teacher_id = existing["teacher_id"]  # keep whoever holds it now
        in_class = [p for p in current.pupils if existing is not None and p["class_id"] == existing["id"]]
        roster_ids = {u.sourced_id for u in members[k.sourced_id]}
        # Names the roster's pupils must not take: pupils added by hand and leavers (archived
        # ones too: the name stays theirs in the class, trainer.store.pupils' unique index).
        fixed = {name_key(p["name"]) for p in in_class if not p["source_id"] or p["source_id"] not in placed}
        names = _names([(u.sourced_id, u.given_name, u.family_name) for u in members[k.sourced_id]], fixed)
        step.pupils += [
            _pupil_step(u.sourced_id, names[u.sourced_id], pupils_by_source.get(u.sourced_id), existing)
            for u in members[k.sourced_id]
        ]
        step.pupils += [
            PupilStep(p["source_id"], p["name"], "archive", p["id"])
            for p in in_class
            if p["source_id"]
            and p["source_id"] not in roster_ids
            and not p["archived_at"]
            and p["source_id"] not in placed
        ]
        step.size = len(members[k.sourced_id]) + sum(1 for p in in_class if not p["source_id"] and not p["archived_at"])
        steps.append(step)
    steps += _gone_classes(current, {k.sourced_id for k in ours}, placed)
    return Plan(org_id, steps, list(teachers.links.values()))


def _memberships(roster: Roster, ours: list[Klass]) -> tuple[dict[str, list[User]], dict[str, str], set[str]]:
    """Each of our classes' pupils (a pupil is in one class here: their first enrollment wins)
    and teacher (a primary one first, else the first named), and every pupil placed."""
    members: dict[str, list[User]] = {k.sourced_id: [] for k in ours}
    teacher_of: dict[str, tuple[bool, str]] = {}
    placed: set[str] = set()
    for e in roster.enrollments:
        if e.class_id not in members:
            continue
        user = roster.users[e.user_id]
        if e.role in PUPIL_ROLES and user.enabled and user.sourced_id not in placed:
            placed.add(user.sourced_id)
            members[e.class_id].append(user)
        elif e.role in TEACHER_ROLES:
            best = teacher_of.get(e.class_id)
            if best is None or (e.primary and not best[0]):
                teacher_of[e.class_id] = (e.primary, e.user_id)
    return members, {k: user_id for k, (_, user_id) in teacher_of.items()}, placed


def _class_step(source_id: str, title: str, existing: dict | None) -> ClassStep:
    if existing is None:
        return ClassStep(source_id, title, "create")
    if existing["archived_at"]:
        return ClassStep(source_id, title, "restore", existing["id"], existing["name"])
    if existing["name"] != title:
        return ClassStep(source_id, title, "rename", existing["id"], existing["name"])
    return ClassStep(source_id, title, "keep", existing["id"])


def _pupil_step(source_id: str, name: str, pupil: dict | None, existing: dict | None) -> PupilStep:
    """What becomes of one of the roster's pupils of a class (`existing`: the class here now)."""
    if pupil is None:
        return PupilStep(source_id, name, "add")
    if existing is None or pupil["class_id"] != existing["id"]:
        return PupilStep(source_id, name, "move", pupil["id"], pupil["name"])
    if pupil["archived_at"]:
        return PupilStep(source_id, name, "restore", pupil["id"], pupil["name"])
    if pupil["name"] != name:
        return PupilStep(source_id, name, "rename", pupil["id"], pupil["name"])
    return PupilStep(source_id, name, "keep", pupil["id"])


class _Teachers:
    """The school's teacher accounts, and the sourcedIds the plan links to them."""

    def __init__(self, rows: list[dict]):
        self.by_source = {t["source_id"]: t for t in rows if t["source_id"]}
        self.by_email = {t["email"].lower(): t for t in rows}
        self.links: dict[int, TeacherLink] = {}

    def assign(self, step: ClassStep, user: User) -> None:
        """The class goes to the roster teacher's account (by sourcedId, else by e-mail), which
        is linked to their sourcedId; with no account, the plan says the teacher is missing."""
        step.teacher_label = " ".join(f"{user.given_name} {user.family_name}".split())[:80]
        account = self.by_source.get(user.sourced_id) or (self.by_email.get(user.email) if user.email else None)
        if account is None:
            step.teacher_missing = True
            return
        step.teacher_id = account["id"]
        if (
            account["source_id"] != user.sourced_id
            and account["id"] not in self.links
            and user.sourced_id not in self.by_source
        ):
            self.links[account["id"]] = TeacherLink(account["id"], user.sourced_id)


def _gone_classes(current: Current, wanted: set[str], placed: set[str]) -> list[ClassStep]:
    """Classes the school's records no longer hold are archived, with their pupils' data kept."""
    steps = []
    for c in sorted(current.classes, key=lambda c: c["name"].casefold()):
        if c["source_id"] and c["source_id"] not in wanted and not c["archived_at"]:
            step = ClassStep(c["source_id"], c["name"], "archive", c["id"], teacher_id=c["teacher_id"])
            step.pupils = [
                PupilStep(p["source_id"] or "", p["name"], "archive", p["id"])
                for p in current.pupils
                if p["class_id"] == c["id"] and not p["archived_at"] and p["source_id"] and p["source_id"] not in placed
            ]
            steps.append(step)
    return steps
