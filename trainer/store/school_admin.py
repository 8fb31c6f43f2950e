"""What a school's administrator decides (issue 19): who teaches here, with which role, and
which teacher has which class.

Only names and counts are listed: an administrator who does not teach a class sees none of its
pupils' answers. An administrator may hand a class to any active teacher, themselves included
(who then sees what its teacher saw); every hand-over is stored with who made it (issue 38.2),
for every administrator and the class's previous teacher to see. Each change checks its rule inside the write transaction that makes it, so two
administrators clicking at once cannot together leave the school without an active one.
"""

from __future__ import annotations

from sqlite_utils import Database

from trainer.store import utcnow
from trainer.store.db import write_transaction
from trainer.store.teachers import ADMIN, TEACHER

ROLES = (TEACHER, ADMIN)


class Refused(Exception):
    """The change would break a rule; `reason` is one of the names below, nothing changed."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


OWN_ACCOUNT = "own_account"  # switching yourself off
LAST_ADMIN = "last_admin"  # demoting or switching off the last active administrator
NO_SUCH_TEACHER = "no_such_teacher"
NO_SUCH_CLASS = "no_such_class"
NOT_ACTIVE = "not_active"  # a class handed to a switched-off account


def list_teachers(db: Database) -> list[dict]:
    return list(
        db.query(
            "SELECT t.id, t.display_name, t.email, t.role, t.disabled_at,"
            " (SELECT count(*) FROM classes c WHERE c.teacher_id = t.id) AS class_count"
            " FROM teachers t ORDER BY t.disabled_at IS NOT NULL, t.display_name COLLATE NOCASE, t.id"
        )
    )


def list_classes(db: Database) -> list[dict]:
    """Every class of the school with its teacher's name and its (current) pupils' number."""
    return list(
        db.query(
            "SELECT c.id, c.name, c.teacher_id, c.archived_at, t.display_name AS teacher_name,"
            " (SELECT count(*) FROM pupils p WHERE p.class_id = c.id AND p.archived_at IS NULL)"
            " AS pupil_count"
            " FROM classes c JOIN teachers t ON t.id = c.teacher_id"
            " ORDER BY c.archived_at IS NOT NULL, c.name COLLATE NOCASE, c.id"
        )
    )


def _teacher(db: Database, teacher_id: int) -> tuple | None:
    return db.execute("SELECT role, disabled_at FROM teachers WHERE id = ?", [teacher_id]).fetchone()


def _other_active_admins(db: Database, teacher_id: int) -> int:
    return db.execute(
        "SELECT count(*) FROM teachers WHERE role = ? AND disabled_at IS NULL AND id != ?", [ADMIN, teacher_id]
    ).fetchone()[0]


def set_role(db: Database, teacher_id: int, role: str) -> None:
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    with write_transaction(db):
        row = _teacher(db, teacher_id)
        if row is None:
            raise Refused(NO_SUCH_TEACHER)
        if row[0] == ADMIN and role != ADMIN and row[1] is None and _other_active_admins(db, teacher_id) == 0:
            raise Refused(LAST_ADMIN)
        db.execute("UPDATE teachers SET role = ? WHERE id = ?", [role, teacher_id])


def set_active(db: Database, actor_id: int, teacher_id: int, active: bool) -> None:
    """Switches an account off (it cannot log in; its sessions end) or back on. Its classes
    stay as they are until handed over."""
    with write_transaction(db):
        row = _teacher(db, teacher_id)
        if row is None:
            raise Refused(NO_SUCH_TEACHER)
        if active:
            db.execute("UPDATE teachers SET disabled_at = NULL WHERE id = ?", [teacher_id])
            return
        if teacher_id == actor_id:
            raise Refused(OWN_ACCOUNT)
        if row[0] == ADMIN and row[1] is None and _other_active_admins(db, teacher_id) == 0:
            raise Refused(LAST_ADMIN)
        if row[1] is None:
            db.execute("UPDATE teachers SET disabled_at = ? WHERE id = ?", [utcnow(), teacher_id])
        db.execute("DELETE FROM auth_sessions WHERE teacher_id = ?", [teacher_id])


def hand_over(db: Database, class_id: int, teacher_id: int, by: int) -> int | None:
    """Gives the class, with all its pupils and their data, to another active teacher, and
    records it; returns the teacher who had it (None when it was theirs already: nothing done)."""
    with write_transaction(db):
        found = db.execute("SELECT teacher_id, name FROM classes WHERE id = ?", [class_id]).fetchone()
        if found is None:
            raise Refused(NO_SUCH_CLASS)
        row = _teacher(db, teacher_id)
        if row is None:
            raise Refused(NO_SUCH_TEACHER)
        if row[1] is not None:
            raise Refused(NOT_ACTIVE)
        previous, name = found
        if previous == teacher_id:
            return None
        db.execute("UPDATE classes SET teacher_id = ? WHERE id = ?", [teacher_id, class_id])
        db.execute(
            "INSERT INTO class_handovers (class_id, class_name, from_teacher, to_teacher, by_teacher, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [class_id, name, previous, teacher_id, by, utcnow()],
        )
        return previous


_HANDOVERS = (
    "SELECT h.id, h.class_name, h.at, h.from_teacher, h.to_teacher, h.by_teacher,"
    " f.display_name AS from_name, t.display_name AS to_name, b.display_name AS by_name"
    " FROM class_handovers h LEFT JOIN teachers f ON f.id = h.from_teacher"
    " LEFT JOIN teachers t ON t.id = h.to_teacher LEFT JOIN teachers b ON b.id = h.by_teacher"
)


def handovers(db: Database, most: int = 50) -> list[dict]:
    """The school's latest hand-overs, newest first."""
    return list(db.query(_HANDOVERS + " ORDER BY h.id DESC LIMIT ?", [most]))


def handovers_from(db: Database, teacher_id: int, since: str) -> list[dict]:
    """Classes taken from this teacher since `since` (ISO time), newest first."""
    return list(
        db.query(
            _HANDOVERS + " WHERE h.from_teacher = ? AND h.at >= ? AND h.by_teacher IS NOT h.from_teacher"
            " ORDER BY h.id DESC",
            [teacher_id, since],
        )
    )
