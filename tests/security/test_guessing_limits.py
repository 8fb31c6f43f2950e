"""Guessing class codes, picture passwords and teachers' passwords is slow, and nobody can lock
someone else out (issue 21.1, 21.2, 21.8; the model and its numbers: docs/security.md,
"Guessing").

ASVS 5.0 V6.3.1: controls against brute force as documented; V2.4.1: anti-automation against
excessive calls; V2.1.3: limits documented per user and for the whole installation.
Every client here is a fresh browser unless said otherwise: a script drops its cookies (and
with them its device key) whenever that helps it.
"""

import html
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

import pytest

from web_helpers import TEACHER_PASSWORD, PupilActions

WRONG = ("moon", "star", "fish")
RIGHT = ("sun", "tree", "boat")


def _browser(app, address="127.0.0.1"):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _code(make, class_id):
    return make.class_row(class_id)["join_code"]


def _guess_pictures(app, make, class_id, pupil_id, pictures=WRONG, client=None, address="127.0.0.1"):
    client = client or _browser(app, address)
    pupil = PupilActions(client, make)
    assert pupil.enter_code(_code(make, class_id)).status_code == 303
    return pupil.tap(pupil_id, pictures)


def _text(response):
    return html.unescape(response.get_data(as_text=True))


# ---------------------------------------------------------------- class codes (21.1)


def test_a_right_code_between_wrong_ones_no_longer_resets_the_count(app, make):
    # The bypass: own a class (anyone may register), alternate wrong codes with its right code
    # and "This is not my class": 4,205 wrong codes in 20 s from one connection, never locked.
    app.config["JOIN_CODE_ADDRESS_FAILURES"] = 12
    code = _code(make, make.klass(make.teacher()))
    wrong, refused = 0, 0
    for n in range(40):
        client = _browser(app)  # no cookie kept: a new device every time
        if n % 4 == 3:
            response = client.post("/join", data={"code": code})
            if response.status_code == 303:
                client.post("/join/leave")
        else:
            response = client.post("/join", data={"code": f"AAAA{n:02d}"})
            wrong += response.status_code == 400
        refused += response.status_code == 429
    assert wrong == 12 and refused > 0
    # Full is full: the right code is refused too (else the ceiling would tell codes apart).
    assert _browser(app).post("/join", data={"code": code}).status_code == 429
    # Another address is not held back by this one.
    assert _browser(app, "10.0.0.9").post("/join", data={"code": code}).status_code == 303


def test_wrong_codes_from_many_addresses_meet_the_installations_ceiling(app, make):
    app.config["JOIN_CODE_TOTAL_FAILURES"] = 20
    class_id = make.klass(make.teacher())
    statuses = [_browser(app, f"10.1.{n}.1").post("/join", data={"code": "AAAAAA"}).status_code for n in range(25)]
    assert statuses == [400] * 20 + [429] * 5
    # Printed cards still work while typed codes wait: a QR token has 192 bits.
    token = make.class_row(class_id)["qr_token"]
    assert _browser(app, "10.2.0.1").post("/join/qr", data={"token": token}).status_code == 303


def test_a_tablet_typing_wrong_codes_stops_before_the_schools_address_does(app, make):
    # "Thirty wrong class codes from one tablet lock /join for every device behind the school's
    # shared address": now that tablet waits after 10, the others go on.
    code = _code(make, make.klass(make.teacher()))
    tablet = _browser(app)
    statuses = [tablet.post("/join", data={"code": f"AAAA{n:02d}"}).status_code for n in range(30)]
    assert statuses == [400] * 10 + [429] * 20
    assert _browser(app).post("/join", data={"code": code}).status_code == 303


def test_the_default_class_code_ceilings(app):
    cfg = app.config
    assert (
        cfg["JOIN_CODE_WINDOW_SECONDS"],
        cfg["JOIN_CODE_DEVICE_FAILURES"],
        cfg["JOIN_CODE_ADDRESS_FAILURES"],
        cfg["JOIN_CODE_TOTAL_FAILURES"],
    ) == (900, 10, 60, 300)


