"""Every value that must not be guessed comes from the CSPRNG (Python's `secrets`) and, where
nobody has to type it, carries at least 128 bits.

Class codes (6 of 23 characters, about 27 bits) and picture passwords (504 possibilities) are
typed or tapped by children and so cannot be long: the throttles protect them
(test_login_throttling_across_processes.py; docs/security.md, conscious deviations). The
installation's secret key (256 bits, file mode 0600) is tested in tests/web/core/test_app_factory.py.
"""

import base64
import inspect
import re
from pathlib import Path

import flask_wtf.csrf
from itsdangerous import URLSafeTimedSerializer

from trainer.store import classes, picture_passwords, sessions
from trainer.web.pupils import pictures

TRAINER = Path(__file__).resolve().parents[2] / "trainer"
# Where the app's own values are made: the web app, its use cases, the store, the demo data, the
# configuration.
APP_CODE = ("web", "practice", "store", "demo", "config.py", "keyfile.py")


def _bits(token: str) -> int:
    return 8 * len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))


def test_tokens_nobody_types_have_at_least_128_bits(db, client, make):
    # ASVS 5.0 V11.5.1 / V7.2.3: session tokens, CSRF tokens and the QR login-card tokens.
    teacher = make.teacher()
    session_tokens = {sessions.create(db, teacher_id=teacher) for _ in range(20)}
    csrf_tokens = set()
    for _ in range(20):
        fresh = client.application.test_client()
        signed = re.search(r'name="csrf_token" value="([^"]+)"', fresh.get("/login").get_data(as_text=True)).group(1)
        # The page carries Flask-WTF's signed token of a random value kept in the session:
        # the secret part is that value (hex).
        with fresh.session_transaction() as sess:
            raw = sess["csrf_token"]
        assert URLSafeTimedSerializer(client.application.secret_key, salt="wtf-csrf-token").loads(signed) == raw
        csrf_tokens.add(base64.urlsafe_b64encode(bytes.fromhex(raw)).decode().rstrip("="))
    qr_tokens = {make.class_row(make.klass(teacher, f"C{i}"))["qr_token"] for i in range(20)}
    for tokens in (session_tokens, csrf_tokens, qr_tokens):
        assert len(tokens) == 20  # no repeats
        assert min(_bits(t) for t in tokens) >= 128


def test_codes_and_pictures_use_the_whole_space():
    # ASVS 5.0 V11.5.1: the short secrets children use are at least uniformly random over
    # their (small, throttled) space: every character and picture turns up, nothing else.
    codes = [classes.new_join_code() for _ in range(400)]
    assert all(len(c) == classes.CODE_LENGTH for c in codes)
    assert set("".join(codes)) == set(classes.CODE_ALPHABET)
    passwords = [picture_passwords.random_password().split(",") for _ in range(400)]
    assert all(len(set(p)) == picture_passwords.LENGTH for p in passwords)
    assert {k for p in passwords for k in p} == set(pictures.BY_KEY)


def test_no_secret_comes_from_the_predictable_generator():
    # ASVS 5.0 V11.5.1: `random` is not a CSPRNG. The app's code uses it only where nothing
    # is secret: to replay seeded puzzle generation (store/puzzles.py), which is meant to
    # repeat, to pick among equally fitting puzzles (practice/flow.py, and for the puzzles
    # handed out ahead, web/drills/ahead.py), to seat a class tournament's tables at random
    # (web/classplay/tournament.py, seeded from `secrets`: nobody can steer the seating),
    # and to invent the demo
    # class's history (demo/history.py, seeded so every installation shows the same demo).
    files = [
        p for part in APP_CODE for p in ([TRAINER / part] if part.endswith(".py") else (TRAINER / part).rglob("*.py"))
    ]
    users = sorted(
        str(p.relative_to(TRAINER))
        for p in files
        if re.search(r"^\s*(import random|from random import)", p.read_text(), re.M)
    )
    assert users == [
        "demo/history.py",
        "practice/flow.py",
        "store/puzzles.py",
        "web/classplay/tournament.py",
        "web/drills/ahead.py",
    ]
    # The CSRF value is Flask-WTF's: 64 bytes of os.urandom, hashed (trainer/web/core/csrf.py).
    assert "os.urandom(64)" in inspect.getsource(flask_wtf.csrf.generate_csrf)
    for path in (
        "store/sessions.py",
        "store/classes.py",
        "store/picture_passwords.py",
        "keyfile.py",
    ):  # keyfile: the installation's and the schools' master keys
        assert "secrets." in (TRAINER / path).read_text(), path
