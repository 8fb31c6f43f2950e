"""Daily housekeeping in the server: retention purge (trainer.ops.retention).

Every server process runs the same loop; the `maintenance` table lets exactly one of them
claim each day's run, so several workers never purge twice.
"""

from __future__ import annotations

import logging
import threading
import time

from trainer.ops.connect import open_database
from trainer.ops.retention import DAY, due, purge

CHECK_EVERY_SECONDS = 3600
log = logging.getLogger(__name__)


def run_due(database: str, retention_days: int, now: float | None = None) -> dict | None:
    """Purges if no process has today; returns what was deleted, or None when not due."""
    conn = open_database(database)
    try:
        if not due(conn, "purge", DAY, now):
            return None
        return purge(conn, retention_days, now)
    finally:
        conn.close()


def _loop(database: str, retention_days: int) -> None:
    while True:
        try:
            deleted = run_due(database, retention_days)
            if deleted is not None:
                log.info("daily purge: %s", deleted)
        except Exception:  # a failed night must not stop tomorrow's run
            log.exception("daily purge failed")
        time.sleep(CHECK_EVERY_SECONDS)


def init_app(app) -> None:
    if app.config["DAILY_HOUSEKEEPING"]:
        threading.Thread(
            target=_loop, args=(app.config["DATABASE"], app.config["RETENTION_DAYS"]), name="housekeeping", daemon=True
        ).start()
