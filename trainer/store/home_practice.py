"""Home practice (issue 37.1): a class's hours and rule, and each pupil's personal home QR.

A home QR's token is `<pupil id>-<MAC>`: an HMAC-SHA256 (192 bits kept) of the pupil and the
key's generation under the installation's secret key. Every pupil so has a home QR without a
row being written when it is printed (a page shown with GET changes nothing), and nobody
makes one without the secret key. The key logs in only on the device that first logged in
with it, inside the home hours (issue 47.2: a scan while home practice is closed binds nothing):
that use stores the SHA-256 of that browser's device key (trainer.web.core.device) and the kind
of device, and the key then refuses every other device. The teacher's renewal counts the
generation up, so the old QR is dead at once; freeing keeps the QR and lets the next device in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from datetime import datetime

from sqlite_utils import Database

from trainer.pupils.home_hours import HomeHours, clock_text, days_text, parse_clock, parse_days
from trainer.store import pupil_export, utcnow
from trainer.store.db import write_transaction
from trainer.store.devices import digest

# Outcomes of using a home QR.
WELCOME, OTHER_DEVICE, UNKNOWN, CLOSED = "welcome", "other_device", "unknown", "closed"
MAC_BYTES = 24
_TOKEN = re.compile(r"^([1-9][0-9]{0,17})-([A-Za-z0-9_-]{32})$")


def _hours(row: dict | None) -> HomeHours:
    if row is None:
        return HomeHours()
    return HomeHours(
        enabled=bool(row["enabled"]),
        opens=parse_clock(row["opens"]),
        closes=parse_clock(row["closes"]),
        days=parse_days(row["days"]),
        counts=bool(row["counts"]),
        school_opens=parse_clock(row["school_opens"]),
        school_closes=parse_clock(row["school_closes"]),
        school_days=parse_days(row["school_days"]),
    )


def hours(db: Database, class_id: int) -> HomeHours:
    """The class's setting; a class whose teacher never set it: off, with the defaults."""
    rows = list(db.query("SELECT * FROM class_home_practice WHERE class_id = ?", [class_id]))
    return _hours(rows[0] if rows else None)


def save_hours(db: Database, class_id: int, setting: HomeHours) -> None:
    with write_transaction(db):
        db.execute(
            "INSERT INTO class_home_practice (class_id, enabled, opens, closes, days, counts, school_opens,"
            " school_closes, school_days, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (class_id) DO UPDATE SET enabled = excluded.enabled,"
            " opens = excluded.opens, closes = excluded.closes, days = excluded.days,"
            " counts = excluded.counts, school_opens = excluded.school_opens,"
            " school_closes = excluded.school_closes, school_days = excluded.school_days,"
            " updated_at = excluded.updated_at",
            [
                class_id,
                int(setting.enabled),
                clock_text(setting.opens),
                clock_text(setting.closes),
                setting.days_text(),
                int(setting.counts),
                clock_text(setting.school_opens),
                clock_text(setting.school_closes),
                days_text(setting.school_days),
                utcnow(),
            ],
        )


# Home QRs -------------------------------------------------------------------------------------


def token(secret: str | bytes, pupil_id: int, generation: int) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    mac = hmac.new(key, f"home-qr:{pupil_id}:{generation}".encode(), hashlib.sha256).digest()[:MAC_BYTES]
    return f"{pupil_id}-{base64.urlsafe_b64encode(mac).decode()}"


def key(db: Database, pupil_id: int) -> dict | None:
    """The pupil's row (generation, device bound); None for a QR never used nor renewed."""
    rows = list(db.query("SELECT * FROM pupil_home_keys WHERE pupil_id = ?", [pupil_id]))
    return rows[0] if rows else None


def generations(db: Database, pupil_ids: list[int]) -> dict[int, int]:
    """{pupil id: generation} for these pupils, in one query (0 for those with no row)."""
    if not pupil_ids:
        return {}
    marks = ", ".join("?" for _ in pupil_ids)
    found = dict(
        db.execute(
            f"SELECT pupil_id, generation FROM pupil_home_keys WHERE pupil_id IN ({marks})", pupil_ids
        ).fetchall()
    )
    return {pupil_id: found.get(pupil_id, 0) for pupil_id in pupil_ids}


