"""Configuration: defaults here, then the instance folder's config.py, then TRAINER_* variables.

The secret key lives in the instance folder and is generated on first start, so no secret is
ever part of the source tree and every installation has its own.
"""

from __future__ import annotations

import os
from datetime import timedelta

from trainer import keyfile

DEFAULTS = dict(
    DATABASE=None,  # filled in from the instance folder when not configured
    SESSION_COOKIE_NAME="tweak_session",
    SESSION_COOKIE_HTTPONLY=True,
    SESSION_COOKIE_SAMESITE="Lax",
    # Flask only signs this cookie; what it means is decided server-side (see sessions).
    PERMANENT_SESSION_LIFETIME=timedelta(hours=12),
    # Only an answer that changed the session sends the cookie. Flask's default re-sends a
    # remembered device's cookie with every answer, and an answer to an older request (the
    # service worker's check, a poll) then put back the session as it was: a school sign-in
    # started meanwhile lost its state and was refused (tests/web/core/test_session_cookie.py).
    # Every login changes the session, so a device in use stays remembered.
    SESSION_REFRESH_EACH_REQUEST=False,
    IDLE_TIMEOUT_SECONDS=60 * 60,
    MAX_CONTENT_LENGTH=512 * 1024,  # a class list is a few hundred bytes
    BABEL_DEFAULT_LOCALE="en",
    TRUST_PROXY=False,  # set when served behind a TLS reverse proxy (issue 8, docs/deploy.md)
    PUBLIC_URL=None,
    # Whether anyone may create a teacher account at /register, until the school's
    # administrator decides (school setting "open_registration", /school). On for the
    # one-school embedded default; `trainer school add` turns it off for a new school.
    OPEN_REGISTRATION=True,  # e.g. https://tweak.school.example: used in the QR codes on login cards
    # Guessing limits (docs/security.md, "Guessing", has the model and its numbers).
    TEACHER_LOGIN_FREE_FAILURES=5,  # per account, and per account on a device it logged in from
    PUPIL_LOGIN_FREE_FAILURES=5,  # per pupil on one device
    THROTTLE_BASE_SECONDS=60,  # then 1, 2, 4, 8 ... minutes
    THROTTLE_MAX_SECONDS=15 * 60,
    # Wrong picture passwords from devices the pupil never logged in from, in sliding windows:
    PICTURE_WINDOW_SECONDS=24 * 3600,
    PICTURE_PUPIL_FAILURES=10,  # per pupil
    PICTURE_CLASS_FAILURES=30,  # per class
    PICTURE_ADDRESS_WINDOW_SECONDS=3600,
    PICTURE_ADDRESS_FAILURES=100,  # per network address, all classes
    # Wrong class codes (and stale QR cards), in a sliding window a right code does not reset:
    JOIN_CODE_WINDOW_SECONDS=15 * 60,
    JOIN_CODE_DEVICE_FAILURES=10,  # per device
    JOIN_CODE_ADDRESS_FAILURES=60,  # per network address (a school shares one behind NAT)
    JOIN_CODE_TOTAL_FAILURES=300,  # the whole installation
    # The parent page (issue 37.3, 47.3): made-up links per network address (a valid link is
    # never held back by them), and views of one link from one address, each in a sliding window
    # (trainer.web.parents.parent_page). The views' window is short and generous: a family
    # refreshing all evening never meets it, and whoever meets it waits minutes, never an hour.
    PARENT_PAGE_WINDOW_SECONDS=3600,
    PARENT_PAGE_ADDRESS_MISSES=20,
    PARENT_PAGE_VIEWS_WINDOW_SECONDS=600,
    PARENT_PAGE_VIEWS=120,
    DEVICE_REMEMBER_DAYS=180,  # a device's key lives this long after its last visit
    RETENTION_DAYS=365,  # how long pupil data is kept when a class does not say (trainer purge)
    # Requests commit with synchronous=NORMAL and share fsyncs of the log before answering
    # (trainer.store.group_commit): FULL's durability for every acknowledged write, without
    # one fsync per commit under the write lock. False: plain synchronous=FULL.
    GROUP_COMMIT=True,
    KEEP_CONNECTIONS=False,  # `trainer serve` turns it on: each server thread reuses its connection (trainer.web.db)
    DAILY_HOUSEKEEPING=False,  # `trainer serve` turns it on: purge once a day (trainer.web.core.housekeeping)
    GAME_STEP_MS=1500,  # how long each bot move stays on the board (issue 6)
    # How often a class table asks for its version without the live channel (issue 16; the
    # lobby, the projector and the tournament ask half as often: docs/class-play.md).
    LIVE_POLL_MS=1000,
    MAX_OPEN_GAMES=3,  # games a pupil may have going at once (the home page lists three)
    PUZZLE_BANK_GENERATED=600,  # puzzles generated into an empty bank, besides the curated sets
    AHEAD_PUZZLES=2,  # puzzles handed to the page ahead, for a Wi-Fi drop (trainer.web.drills.ahead); 0: none
    STATIC_BUILD_DIR=None,  # hashed, compressed copies of static/ (trainer.web.core.static_files); None: build/static
    # The live channel (issue 36.1, trainer.push; `trainer serve` sets it): None, the pages
    # poll; "proxy", the stream is <prefix>/push/ of the page's own origin (nginx, docs/deploy.md);
    # a port number, the same host on that port.
    PUSH=None,
    TIMEZONE=None,  # the school's time zone for drill days, e.g. "Europe/Amsterdam"; None: the server's
)


def load(app, test_config: dict | None, school: dict | None = None) -> None:
    """`school`: what a school of `trainer serve --schools` sets over everything else (its
    DATABASE, SECRET_KEY and cookie path; trainer.web.schools)."""
    app.config.from_mapping(DEFAULTS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("TRAINER")
    else:
        app.config.from_mapping(test_config)
    if school:
        app.config.from_mapping(school)
    if not app.config.get("DATABASE"):
        app.config["DATABASE"] = default_database(app.instance_path)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)


def default_database(instance_path: str) -> str:
    return os.path.join(instance_path, "trainer.db")


def file_config():
    """The configuration `trainer serve` would use, for commands that work on the database
    file alone (backup, restore, purge): the same sources as load(), without building the app
    (no secret key, no migrations)."""
    from flask import Flask

    app = Flask(
        "trainer.web", instance_path=os.environ.get("TRAINER_INSTANCE_PATH") or None, instance_relative_config=True
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("TRAINER")
    if not app.config.get("DATABASE"):
        app.config["DATABASE"] = default_database(app.instance_path)
    return app.config


def instance_secret_key(instance_path: str) -> str:
    """Read the installation's secret key, creating it on first start."""
    os.makedirs(instance_path, exist_ok=True)
    path = os.path.join(instance_path, "secret_key")
    try:
        return keyfile.read_or_create(path)
    except keyfile.EmptyKeyFile:
        raise RuntimeError(f"{path} is empty: delete it to generate a new secret key") from None
