"""Home practice in the store (issue 37.1): a class's hours, a pupil's home QR bound to the
first device that uses it, renewal."""
from datetime import time

from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice, pupil_export

SECRET = "test-secret"


def test_a_class_without_a_setting_is_off_with_the_defaults(db, make):
    class_id = make.klass(make.teacher())
    assert home_practice.hours(db, class_id) == HomeHours()


def test_hours_are_saved_and_read_back(db, make):
    class_id = make.klass(make.teacher())
    setting = HomeHours(enabled=True, opens=time(8, 30), closes=time(19), days=frozenset({1, 3, 5}), counts=False)
    home_practice.save_hours(db, class_id, setting)
    assert home_practice.hours(db, class_id) == setting
    home_practice.save_hours(db, class_id, HomeHours(enabled=False))
    assert home_practice.hours(db, class_id) == HomeHours(enabled=False)


def test_a_token_is_the_pupils_and_unguessable(db, make):
    token = home_practice.token(SECRET, 42, 0)
    assert token.startswith("42-") and len(token.split("-", 1)[1]) == 32        # 192 bits
    assert home_practice.token(SECRET, 42, 1) != token
    assert home_practice.token("another-secret", 42, 0) != token


def test_a_qr_binds_to_the_first_device_and_refuses_others(db, make):
    pupil_id = make.pupil(make.klass(make.teacher()), "Noor")
    token = home_practice.token(SECRET, pupil_id, 0)
    assert home_practice.key(db, pupil_id) is None           # printing it wrote nothing
    assert home_practice.use(db, SECRET, token, "device-one-key")[0] == home_practice.WELCOME
    assert home_practice.use(db, SECRET, token, "device-one-key")[0] == home_practice.WELCOME
    outcome, row = home_practice.use(db, SECRET, token, "device-two-key")
    assert outcome == home_practice.OTHER_DEVICE and row["id"] == pupil_id
    forged = f"{pupil_id}-" + "A" * 32
    for wrong in (forged, "not-a-token", "", home_practice.token("another-secret", pupil_id, 0)):
        assert home_practice.use(db, SECRET, wrong, "device-one-key") == (home_practice.UNKNOWN, None)


def test_renewal_kills_the_old_qr_and_frees_the_device(db, make):
    pupil_id = make.pupil(make.klass(make.teacher()))
    old = home_practice.token(SECRET, pupil_id, 0)
    home_practice.use(db, SECRET, old, "device-one-key")
    generation = home_practice.renew(db, pupil_id)
    new = home_practice.token(SECRET, pupil_id, generation)
    assert home_practice.use(db, SECRET, old, "device-one-key")[0] == home_practice.UNKNOWN
    assert home_practice.use(db, SECRET, new, "device-two-key")[0] == home_practice.WELCOME
    assert not home_practice.still_valid(db, pupil_id, 0)
    assert home_practice.still_valid(db, pupil_id, generation)


def test_an_archived_pupil_or_class_gets_nobody_in(db, make):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id)
    db.execute("UPDATE classes SET archived_at = '2026-01-01' WHERE id = ?", [class_id])
    assert home_practice.use(db, SECRET, home_practice.token(SECRET, pupil_id, 0), "d")[0] == home_practice.UNKNOWN


def test_the_export_says_whether_the_qr_was_used(db, make):
    pupil_id = make.pupil(make.klass(make.teacher()))
    home_practice.use(db, SECRET, home_practice.token(SECRET, pupil_id, 0), "device-one-key")
    exported = pupil_export.SECTIONS["home_key"](db, pupil_id)
    assert exported[0]["bound_to_a_device"] == 1 and exported[0]["first_used_at"]
