"""Who of a class is here today, for the projector's "who is here" (issue 39.3): a child
with a login session used today is here; a child who logged in today but whose session is
gone (logged out, or idle past the timeout) has gone. Logging out deletes the session row
(trainer.store.sessions), so "came today" is read from the login itself
(known_devices.last_login, written at every login)."""

from __future__ import annotations

from sqlite_utils import Database

HERE, GONE = "here", "gone"


def of_class(db: Database, class_id: int, since: float, idle_since: float) -> dict[int, str]:
    """pupil id -> HERE or GONE for the children of the class seen since `since` (the school
    day's start); a session unused since `idle_since` has ended even if its row is still there."""
    here = {
        r[0]
        for r in db.execute(
            "SELECT DISTINCT s.pupil_id FROM auth_sessions s JOIN pupils p ON p.id = s.pupil_id"
            " WHERE p.class_id = ? AND s.last_seen >= ?",
            [class_id, max(since, idle_since)],
        )
    }
    came = {
        r[0]
        for r in db.execute(
            "SELECT DISTINCT d.pupil_id FROM known_devices d JOIN pupils p ON p.id = d.pupil_id"
            " WHERE p.class_id = ? AND d.last_login >= ?",
            [class_id, since],
        )
    }
    return {**{p: GONE for p in came - here}, **{p: HERE for p in here}}