def test_the_class_code_window_slides(app, make, db):
    app.config["JOIN_CODE_ADDRESS_FAILURES"] = 3
    code = _code(make, make.klass(make.teacher()))
    for n in range(3):
        _browser(app).post("/join", data={"code": f"AAAA{n:02d}"})
    assert _browser(app).post("/join", data={"code": code}).status_code == 429
    db.execute("UPDATE login_failures SET at = at - 901")
    assert _browser(app).post("/join", data={"code": code}).status_code == 303


# ---------------------------------------------------------------- picture passwords (21.2)


@pytest.fixture
def noor(make):
    teacher = make.teacher(email="t@school.example")
    class_id = make.klass(teacher, "Owls")
    return teacher, class_id, make.pupil(class_id, "Noor", password=",".join(RIGHT))


def test_a_classmate_cannot_lock_a_child_out_of_their_own_tablet(app, client, auth, make, noor):
    _teacher, class_id, pupil_id = noor
    own_tablet = _browser(app)
    assert _guess_pictures(app, make, class_id, pupil_id, RIGHT, client=own_tablet).status_code == 303
    own_tablet.post("/logout")
    # Before: five wrong sequences locked Noor everywhere, one every 15 minutes kept her locked.
    # A classmate on three tablets taps wrong for her 25 times.
    for tablet in (_browser(app), _browser(app), _browser(app)):
        for _ in range(8):
            _guess_pictures(app, make, class_id, pupil_id, client=tablet)
    assert _guess_pictures(app, make, class_id, pupil_id, RIGHT, client=own_tablet).status_code == 303
    # A tablet Noor never used waits, and says kindly whom to ask.
    new_tablet = _browser(app)
    refused = _guess_pictures(app, make, class_id, pupil_id, RIGHT, client=new_tablet)
    assert refused.status_code == 429
    assert "Please ask your teacher to help you log in." in _text(refused)
    # The teacher sees it on Noor's page and unlocks her: the same pictures work again.
    auth.login("t@school.example")
    page = _text(client.get(f"/pupils/{pupil_id}"))
    assert "Noor cannot log in right now" in page and f'action="/pupils/{pupil_id}/unlock"' in page
    assert client.post(f"/pupils/{pupil_id}/unlock").status_code == 303
    assert "Noor cannot log in right now" not in _text(client.get(f"/pupils/{pupil_id}"))
    assert _guess_pictures(app, make, class_id, pupil_id, RIGHT, client=new_tablet).status_code == 303


def test_a_script_with_fresh_cookies_gets_ten_guesses_per_pupil_a_day(app, make, db, noor):
    # Before: about 100 guesses per pupil per day (the lock's 15 minutes), against 504 passwords.
    _teacher, class_id, pupil_id = noor
    statuses = [_guess_pictures(app, make, class_id, pupil_id).status_code for _ in range(14)]
    assert statuses == [400] * 10 + [429] * 4
    # The right pictures are refused before they are compared: the script learns nothing.
    assert _guess_pictures(app, make, class_id, pupil_id, RIGHT).status_code == 429
    db.execute("UPDATE login_failures SET at = at - 86401")
    assert _guess_pictures(app, make, class_id, pupil_id, RIGHT).status_code == 303


def test_guessing_every_pupil_of_a_class_at_once_meets_the_class_ceiling(app, make, noor):
    # Before: one client could try every pupil in parallel, each with its own allowance.
    _teacher, class_id, _pupil = noor
    class_mates = [make.pupil(class_id, f"Kid{n}", password=",".join(RIGHT)) for n in range(5)]
    statuses = [_guess_pictures(app, make, class_id, class_mates[n % 5]).status_code for n in range(34)]
    assert statuses.count(400) == 30 and statuses[30:] == [429] * 4
    late = make.pupil(class_id, "Latecomer", password=",".join(RIGHT))
    assert _guess_pictures(app, make, class_id, late).status_code == 429


