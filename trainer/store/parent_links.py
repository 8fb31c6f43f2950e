"""Each pupil's personal link to the page for their parents (issue 37.3, docs/security.md
"The parent page").

The link's token is HMAC-SHA256(the app's secret key, a random nonce stored here), cut to 160
bits: the teacher can print the letter again without the database keeping the link, and a copy
of the database (a backup, an export) holds only the token's SHA-256, which opens nothing.
Renewing draws a new nonce, so the old link is dead at once; switching off forgets the nonce.
A link lives as long as its class keeps data (`classes.retention_days`, or the school's
default): an older one opens nothing, and the daily purge deletes it (trainer.ops.retention).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable

from sqlite_utils import Database

from trainer.store import pupil_export
from trainer.store.db import write_transaction

TOKEN_BYTES = 20  # 160 bits (the issue asks for at least 128)
DAY = 86400


def token_for(secret_key: str | bytes, nonce: str) -> str:
    key = secret_key.encode() if isinstance(secret_key, str) else secret_key
    mac = hmac.new(key, b"parent-link:" + nonce.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode("ascii").rstrip("=")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def _cutoff(now: float, default_days: int) -> str:
    # The oldest created_at still alive, per the pupil's class (SQL, joined on c).
    return f"({now!r} - COALESCE(c.retention_days, {int(default_days)}) * {DAY})"


def find(db: Database, token: str, default_days: int, now: float | None = None) -> dict | None:
    """The pupil whose live link this is (id, name, class_id, language, teacher's language),
    or None: unknown, renewed, switched off, past retention, or an archived pupil or class."""
    now = time.time() if now is None else now
    if not token or len(token) > 64:
        return None
    return next(
        db.query(
            "SELECT p.id, p.name, p.class_id, p.language, t.language AS teacher_language, l.created_at"
            " FROM parent_links l JOIN pupils p ON p.id = l.pupil_id JOIN classes c ON c.id = p.class_id"
            " JOIN teachers t ON t.id = c.teacher_id"
            f" WHERE l.token_hash = ? AND p.archived_at IS NULL AND c.archived_at IS NULL"
            f" AND l.created_at >= {_cutoff(now, default_days)}",
            [digest(token)],
        ),
        None,
    )


def _write(db: Database, secret_key, pupil_id: int, now: float) -> str:
    nonce = secrets.token_urlsafe(24)
    token = token_for(secret_key, nonce)
    db.execute(
        "INSERT INTO parent_links (pupil_id, nonce, token_hash, created_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (pupil_id) DO UPDATE SET nonce = excluded.nonce,"
        " token_hash = excluded.token_hash, created_at = excluded.created_at",
        [pupil_id, nonce, digest(token), now],
    )
    return token


def links(
    db: Database, secret_key, class_id: int, pupil_ids: Iterable[int], default_days: int, now: float | None = None
) -> dict[int, str | None]:
    """{pupil id: token, or None when switched off} for pupils of one class, for the letters.
    A pupil who never had a link, or whose link is past retention, gets a new one: printing
    the letter is what hands the link out."""
    now = time.time() if now is None else now
    ids = list(pupil_ids)
    rows = {
        r["pupil_id"]: r
        for r in db.query(
            f"SELECT l.pupil_id, l.nonce, l.created_at >= {_cutoff(now, default_days)} AS alive"
            " FROM parent_links l JOIN pupils p ON p.id = l.pupil_id JOIN classes c ON c.id = p.class_id"
            " WHERE p.class_id = ?",
            [class_id],
        )
    }
    found: dict[int, str | None] = {}
    with write_transaction(db):
        for pupil_id in ids:
            row = rows.get(pupil_id)
            if row is not None and row["nonce"] is None:
                found[pupil_id] = None
            elif row is not None and row["alive"]:
                found[pupil_id] = token_for(secret_key, row["nonce"])
            else:
                found[pupil_id] = _write(db, secret_key, pupil_id, now)
    return found


def state(db: Database, pupil_id: int) -> str:
    """'on', 'off' (switched off) or 'none' (no letter printed yet)."""
    row = db.execute("SELECT nonce FROM parent_links WHERE pupil_id = ?", [pupil_id]).fetchone()
    if row is None:
        return "none"
    return "on" if row[0] is not None else "off"


def renew(db: Database, secret_key, pupil_ids: Iterable[int], now: float | None = None) -> None:
    """New links: each old one is dead at once (a new letter has to be printed)."""
    now = time.time() if now is None else now
    with write_transaction(db):
        for pupil_id in pupil_ids:
            _write(db, secret_key, pupil_id, now)


def switch_off(db: Database, pupil_ids: Iterable[int], now: float | None = None) -> None:
    now = time.time() if now is None else now
    with write_transaction(db):
        for pupil_id in pupil_ids:
            db.execute(
                "INSERT INTO parent_links (pupil_id, nonce, token_hash, created_at) VALUES (?, NULL, NULL, ?)"
                " ON CONFLICT (pupil_id) DO UPDATE SET nonce = NULL, token_hash = NULL,"
                " created_at = excluded.created_at",
                [pupil_id, now],
            )


@pupil_export.section("parent_page", tables=("parent_links",))
def _export(db: Database, pupil_id: int) -> dict:
    # The link itself is not in the export: the file may travel further than the letter.
    row = db.execute("SELECT nonce IS NOT NULL, created_at FROM parent_links WHERE pupil_id = ?", [pupil_id]).fetchone()
    if row is None:
        return {"link": "none"}
    return {
        "link": "on" if row[0] else "off",
        "since": row[1],
        "shows": [
            "days practised this week and last",
            "minutes",
            "level",
            "stars",
            "badges",
            "what the child is good at and could practise next",
        ],
    }
