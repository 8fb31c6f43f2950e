"""Every value that must not be guessed comes from the CSPRNG (Python's `secrets`) and, where
nobody has to type it, carries at least 128 bits.

Class codes (6 of 23 characters, about 27 bits) and picture passwords (504 possibilities) are
typed or tapped by children and so cannot be long: the throttles protect them
(test_login_throttling_across_processes.py; docs/security.md, conscious deviations). The
installation's secret key (256 bits, file mode 0600) is tested in tests/test_app_factory.py.
"""
import base64
import re
from pathlib import Path

from trainer.web import pictures
from trainer.web.models import classes, sessions

WEB = Path(__file__).resolve().parents[2] / "trainer" / "web"


def _bits(token: str) -> int:
    return 8 * len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))


def test_tokens_nobody_types_have_at_least_128_bits(db, client, make):
    # ASVS 5.0 V11.5.1 / V7.2.3: session tokens, CSRF tokens and the QR login-card tokens.
    teacher = make.teacher()
    session_tokens = {sessions.create(db, teacher_id=teacher) for _ in range(20)}
    csrf_tokens = set()
    for _ in range(20):
        fresh = client.application.test_client()
        csrf_tokens.add(re.search(r'name="csrf_token" value="([^"]+)"',
                                  fresh.get("/login").get_data(as_text=True)).group(1))
    qr_tokens = {make.class_row(make.klass(teacher, f"C{i}"))["qr_token"] for i in range(20)}
    for tokens in (session_tokens, csrf_tokens, qr_tokens):
        assert len(tokens) == 20                      # no repeats
        assert min(_bits(t) for t in tokens) >= 128


def test_codes_and_pictures_use_the_whole_space():
    # ASVS 5.0 V11.5.1: the short secrets children use are at least uniformly random over
    # their (small, throttled) space: every character and picture turns up, nothing else.
    codes = [classes.new_join_code() for _ in range(400)]
    assert all(len(c) == classes.CODE_LENGTH for c in codes)
    assert set("".join(codes)) == set(classes.CODE_ALPHABET)
    passwords = [pictures.random_password().split(",") for _ in range(400)]
    assert all(len(set(p)) == pictures.LENGTH for p in passwords)
    assert {k for p in passwords for k in p} == set(pictures.BY_KEY)


def test_no_secret_comes_from_the_predictable_generator():
    # ASVS 5.0 V11.5.1: `random` is not a CSPRNG. It is used in trainer/web only where nothing
    # is secret: to replay seeded puzzle generation (models/puzzles.py), which is meant to
    # repeat, to pick among equally fitting puzzles (practice_flow.py), and to invent the demo
    # class's history (demo_history.py, seeded so every installation shows the same demo).
    users = sorted(str(p.relative_to(WEB)) for p in WEB.rglob("*.py")
                   if re.search(r"^\s*(import random|from random import)", p.read_text(), re.M))
    assert users == ["demo_history.py", "models/puzzles.py", "practice_flow.py"]
    for path in ("csrf.py", "models/sessions.py", "models/classes.py", "pictures.py", "config.py"):
        assert "secrets." in (WEB / path).read_text(), path
