"""A school's OpenID Connect providers (issue 25), with their client secrets sealed.

The secret is kept as a Fernet token (AES-128-CBC + HMAC-SHA256) under a key derived with
HKDF from the installation's SECRET_KEY, so only the running service can read it: a copy of
the database file, a backup or an export alone does not give it away. It is never handed to
a page: `public` rows leave it out, and only `client_secret` opens it, for the token request.
"""

from __future__ import annotations

import base64
from datetime import datetime

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlite_utils import Database

from trainer.store.db import write_transaction

FIELDS = (
    "name",
    "issuer",
    "client_id",
    "scopes",
    "teacher_claim",
    "teacher_value",
    "pupil_claim",
    "pupil_value",
    "teacher_match",
)
# Which claim finds a teacher's account at the first sign-in (trainer.web.signin.identity);
# "subject" reads none: the teacher logs in with their password once instead.
TEACHER_MATCHES = ("email", "preferred_username", "upn", "uniid", "subject")


class SecretUnreadable(Exception):
    """The secret was sealed under another SECRET_KEY: the administrator enters it again."""


def _fernet(secret_key: str | bytes) -> Fernet:
    raw = secret_key.encode("utf-8", "surrogatepass") if isinstance(secret_key, str) else secret_key
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"tweak-trainer oidc client secret").derive(raw)
    return Fernet(base64.urlsafe_b64encode(key))


def seal(secret_key: str | bytes, secret: str) -> str:
    return _fernet(secret_key).encrypt(secret.encode("utf-8")).decode("ascii")


def unseal(secret_key: str | bytes, box: str) -> str:
    try:
        return _fernet(secret_key).decrypt(box.encode("ascii")).decode("utf-8")
    except (InvalidToken, ValueError) as err:
        raise SecretUnreadable() from err


def _public(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "secret_box"}


def add(db: Database, *, secret_key: str | bytes, secret: str, now: datetime, **fields) -> int:
    values = {k: fields.get(k, "") for k in FIELDS}
    values["teacher_match"] = values["teacher_match"] or "email"
    with write_transaction(db):
        cursor = db.execute(
            f"INSERT INTO oidc_providers ({', '.join(FIELDS)}, secret_box, created_at)"
            f" VALUES ({', '.join('?' for _ in FIELDS)}, ?, ?)",
            [*values.values(), seal(secret_key, secret), now.isoformat(timespec="seconds")],
        )
    return cursor.lastrowid


def client_taken(db: Database, issuer: str, client_id: str) -> bool:
    """One issuer may serve several clients (a lightweight and a full login), each once."""
    return (
        db.execute("SELECT 1 FROM oidc_providers WHERE issuer = ? AND client_id = ?", [issuer, client_id]).fetchone()
        is not None
    )


def list_all(db: Database) -> list[dict]:
    return [_public(r) for r in db.query("SELECT * FROM oidc_providers ORDER BY name, id")]


def get(db: Database, provider_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM oidc_providers WHERE id = ?", [provider_id]))
    return _public(rows[0]) if rows else None


def client_secret(db: Database, provider_id: int, secret_key: str | bytes) -> str:
    row = db.execute("SELECT secret_box FROM oidc_providers WHERE id = ?", [provider_id]).fetchone()
    if row is None:
        raise SecretUnreadable()
    return unseal(secret_key, row[0])


def remove(db: Database, provider_id: int) -> bool:
    """Forgets the provider and every sign-in link to it (the accounts themselves stay)."""
    with write_transaction(db):
        cursor = db.execute("DELETE FROM oidc_providers WHERE id = ?", [provider_id])
    return cursor.rowcount == 1
