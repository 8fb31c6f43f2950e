"""A school's settings, as text by name (table school_settings).

Each database file is one school (issue 19), so a setting here is the whole school's. Callers
read through `get` with their own default and parse the text themselves, so a value written
by a newer version never breaks an older reader.
"""

from __future__ import annotations

from sqlite_utils import Database

from trainer.store.db import write_transaction


def get(db: Database, name: str, default: str | None = None) -> str | None:
    row = db.execute("SELECT value FROM school_settings WHERE name = ?", [name]).fetchone()
    return row[0] if row else default


def get_flag(db: Database, name: str, default: bool = False) -> bool:
    value = get(db, name)
    return default if value is None else value == "1"


def put(db: Database, name: str, value: str | bool | None) -> None:
    """Stores `value` (a bool as "1"/"0"); None forgets the setting, back to its default."""
    with write_transaction(db):
        if value is None:
            db.execute("DELETE FROM school_settings WHERE name = ?", [name])
        else:
            text = ("1" if value else "0") if isinstance(value, bool) else str(value)
            db.execute(
                "INSERT INTO school_settings (name, value) VALUES (?, ?)"
                " ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                [name, text],
            )
