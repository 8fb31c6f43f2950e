"""One module per aggregate; each holds the SQL for it. Views call these and stay thin."""
from __future__ import annotations

from datetime import datetime, timezone


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
