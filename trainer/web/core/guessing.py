"""Which limits hold a guess: class codes, picture passwords, teachers' passwords.

The model and its numbers are in docs/security.md ("Guessing"); the counters themselves in
trainer.store.throttle. In short:

- **Class codes**: wrong codes are counted in a sliding window (JOIN_CODE_WINDOW_SECONDS)
  per device, per network address and for the whole installation; a right code does not
  reset any of them. A valid QR card is always let through: its token has 192 bits.
- **Picture passwords**: a lock per pupil *and device* (5 free, then 1, 2, 4 ... 15 minutes),
  which a classmate can only put on their own tablet. A device the pupil never logged in
  from also counts against ceilings per pupil, per class and per address (a day, a day, an
  hour): a script with fresh cookies each time meets those. A device the pupil has logged
  in from before is held by its own lock only, so guesses made elsewhere never lock a child
  out of their own tablet. The teacher's "Unlock" clears a pupil's (or a class's) counters
  and keeps the password.
- **Teachers**: as before per e-mail address (5 free, then 1, 2, 4 ... 15 minutes), except on
  a device the teacher has logged in from, which has its own lock: someone who knows the
  address can no longer lock its owner out.

Every login form tries its secret through `attempt()`: counted before the check, reset when
right, logged, and handed back as an `Outcome` the form turns into its page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask import current_app, request
from sqlite_utils import Database

from trainer.store import classes, devices, pupils, teachers, throttle
from trainer.store.throttle import Ceiling, Lock
from trainer.web.core import device, security_log
from trainer.web.core.i18n import ngettext
from trainer.web.db import get_db


def _device_tag() -> str:
    # 64 bits of the key's digest name the device in counter keys.
    return devices.digest(device.key())[:16]


def _known(**owner) -> bool:
    return devices.is_known(get_db(), device.key(), max_age_days=current_app.config["DEVICE_REMEMBER_DAYS"], **owner)


# ---------------------------------------------------------------- one try


@dataclass(frozen=True)
class Outcome:
    """How one try went: right (its counters reset), refused unchecked while a limit holds
    (`refused` seconds, by the limit `refused_by`), or wrong (`locked`: the lock-out this
    failure started, 0 if none)."""

    right: bool = False
    refused: int = 0
    refused_by: str | None = None
    locked: int = 0

    @property
    def wait(self) -> int:
        """Seconds the page asks to wait before the next try (0: none)."""
        return self.refused or self.locked


def attempt(
    lock: Lock | None,
    check: Callable[[], bool],
    *,
    ceilings: Sequence[Ceiling] | None = None,
    throttled: str | None = None,
    failed: str | None = None,
    **ids,
) -> Outcome:
    """Try one guess of a secret. Counted as a failure BEFORE `check` runs, in one write
    transaction with the limits' checks, so parallel guesses cannot all pass them first
    (trainer.store.throttle); refused unchecked while the lock or a ceiling holds; when
    `check` says right, the lock resets and the ceilings withdraw only this try.

    The events `throttled` and `failed` (None: not logged) carry `ids`; a refusal its seconds
    and, where ceilings were given, which kind of limit refused (`by`); a failure the lock-out
    it started. A check for an unknown account should still spend a check's time."""
    db = get_db()
    tried = throttle.attempt(db, lock, ceilings or ())
    if tried.refused:
        if throttled:
            by = tried.refused_by.split(":")[0] if ceilings is not None else None
            security_log.event(throttled, **ids, seconds=tried.refused, by=by)
        return Outcome(refused=tried.refused, refused_by=tried.refused_by)
    if check():
        throttle.succeeded(db, tried, lock)
        return Outcome(right=True)
    if failed:
        security_log.event(failed, **ids, now_locked_seconds=tried.lock or None)
    return Outcome(locked=tried.lock)


