"""Shared fixtures, after the Flask tutorial: `app` on a temporary database, `client`,
`auth` for teachers, `pupil_auth` for pupils, `make` for rows created directly; `teacher` and
`class_id`, a logged-in teacher with a class; `victim`, another teacher's class, pupil and game.
The classes behind them are in tests/web_helpers.py. Each area's conftest.py adds its own.

Browser fixtures (a live server and Debian's Chromium) are in tests/browser/conftest.py.
"""

from __future__ import annotations

import logging
import time

import pytest
import time_machine
from argon2 import PasswordHasher, Type
from hypothesis import HealthCheck, settings

import clock as test_clock
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import class_tables, games, invitations, oidc_links, oidc_teacher_names, passwords
from trainer.store.db import connect
from trainer.web.teachers.invitations import utc_now
from web_helpers import AuthActions, Make, PupilActions, make_app

# Hypothesis's wall-clock checks fail a correct property on a loaded machine (issue 38.10:
# test_at_random_seats_everyone_once failed "input generation is slow" with the suite beside other
# work, and any test with the default 200 ms deadline can fail the same way): the suite's
# properties are about behaviour; speed is measured in bench/.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# The real argon2id parameters cost tens of milliseconds a hash on purpose, and the suite makes
# and logs in thousands of teachers. Tests of the hashing itself use `real_password_hashing`.
PRODUCTION_HASHER = passwords.HASHER
passwords.HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)


def pytest_addoption(parser):
    parser.addoption(
        "--as-if",
        metavar="DAY",
        default=None,
        help="run as if the machine's clock said DAY: a name in tests/clock.py's DAYS "
        "(sunday, new-years-eve, summer-time-0030, ...) or an ISO moment (issue 44.2)",
    )


def pytest_configure(config):
    """`--as-if DAY` moves the whole test process's clock to DAY before any fixture is made and
    lets it run on from there, as `faketime` would: a test that rests on the real date fails
    under the day that breaks it. A test's own `clock` goes on top and wins. (Starting each test
    at DAY again would turn the clock back between the tests of one module, which no machine
    does: its tokens would be signed in the future.)"""
    day = config.getoption("--as-if")
    if day:
        traveller = time_machine.travel(test_clock.moment(day), tick=True)
        traveller.start()
        config.add_cleanup(traveller.stop)


@pytest.fixture
def clock():
    """The test's own clock, stopped on a Wednesday in term at 10:00 in the school's zone;
    `clock.set(test_clock.at(...))` and `clock.advance(seconds)` move it (tests/clock.py)."""
    with test_clock.Clock() as stopped:
        yield stopped


# The tests whose expectations are about days and hours: school days and weekends, streaks,
# the dashboard's day and week windows, home practice's hours, the parent page's weeks,
# retention and purge, turn clocks and tournaments, presence, offline tickets and late
# answers, session expiry. `make test` runs them a second time as if it were a Sunday
# (`-m dates --as-if sunday`); `make test-days` under every day of tests/clock.py's DAYS.
# Browser tests are not among them (Chromium keeps the machine's clock, and so would its
# cookies' expiry), nor tests of `trainer` commands run as processes (theirs too).
DATE_SENSITIVE = (
    "tests/demo/",
    "tests/web/dashboard/",
    "tests/web/drills/",
    "tests/web/pupils/",
    "tests/web/parents/",
    "tests/pupils/",
    "tests/puzzles/test_streaks.py",
    "tests/ops/test_retention.py",
    "tests/web/classplay/",
    "tests/store/test_class_play_clock.py",
    "tests/store/test_tournaments.py",
    "tests/store/test_fair_tournament.py",
    "tests/store/test_home_practice_store.py",
    "tests/push/test_hub.py",
    "tests/push/test_no_nudge_between_rounds.py",
    "tests/security/test_offline_tickets.py",
    "tests/security/test_late_answers.py",
    "tests/web/teachers/test_login.py",
)
# Slow, and about something else than the day (whole rounds played, every route walked, the
# presence loop's seconds): kept out of the second pass to keep `make test` under 8 minutes.
NOT_ABOUT_DAYS = (
    "tests/web/classplay/test_whole_round.py",
    "tests/web/parents/test_parent_link_opens_nothing_else.py",
)


