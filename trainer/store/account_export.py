"""Everything stored about one class, or about one teacher and all their classes, as JSON:
what a teacher downloads before deleting a class or their account (the same offer as before
deleting one pupil). Each pupil's part is their own export (trainer.store.pupil_export)."""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.store import pupil_export


def _one(db: Database, sql: str, params) -> dict | None:
    rows = list(db.query(sql, params))
    return rows[0] if rows else None


def export_class(db: Database, class_id: int) -> dict:
    klass = _one(db, "SELECT id, name, archived_at, created_at, retention_days FROM classes WHERE id = ?", [class_id])
    drill = _one(
        db,
        "SELECT puzzles, minutes, kinds, time_limit_s, updated_at FROM drill_settings WHERE class_id = ?",
        [class_id],
    )
    if drill:
        drill["kinds"] = json.loads(drill["kinds"])
    games = _one(
        db,
        "SELECT levels, max_bots, lengths, allow_colors, hints FROM class_game_settings WHERE class_id = ?",
        [class_id],
    )
    pupil_ids = [r[0] for r in db.execute("SELECT id FROM pupils WHERE class_id = ? ORDER BY id", [class_id])]
    return {
        "format": "tweak-class-export/1",
        "class": klass,
        "drill_settings": drill,
        "game_settings": games,
        "pupils": [pupil_export.export(db, p) for p in pupil_ids],
    }


def export_teacher(db: Database, teacher_id: int) -> dict:
    # Never the password hash: the export may be saved anywhere.
    teacher = _one(db, "SELECT id, email, display_name, language, created_at FROM teachers WHERE id = ?", [teacher_id])
    class_ids = [r[0] for r in db.execute("SELECT id FROM classes WHERE teacher_id = ? ORDER BY id", [teacher_id])]
    # The teacher's own puzzles (uploaded or built in the editor: trainer.store.puzzle_review).
    uploaded = [
        r[0]
        for r in db.execute("SELECT puzzle_id FROM puzzle_owners WHERE teacher_id = ? ORDER BY puzzle_id", [teacher_id])
    ]
    # The sign-in services linked to the account, and the claim values the administrator
    # entered for it (issue 34): what this app keeps of the teacher's provider accounts.
    sign_ins = [
        dict(r)
        for r in db.query(
            "SELECT p.name AS service, l.issuer, l.subject, l.created_at FROM oidc_links l"
            " JOIN oidc_providers p ON p.id = l.provider_id WHERE l.teacher_id = ? ORDER BY l.id",
            [teacher_id],
        )
    ]
    sign_in_values = [
        dict(r)
        for r in db.query(
            "SELECT p.name AS service, p.teacher_match AS claim, n.value, n.created_at FROM oidc_teacher_names n"
            " JOIN oidc_providers p ON p.id = n.provider_id WHERE n.teacher_id = ? ORDER BY n.id",
            [teacher_id],
        )
    ]
    return {
        "format": "tweak-teacher-export/1",
        "teacher": teacher,
        "uploaded_puzzles": uploaded,
        "sign_ins": sign_ins,
        "sign_in_values": sign_in_values,
        "classes": [export_class(db, c) for c in class_ids],
    }
