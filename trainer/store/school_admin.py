"""What a school's administrator decides (issue 19): who teaches here, with which role, and
which teacher has which class.

Only names and counts are listed: an administrator who does not teach a class sees none of its
pupils' answers. Each change checks its rule inside the write transaction that makes it, so two
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


OWN_ACCOUNT = "own_account"            # switching yourself off
LAST_ADMIN = "last_admin"              # demoting or switching off the last active administrator
NO_SUCH_TEACHER = "no_such_teacher"
NO_SUCH_CLASS = "no_such_class"
NOT_ACTIVE = "not_active"              # a class handed to a switched-off account


def list_teachers(db: Database) -> list[dict]:
    return list(db.query(
        "SELECT t.id, t.display_name, t.email, t.role, t.disabled_at,"
        " (SELECT count(*) FROM classes c WHERE c.teacher_id = t.id) AS class_count"
        " FROM teachers t ORDER BY t.disabled_at IS NOT NULL, t.display_name COLLATE NOCASE, t.id"))


def list_classes(db: Database) -> list[dict]:
    """Every class of the school with its teacher's name and its (current) pupils' number."""
    return list(db.query(
        "SELECT c.id, c.name, c.teacher_id, c.archived_at, t.display_name AS teacher_name,"
        " (SELECT count(*) FROM pupils p WHERE p.class_id = c.id AND p.archived_at IS NULL)"
        " AS pupil_count"
        " FROM classes c JOIN teachers t ON t.id = c.teacher_id"
        " ORDER BY c.archived_at IS NOT NULL, c.name COLLATE NOCASE, c.id"))


def _teacher(db: Database, teacher_id: int) -> tuple | None:
    return db.execute("SELECT role, disabled_at FROM teachers WHERE id = ?",
                      [teacher_id]).fetchone()


def _other_active_admins(db: Database, teacher_id: int) -> int:
    return db.execute("SELECT count(*) FROM teachers WHERE role = ? AND disabled_at IS NULL"
                      " AND id != ?", [ADMIN, teacher_id]).fetchone()[0]


def set_role(db: Database, teacher_id: int, role: str) -> None:
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    with write_transaction(db):
        row = _teacher(db, teacher_id)
        if row is None:
            raise Refused(NO_SUCH_TEACHER)
        if row[0] == ADMIN and role != ADMIN and row[1] is None \
                and _other_active_admins(db, teacher_id) == 0:
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


def hand_over(db: Database, class_id: int, teacher_id: int) -> None:
    """Gives the class, with all its pupils and their data, to another active teacher."""
    with write_transaction(db):
        if db.execute("SELECT 1 FROM classes WHERE id = ?", [class_id]).fetchone() is None:
            raise Refused(NO_SUCH_CLASS)
        row = _teacher(db, teacher_id)
        if row is None:
            raise Refused(NO_SUCH_TEACHER)
        if row[1] is not None:
            raise Refused(NOT_ACTIVE)
        db.execute("UPDATE classes SET teacher_id = ? WHERE id = ?", [teacher_id, class_id])