def pytest_ignore_collect(collection_path, config):
    """`-m dates` selects only tests under DATE_SENSITIVE, so the other files are not even
    imported: the Sunday pass of `make test` collects 524 tests, not the whole suite again."""
    if config.option.markexpr != "dates" or collection_path.suffix != ".py":
        return None
    path = collection_path.relative_to(config.rootpath).as_posix()
    return True if path.startswith("tests/") and not path.startswith(DATE_SENSITIVE) else None


def pytest_collection_modifyitems(config, items):
    """Long files first. `make test` hands whole files to its workers in this order
    (`--dist loadfile --no-loadscope-reorder`); pytest-xdist's own order puts the files with
    the most tests first, which left the browser tests (few tests, most of the time) for the
    end, one worker busy with them while the other had nothing left."""

    def weight(item):
        path = item.path.as_posix()
        return 0 if "/tests/browser/" in path else 1 if "/tests/security/" in path else 2

    items.sort(key=weight)
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix()
        if path.startswith(DATE_SENSITIVE) and not path.startswith(NOT_ABOUT_DAYS):
            item.add_marker(pytest.mark.dates)


@pytest.fixture
def real_password_hashing(monkeypatch):
    monkeypatch.setattr(passwords, "HASHER", PRODUCTION_HASHER)


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "test.db")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture
def make(db):
    return Make(db)


@pytest.fixture
def auth(client, make):
    return AuthActions(client, make)


@pytest.fixture
def pupil_auth(client, make):
    return PupilActions(client, make)


@pytest.fixture
def teacher(auth):
    """A logged-in teacher's id."""
    return auth.login_new_teacher()


@pytest.fixture
def class_id(teacher, make):
    """A class of the logged-in teacher."""
    return make.klass(teacher)


@pytest.fixture
def victim(make):
    """Another teacher's class, pupil, game, puzzle set and worksheet: the ids nobody else may
    reach (route_table.py)."""
    teacher_b = make.teacher(email="b@school.example")
    class_id = make.klass(teacher_b, "B's class")
    pupil_id = make.pupil(class_id, "Victim", password="sun,tree,boat")
    game_id = games.create(make.db, pupil_id, new_game(GameSettings(("random",)), seed=1), time.time())
    invitations.create(make.db, role="teacher", created_by=teacher_b, now=utc_now())
    # The victim pupil signs in with the school's login (issue 25): nobody else may unlink it.
    provider_id = make.provider()
    oidc_links.link(
        make.db,
        provider_id=provider_id,
        issuer="http://127.0.0.1:9/victim",
        subject="victim-sub",
        pupil_id=pupil_id,
        now=utc_now(),
    )
    # ...and its teacher's claim value there (issue 34): nobody else may remove it.
    oidc_teacher_names.add(make.db, provider_id=provider_id, teacher_id=teacher_b, value="b-uniid", now=utc_now())
    table_id = class_tables.open_table(make.db, class_id, pupil_id, 3, "round", "beginner", time.time())
    return {
        "class_id": class_id,
        "pupil_id": pupil_id,
        "game_id": game_id,
        "table_id": table_id,
        "teacher_id": teacher_b,
        "invitation_id": invitations.list_open(make.db, utc_now())[-1]["id"],
        "provider_id": provider_id,
        **make.set_and_sheet(teacher_b),
    }


@pytest.fixture(scope="session")
def oidc_provider():
    """npm's oidc-provider on a free port for the whole run (tests/oidc_provider.py)."""
    import oidc_provider as running

    provider = running.start()
    yield provider
    provider.stop()


@pytest.fixture
def events():
    """The security log's lines, as written (trainer.web.core.security_log)."""
    # Straight on the logger: the record must not depend on how the root logger is set up.
    lines = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    logger = logging.getLogger("trainer.security")
    logger.addHandler(handler)
    yield lines
    logger.removeHandler(handler)
