"""Home practice in the store (issue 37.1, 47.2): a class's hours, a pupil's home QR bound to
the first device that logs in with it inside the hours, renewal, freeing."""

from datetime import datetime, time

from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice, pupil_export

SECRET = "test-secret"
OPEN = datetime(2026, 12, 2, 10, 0)  # a Wednesday, inside the default home hours (07:00-20:00)
EARLY = datetime(2026, 12, 2, 4, 55)  # outside them


def home_pupil(db, make, name="Noor") -> int:
    class_id = make.klass(make.teacher())
    home_practice.save_hours(db, class_id, HomeHours(enabled=True))
    return make.pupil(class_id, name)


def use(db, token, device, moment=OPEN, kind=None):
    return home_practice.use(db, SECRET, token, device, moment, kind)


def test_a_class_without_a_setting_is_off_with_the_defaults(db, make):
    class_id = make.klass(make.teacher())
    assert home_practice.hours(db, class_id) == HomeHours()


def test_hours_are_saved_and_read_back(db, make):
    class_id = make.klass(make.teacher())
    setting = HomeHours(
        enabled=True,
        opens=time(8, 30),
        closes=time(19),
        days=frozenset({1, 3, 5}),
        counts=False,
        school_opens=time(8, 15),
        school_closes=time(14, 30),
        school_days=frozenset({1, 2, 4}),
    )
    home_practice.save_hours(db, class_id, setting)
    assert home_practice.hours(db, class_id) == setting
    home_practice.save_hours(db, class_id, HomeHours(enabled=False))
    assert home_practice.hours(db, class_id) == HomeHours(enabled=False)


def test_a_token_is_the_pupils_and_unguessable(db, make):
    token = home_practice.token(SECRET, 42, 0)
    assert token.startswith("42-") and len(token.split("-", 1)[1]) == 32  # 192 bits
    assert home_practice.token(SECRET, 42, 1) != token
    assert home_practice.token("another-secret", 42, 0) != token


def test_a_qr_binds_to_the_first_device_and_refuses_others(db, make):
    pupil_id = home_pupil(db, make)
    token = home_practice.token(SECRET, pupil_id, 0)
    assert home_practice.key(db, pupil_id) is None  # printing it wrote nothing
    assert use(db, token, "device-one-key")[0] == home_practice.WELCOME
    assert use(db, token, "device-one-key")[0] == home_practice.WELCOME
    outcome, row = use(db, token, "device-two-key")
    assert outcome == home_practice.OTHER_DEVICE and row["id"] == pupil_id
    forged = f"{pupil_id}-" + "A" * 32
    for wrong in (forged, "not-a-token", "", home_practice.token("another-secret", pupil_id, 0)):
        assert use(db, wrong, "device-one-key") == (home_practice.UNKNOWN, None)


def test_a_scan_outside_the_hours_binds_nothing(db, make):
    # Issue 47.2: a parent's curious scan at 04:55 must leave the QR for the child's tablet.
    pupil_id = home_pupil(db, make)
    token = home_practice.token(SECRET, pupil_id, 0)
    assert use(db, token, "parents-phone", EARLY)[0] == home_practice.CLOSED
    assert home_practice.key(db, pupil_id) is None
    assert use(db, token, "childs-tablet", OPEN, "ipad")[0] == home_practice.WELCOME
    assert use(db, token, "parents-phone", OPEN)[0] == home_practice.OTHER_DEVICE
    # The bound device outside the hours: closed, still not another device's.
    assert use(db, token, "childs-tablet", EARLY)[0] == home_practice.CLOSED


def test_with_home_practice_off_a_qr_binds_nothing(db, make):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id)
    assert use(db, home_practice.token(SECRET, pupil_id, 0), "d")[0] == home_practice.CLOSED
    assert home_practice.key(db, pupil_id) is None


def test_the_teacher_sees_the_kind_of_device_and_frees_it(db, make):
    pupil_id = home_pupil(db, make)
    class_id = db["pupils"].get(pupil_id)["class_id"]
    token = home_practice.token(SECRET, pupil_id, 0)
    use(db, token, "childs-tablet", OPEN, "android-tablet")
    held = home_practice.in_use(db, class_id)[pupil_id]
    assert held["device_kind"] == "android-tablet" and held["first_used_at"]
    assert home_practice.holds(db, pupil_id, 0, "childs-tablet")
    home_practice.free(db, pupil_id)
    assert home_practice.in_use(db, class_id) == {}
    assert not home_practice.holds(db, pupil_id, 0, "childs-tablet")
    # The same printed QR now lets the next device in.
    assert use(db, token, "new-tablet")[0] == home_practice.WELCOME
    assert home_practice.holds(db, pupil_id, 0, "new-tablet")


def test_renewal_kills_the_old_qr_and_frees_the_device(db, make):
    pupil_id = home_pupil(db, make)
    old = home_practice.token(SECRET, pupil_id, 0)
    use(db, old, "device-one-key")
    generation = home_practice.renew(db, pupil_id)
    new = home_practice.token(SECRET, pupil_id, generation)
    assert use(db, old, "device-one-key")[0] == home_practice.UNKNOWN
    assert use(db, new, "device-two-key")[0] == home_practice.WELCOME
    assert not home_practice.holds(db, pupil_id, 0, "device-two-key")
    assert home_practice.holds(db, pupil_id, generation, "device-two-key")


def test_an_archived_pupil_or_class_gets_nobody_in(db, make):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id)
    db.execute("UPDATE classes SET archived_at = '2026-01-01' WHERE id = ?", [class_id])
    assert use(db, home_practice.token(SECRET, pupil_id, 0), "d")[0] == home_practice.UNKNOWN


def test_the_export_says_whether_the_qr_was_used(db, make):
    pupil_id = home_pupil(db, make)
    use(db, home_practice.token(SECRET, pupil_id, 0), "device-one-key", kind="ipad")
    exported = pupil_export.SECTIONS["home_key"](db, pupil_id)
    assert exported[0]["bound_to_a_device"] == 1 and exported[0]["first_used_at"]
    assert exported[0]["device_kind"] == "ipad"
