"""The storage layer: the SQLite connection and `write_transaction` (db), group commit, the
schema's migrations, and one module of SQL per table several areas share. No Flask here:
the web app, the command line, bench/ and ops use it alike (docs/web.md, "Layers").
Queries only the dashboard reads live in trainer.web.dashboard.queries."""

from __future__ import annotations

from datetime import datetime, timezone


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
