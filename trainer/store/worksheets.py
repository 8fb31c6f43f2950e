"""Printed worksheets by their code (issue 20, trainer.puzzles.worksheet): each teacher's sheets,
the ordered puzzle ids and what the sheet was made from, so that a code typed in brings the
same sheet back however the bank has changed."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from trainer.puzzles.worksheet import sheet_code
from trainer.store import utcnow
from trainer.store.db import write_transaction


def save(db: Database, teacher_id: int, puzzle_ids: Sequence[str], title: dict) -> str:
    """The sheet's code; the same sheet saved again keeps its row (and its first title). A code
    that this teacher already has for other puzzles (a 40-bit clash) moves on to the next one."""
    ids = list(puzzle_ids)
    with write_transaction(db):
        salt = 0
        while True:
            code = sheet_code(ids, salt)
            row = db.execute(
                "SELECT puzzle_ids FROM worksheets WHERE teacher_id = ? AND code = ?", [teacher_id, code]
            ).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO worksheets (teacher_id, code, puzzle_ids, title, created_at) VALUES (?, ?, ?, ?, ?)",
                    [teacher_id, code, json.dumps(ids), json.dumps(title), utcnow()],
                )
                return code
            if json.loads(row[0]) == ids:
                return code
            salt += 1


def get(db: Database, teacher_id: int, code: str) -> dict | None:
    """{"code", "puzzle_ids", "title", "created_at"} of this teacher's sheet, or None."""
    rows = list(
        db.query(
            "SELECT code, puzzle_ids, title, created_at FROM worksheets WHERE teacher_id = ? AND code = ?",
            [teacher_id, code],
        )
    )
    if not rows:
        return None
    row = rows[0]
    return {**row, "puzzle_ids": json.loads(row["puzzle_ids"]), "title": json.loads(row["title"])}
