"""Issue 34's migration (m3401): the services table is rebuilt so that one issuer may serve
several client ids; the school's services, their sealed secrets and every sign-in link stay."""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest

from trainer.store import migrations, oidc_links, oidc_providers
from trainer.store.db import connect

STEP = "m3401_oidc_clients_and_teacher_names"


def test_existing_services_and_links_are_kept(tmp_path):
    db = connect(tmp_path / "old.db")
    migrations.migrations.apply(db, stop_before=STEP)
    db.execute(
        "INSERT INTO teachers (email, display_name, password_hash, created_at)"
        " VALUES ('tina@school.example', 'Tina', 'x', '2026-01-01')"
    )
    # As issue 25's code stored a service (no teacher_match yet).
    before = db.execute(
        "INSERT INTO oidc_providers (name, issuer, client_id, secret_box, teacher_claim, teacher_value,"
        " created_at) VALUES ('Unilogin', 'https://broker.example', 'full', ?, 'aktoer_gruppe',"
        " 'Medarbejder', '2026-01-01T00:00:00')",
        [oidc_providers.seal("key", "the secret")],
    ).lastrowid
    # A link as that code stored it (no `account` column yet: issue 45 added it).
    db.execute(
        "INSERT INTO oidc_links (provider_id, issuer, subject, teacher_id, created_at)"
        " VALUES (?, 'https://broker.example', 'tina', 1, '2026-01-01T00:00:00')",
        [before],
    )
    old = dict(next(db.query("SELECT * FROM oidc_providers")))

    migrations.apply(db)

    row = next(db.query("SELECT * FROM oidc_providers"))
    assert {k: row[k] for k in old} == old and row["teacher_match"] == "email"
    assert oidc_providers.client_secret(db, before, "key") == "the secret"
    assert oidc_links.find(db, "https://broker.example", "tina")["teacher_id"] == 1
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    # The issuer again with another client id is a second service; the same pair is not.
    oidc_providers.add(
        db,
        secret_key="key",
        secret="s",
        now=datetime(2026, 1, 2),
        name="Unilogin light",
        issuer="https://broker.example",
        client_id="light",
        teacher_claim="a",
        teacher_value="b",
    )
    with pytest.raises(sqlite3.IntegrityError):
        oidc_providers.add(
            db,
            secret_key="key",
            secret="s",
            now=datetime(2026, 1, 2),
            name="Twice",
            issuer="https://broker.example",
            client_id="light",
            teacher_claim="a",
            teacher_value="b",
        )
    # Links still follow their service: removing it removes them.
    oidc_providers.remove(db, before)
    assert oidc_links.count(db) == 0
    db.close()