def test_one_address_guessing_across_classes_meets_its_ceiling(app, make):
    app.config["PICTURE_ADDRESS_FAILURES"] = 8
    teacher = make.teacher()
    targets = []
    for n in range(4):
        class_id = make.klass(teacher, f"Class {n}")
        targets.append((class_id, make.pupil(class_id, "Kid", password=",".join(RIGHT))))
    statuses = [_guess_pictures(app, make, *targets[n % 4], address="192.0.2.1").status_code for n in range(10)]
    assert statuses == [400] * 8 + [429] * 2
    assert _guess_pictures(app, make, *targets[0], address="192.0.2.2").status_code == 400


def test_the_class_page_lists_who_is_locked_out_and_unlocks_everyone(app, client, auth, make, noor):
    _teacher, class_id, pupil_id = noor
    sem = make.pupil(class_id, "Sem", password=",".join(RIGHT))
    tablet = _browser(app)
    for _ in range(5):
        _guess_pictures(app, make, class_id, sem, client=tablet)
    assert _guess_pictures(app, make, class_id, sem, RIGHT, client=tablet).status_code == 429
    auth.login("t@school.example")
    page = _text(client.get(f"/classes/{class_id}"))
    assert "Locked out" in page and f'href="/pupils/{sem}">Sem</a>' in page
    assert f'action="/classes/{class_id}/unlock"' in page
    assert client.post(f"/classes/{class_id}/unlock").status_code == 303
    assert "Locked out" not in _text(client.get(f"/classes/{class_id}"))
    assert _guess_pictures(app, make, class_id, sem, RIGHT, client=tablet).status_code == 303


def test_nothing_is_locked_when_nothing_was_guessed(client, auth, make, noor):
    _teacher, class_id, pupil_id = noor
    auth.login("t@school.example")
    assert "Locked out" not in _text(client.get(f"/classes/{class_id}"))
    assert f"/pupils/{pupil_id}/unlock" not in client.get(f"/pupils/{pupil_id}").get_data(as_text=True)


# ---------------------------------------------------------------- teachers (21.8)


def test_someone_who_knows_a_teachers_email_cannot_lock_them_out(app, make):
    make.teacher(email="known@school.example")
    laptop = _browser(app)
    form = {"email": "known@school.example", "password": TEACHER_PASSWORD}
    assert laptop.post("/login", data=form).status_code == 303
    laptop.post("/logout")
    statuses = [_browser(app).post("/login", data={**form, "password": f"guess {n}"}).status_code for n in range(8)]
    assert statuses[:4] == [400] * 4 and statuses[-1] == 429  # guessing is still throttled
    assert _browser(app).post("/login", data=form).status_code == 429  # on any other device
    assert laptop.post("/login", data=form).status_code == 303  # not on the teacher's laptop
    laptop.post("/logout")
    # Guesses on the laptop itself have a lock of their own.
    statuses = [laptop.post("/login", data={**form, "password": f"guess {n}"}).status_code for n in range(5)]
    assert statuses == [400] * 4 + [429]


def test_a_known_device_is_remembered_across_logouts_and_school_nights(app, make):
    make.teacher(email="known@school.example")
    laptop = _browser(app)
    response = laptop.post("/login", data={"email": "known@school.example", "password": TEACHER_PASSWORD})
    # The cookie that carries the device key lives DEVICE_REMEMBER_DAYS, not the login's 12 hours.
    cookie = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("tweak_session="))
    expires = parsedate_to_datetime(cookie.split("Expires=")[1].split(";")[0])
    assert expires - datetime.now(timezone.utc) > timedelta(days=app.config["DEVICE_REMEMBER_DAYS"] - 1)
    laptop.post("/logout")
    with laptop.session_transaction() as sess:
        assert "device" in sess and "auth" not in sess