def in_use(db: Database, class_id: int) -> dict[int, dict]:
    """{pupil id: {"device_kind", "first_used_at"}} for the class's pupils whose home QR is bound
    to a device: the teacher sees which device holds it and since when."""
    return {
        row["pupil_id"]: row
        for row in db.query(
            "SELECT k.pupil_id, k.device_kind, k.first_used_at FROM pupil_home_keys k"
            " JOIN pupils p ON p.id = k.pupil_id WHERE p.class_id = ? AND k.device IS NOT NULL",
            [class_id],
        )
    }


def free(db: Database, pupil_id: int) -> None:
    """The same QR, bound to no device: the next device that logs in with it in the home hours
    holds it, and the device that held it is logged out at its next click (holds())."""
    with write_transaction(db):
        db.execute(
            "UPDATE pupil_home_keys SET device = NULL, device_kind = NULL, first_used_at = NULL WHERE pupil_id = ?",
            [pupil_id],
        )


def renew(db: Database, pupil_id: int) -> int:
    """A new QR, bound to no device yet: the old one logs in nobody from now on. Returns the
    new generation."""
    with write_transaction(db):
        db.execute(
            "INSERT INTO pupil_home_keys (pupil_id, generation, renewed_at) VALUES (?, 1, ?)"
            " ON CONFLICT (pupil_id) DO UPDATE SET generation = generation + 1, device = NULL,"
            " device_kind = NULL, renewed_at = excluded.renewed_at, first_used_at = NULL",
            [pupil_id, utcnow()],
        )
    return key(db, pupil_id)["generation"]


def use(
    db: Database, secret: str | bytes, given: str, device_key: str, moment: datetime, device_kind: str | None = None
) -> tuple[str, dict | None]:
    """(outcome, pupil row with its `generation`) for a home QR opened on this device at this
    local moment: WELCOME binds a first device and lets in the device it is bound to;
    OTHER_DEVICE, UNKNOWN and CLOSED (outside the class's home hours, or home practice off)
    let nobody in and bind nothing, so a parent's curious scan in the evening leaves the QR for
    the child's tablet. One write transaction, so two devices opening one new QR at once cannot
    both become its first."""
    match = _TOKEN.match(given) if isinstance(given, str) else None
    if match is None:
        return UNKNOWN, None
    pupil_id = int(match.group(1))
    with write_transaction(db):
        rows = list(
            db.query(
                "SELECT p.*, k.generation, k.device FROM pupils p JOIN classes c ON c.id = p.class_id"
                " LEFT JOIN pupil_home_keys k ON k.pupil_id = p.id"
                " WHERE p.id = ? AND p.archived_at IS NULL AND c.archived_at IS NULL",
                [pupil_id],
            )
        )
        if not rows:
            return UNKNOWN, None
        row = rows[0]
        row["generation"] = row["generation"] or 0
        if not hmac.compare_digest(token(secret, pupil_id, row["generation"]), given):
            return UNKNOWN, None
        mine = digest(device_key)
        if row["device"] is not None and not hmac.compare_digest(row["device"], mine):
            return OTHER_DEVICE, row
        if not hours(db, row["class_id"]).is_open(moment):
            return CLOSED, row
        if row["device"] is None:
            db.execute(
                "INSERT INTO pupil_home_keys (pupil_id, device, device_kind, first_used_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (pupil_id) DO UPDATE SET device = excluded.device,"
                " device_kind = excluded.device_kind, first_used_at = excluded.first_used_at",
                [pupil_id, mine, device_kind, utcnow()],
            )
        return WELCOME, row


def holds(db: Database, pupil_id: int, generation: int, device_key: str) -> bool:
    """Does the QR this home session logged in with still hold this device (neither renewed
    nor freed since)?"""
    row = key(db, pupil_id)
    return (
        row is not None
        and row["generation"] == generation
        and row["device"] is not None
        and hmac.compare_digest(row["device"], digest(device_key))
    )


@pupil_export.section("home_key", tables=("pupil_home_keys",))
def _export(db: Database, pupil_id: int) -> list[dict]:
    # Whether the home QR was used, and when; the QR itself is a key to the child's account.
    return list(
        db.query(
            "SELECT generation, renewed_at, first_used_at, device IS NOT NULL AS bound_to_a_device,"
            " device_kind"
            " FROM pupil_home_keys WHERE pupil_id = ?",
            [pupil_id],
        )
    )
