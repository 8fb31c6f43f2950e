"""Demo data for a first start: a demo teacher, and a class of six pupils with a few weeks of
practice and games behind them (trainer.demo.history).

The demo password is random per installation (never a well-known one). It is printed on the
console once, at the start that creates it, and kept in a file beside the database (readable
by its owner only): later starts name the file instead, so the password does not land in the
service's log every day.
"""

from __future__ import annotations

import os
import secrets
from datetime import date

from trainer.demo import history
from trainer.store import classes, passwords, pupil_rewards, pupils, teachers

DEMO_EMAIL = "demo@example.org"
DEMO_PUPILS = ("Ada", "Bram", "Chloé", "Daan", "Emma", "Finn")
# Each demo child has picked a character (issue 39.2), so the demo's class play shows who is who.
DEMO_AVATARS = ("owl", "fox", "cat", "dragon", "panda", "rocket")


def login_file_for(database: str) -> str:
    return database + ".demo-login"


def ensure_demo_data(db, login_file: str) -> dict | None:
    """Create the demo teacher and class on an empty database. Returns {"email", "password"}
    when it created them, {"email", "file"} when they exist and the login file is still there,
    else None."""
    if teachers.count(db) == 0:
        password = "-".join(secrets.token_hex(2) for _ in range(4))
        teacher_id = teachers.create(db, DEMO_EMAIL, "Demo Teacher", passwords.hash_password(password))
        class_id = classes.create(db, teacher_id, "Demo class 3B")
        pupil_ids = pupils.create_many(db, class_id, list(DEMO_PUPILS))
        for pupil_id, key in zip(pupil_ids, DEMO_AVATARS, strict=True):
            pupil_rewards.set_avatar(db, pupil_id, key)
        # Made by `trainer serve` before the app runs, so the server's local date is the day.
        history.add_history(db, class_id, pupil_ids, date.today())
        fd = os.open(login_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{DEMO_EMAIL}\n{password}\n")
        return {"email": DEMO_EMAIL, "password": password}
    if teachers.by_email(db, DEMO_EMAIL) and os.path.exists(login_file):
        return {"email": DEMO_EMAIL, "file": login_file}
    return None
