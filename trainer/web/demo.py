"""Demo data for a first start: a demo teacher, and a class of six pupils.

The demo password is random per installation (never a well-known one), printed on the
console and kept in the instance folder so later starts can print it again.
"""
from __future__ import annotations

import os
import secrets

from trainer.web import passwords
from trainer.web.models import classes, pupils, teachers

DEMO_EMAIL = "demo@example.org"
DEMO_PUPILS = ("Ada", "Bram", "Chloé", "Daan", "Emma", "Finn")


def ensure_demo_data(db, instance_path: str) -> dict | None:
    """Create the demo teacher and class on an empty database; return the login to show."""
    login_file = os.path.join(instance_path, "demo-login.txt")
    if teachers.count(db) == 0:
        password = "-".join(secrets.token_hex(2) for _ in range(4))
        teacher_id = teachers.create(db, DEMO_EMAIL, "Demo Teacher",
                                     passwords.hash_password(password))
        class_id = classes.create(db, teacher_id, "Demo class 3B")
        pupils.create_many(db, class_id, list(DEMO_PUPILS))
        os.makedirs(instance_path, exist_ok=True)
        fd = os.open(login_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{DEMO_EMAIL}\n{password}\n")
    if teachers.by_email(db, DEMO_EMAIL) and os.path.exists(login_file):
        with open(login_file, encoding="utf-8") as fh:
            email, password = fh.read().split()[:2]
        demo_class = classes.list_for_teacher(db, teachers.by_email(db, DEMO_EMAIL)["id"])
        return {"email": email, "password": password,
                "class_code": demo_class[0]["join_code"] if demo_class else None}
    return None