def lock_message(seconds: int) -> str:
    """A teacher's form while their lock is on."""
    minutes = max(1, (seconds + 59) // 60)
    return ngettext(
        "Too many attempts. Please try again in %(num)d minute.",
        "Too many attempts. Please try again in %(num)d minutes.",
        minutes,
    )


# ---------------------------------------------------------------- class codes


def join_ceilings() -> list[Ceiling]:
    cfg = current_app.config
    window = cfg["JOIN_CODE_WINDOW_SECONDS"]
    return [
        Ceiling(f"join-device:{_device_tag()}", cfg["JOIN_CODE_DEVICE_FAILURES"], window),
        Ceiling(f"join-address:{request.remote_addr}", cfg["JOIN_CODE_ADDRESS_FAILURES"], window),
        Ceiling("join-all", cfg["JOIN_CODE_TOTAL_FAILURES"], window),
    ]


# ---------------------------------------------------------------- picture passwords


def _pupil_ceiling(pupil_id: int) -> Ceiling:
    cfg = current_app.config
    return Ceiling(pupils.throttle_key(pupil_id), cfg["PICTURE_PUPIL_FAILURES"], cfg["PICTURE_WINDOW_SECONDS"])


def _class_ceiling(class_id: int) -> Ceiling:
    cfg = current_app.config
    return Ceiling(classes.throttle_key(class_id), cfg["PICTURE_CLASS_FAILURES"], cfg["PICTURE_WINDOW_SECONDS"])


def _address_ceiling() -> Ceiling:
    cfg = current_app.config
    return Ceiling(
        f"pictures-address:{request.remote_addr}",
        cfg["PICTURE_ADDRESS_FAILURES"],
        cfg["PICTURE_ADDRESS_WINDOW_SECONDS"],
    )


def picture_limits(pupil_id: int, class_id: int) -> tuple[Lock, list[Ceiling]]:
    """The lock of this pupil on this device, and the ceilings an unknown device also meets."""
    cfg = current_app.config
    lock = Lock(
        f"{pupils.throttle_key(pupil_id)}:device:{_device_tag()}",
        cfg["PUPIL_LOGIN_FREE_FAILURES"],
        cfg["THROTTLE_BASE_SECONDS"],
        cfg["THROTTLE_MAX_SECONDS"],
    )
    if _known(pupil_id=pupil_id):
        return lock, []
    return lock, [_pupil_ceiling(pupil_id), _class_ceiling(class_id), _address_ceiling()]


def remember_pupil_device(pupil_id: int) -> None:
    devices.remember(get_db(), device.key(), pupil_id=pupil_id)


@dataclass(frozen=True)
class PupilLockout:
    """What holds a pupil back right now, for the teacher's pages."""

    devices: int  # devices on which this pupil's lock is on
    pupil_full: bool  # the pupil's ceiling for new devices is reached
    class_full: bool  # the class's ceiling for new devices is reached

    @property
    def locked(self) -> bool:
        return bool(self.devices or self.pupil_full or self.class_full)


def _full(db: Database, ceiling: Ceiling) -> bool:
    return throttle.ceiling_wait(db, ceiling) > 0


def pupil_lockout(db: Database, pupil_id: int, class_id: int) -> PupilLockout:
    return PupilLockout(
        throttle.locked_under(db, pupils.throttle_key(pupil_id)),
        _full(db, _pupil_ceiling(pupil_id)),
        _full(db, _class_ceiling(class_id)),
    )


def class_lockout(db: Database, class_id: int) -> tuple[list[dict], bool]:
    """(pupils of the class locked out somewhere, whether the class's ceiling is reached)."""
    roster = pupils.list_for_class(db, class_id)
    locked = [p for p in roster if pupil_lockout(db, p["id"], class_id).locked]
    return locked, _full(db, _class_ceiling(class_id))


def unlock_pupil(db: Database, pupil_id: int, class_id: int) -> None:
    """The teacher's unlock: the pupil's counters on every device, and the class's ceiling,
    which would otherwise still stop this child on a new tablet. The password stays."""
    throttle.forget(db, pupils.throttle_key(pupil_id))
    throttle.forget(db, classes.throttle_key(class_id))


def unlock_class(db: Database, class_id: int) -> None:
    for pupil in pupils.list_for_class(db, class_id):
        throttle.forget(db, pupils.throttle_key(pupil["id"]))
    throttle.forget(db, classes.throttle_key(class_id))


# ---------------------------------------------------------------- teachers


def teacher_lock(teacher: dict | None, email: str) -> Lock:
    """Per e-mail address; a device the teacher logged in from has its own lock, so wrong
    guesses by someone who knows the address never lock the teacher out there."""
    cfg = current_app.config
    key = teachers.throttle_key(email)
    if teacher is not None and _known(teacher_id=teacher["id"]):
        key += f":device:{_device_tag()}"
    return Lock(key, cfg["TEACHER_LOGIN_FREE_FAILURES"], cfg["THROTTLE_BASE_SECONDS"], cfg["THROTTLE_MAX_SECONDS"])


def remember_teacher_device(teacher_id: int) -> None:
    devices.remember(get_db(), device.key(), teacher_id=teacher_id)
