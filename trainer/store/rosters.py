"""Applying a roster plan (trainer.rosters.plan) to the school, and the uploads between a
preview and "apply".

`apply` is one write transaction: if any step fails, nothing has changed. Leavers are
archived the app's usual way (pupils.set_archived: they cannot log in, their data stays
until the teacher deletes them or the retention purge does), never deleted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlite_utils import Database

from trainer.rosters.plan import ClassStep, Current, Plan, PupilStep
from trainer.store import classes, picture_passwords, pupils, utcnow
from trainer.store.db import write_transaction

UPLOAD_LIFETIME = timedelta(hours=1)


def current(db: Database) -> Current:
    return Current(
        list(db.query("SELECT id, source_id, name, archived_at, teacher_id FROM classes")),
        list(db.query("SELECT id, class_id, source_id, name, archived_at FROM pupils")),
        list(db.query("SELECT id, source_id, email FROM teachers WHERE disabled_at IS NULL")),
    )


@dataclass
class Result:
    classes_created: int = 0
    classes_renamed: int = 0
    classes_archived: int = 0
    pupils_added: int = 0
    pupils_renamed: int = 0
    pupils_archived: int = 0


def apply(db: Database, plan: Plan, admin_id: int) -> Result:
    result = Result()
    now = utcnow()
    with write_transaction(db):
        for link in plan.teacher_links:
            db.execute("UPDATE teachers SET source_id = ? WHERE id = ?", [link.source_id, link.teacher_id])
        # Names first move aside, so "Emma" -> "Emma J." next to a new "Emma K." never
        # meets the unique index half-way.
        touched = [
            p.pupil_id
            for c in plan.classes
            for p in c.pupils
            if p.pupil_id is not None and p.action in ("rename", "move", "restore")
        ]
        for pupil_id in touched:
            db.execute("UPDATE pupils SET name_key = ? WHERE id = ?", [f"\x00{pupil_id}", pupil_id])
        for step in plan.classes:
            _apply_class(db, step, step.teacher_id or admin_id, result)
            for p in step.pupils:
                _apply_pupil(db, step.class_id, p, now, result)
        # The preview refuses such a plan (Plan.oversized); this holds should the school have
        # changed in between: the whole import is undone.
        for step in plan.classes:
            if step.action != "archive":
                pupils.check_room(db, step.class_id, 0)
    return result


def _apply_class(db: Database, step: ClassStep, teacher: int, result: Result) -> None:
    if step.action == "create":
        step.class_id = classes.create(db, teacher, step.title)
        db.execute("UPDATE classes SET source_id = ? WHERE id = ?", [step.source_id, step.class_id])
        result.classes_created += 1
    elif step.action == "archive":
        classes.set_archived(db, step.class_id, True)
        result.classes_archived += 1
    else:
        db.execute(
            "UPDATE classes SET name = ?, teacher_id = ?, archived_at = NULL WHERE id = ?",
            [step.title, teacher, step.class_id],
        )
        result.classes_renamed += step.action == "rename"


def _apply_pupil(db: Database, class_id: int | None, p: PupilStep, now: str, result: Result) -> None:
    if p.action == "add":
        db.execute(
            "INSERT INTO pupils (class_id, name, name_key, picture_password, created_at,"
            " source_id) VALUES (?, ?, ?, ?, ?, ?)",
            [class_id, p.name, pupils.name_key(p.name), picture_passwords.random_password(), now, p.source_id],
        )
        result.pupils_added += 1
    elif p.action == "archive":
        pupils.set_archived(db, p.pupil_id, True)
        result.pupils_archived += 1
    elif p.action in ("rename", "move", "restore"):
        db.execute(
            "UPDATE pupils SET class_id = ?, name = ?, name_key = ?, archived_at = NULL WHERE id = ?",
            [class_id, p.name, pupils.name_key(p.name), p.pupil_id],
        )
        if p.action == "move":
            # Logged in to the old class: log in again to the new one.
            db.execute("DELETE FROM auth_sessions WHERE pupil_id = ?", [p.pupil_id])
        result.pupils_renamed += p.action == "rename"
        result.pupils_added += p.action in ("move", "restore")


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def keep_upload(db: Database, teacher_id: int, data: bytes) -> str:
    digest = digest_of(data)
    with write_transaction(db):
        forget_old_uploads(db)
        db.execute(
            "INSERT INTO roster_uploads (digest, teacher_id, data, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(digest) DO UPDATE SET teacher_id = excluded.teacher_id,"
            " created_at = excluded.created_at",
            [digest, teacher_id, data, utcnow()],
        )
    return digest


def upload(db: Database, teacher_id: int, digest: str) -> bytes | None:
    row = db.execute(
        "SELECT data, created_at FROM roster_uploads WHERE digest = ? AND teacher_id = ?", [digest, teacher_id]
    ).fetchone()
    if row is None or datetime.fromisoformat(row[1]) < datetime.now(timezone.utc) - UPLOAD_LIFETIME:
        return None
    return row[0]


def forget_upload(db: Database, digest: str) -> None:
    with write_transaction(db):
        db.execute("DELETE FROM roster_uploads WHERE digest = ?", [digest])


def forget_old_uploads(db: Database) -> None:
    cutoff = (datetime.now(timezone.utc) - UPLOAD_LIFETIME).isoformat(timespec="seconds")
    with write_transaction(db):
        db.execute("DELETE FROM roster_uploads WHERE created_at < ?", [cutoff])


def pending(db: Database, teacher_id: int) -> list[dict]:
    """This administrator's uploads not yet applied nor expired, newest first."""
    cutoff = (datetime.now(timezone.utc) - UPLOAD_LIFETIME).isoformat(timespec="seconds")
    return list(
        db.query(
            "SELECT digest, created_at FROM roster_uploads WHERE teacher_id = ?"
            " AND created_at >= ? ORDER BY created_at DESC",
            [teacher_id, cutoff],
        )
    )
