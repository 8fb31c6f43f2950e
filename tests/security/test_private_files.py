"""The database, its -wal, -shm and -writers files and every backup are readable by their owner only:
they hold children's names, picture passwords, teachers' e-mail addresses and hashes.

ASVS 5.0 V13.3.1 / V14.2.x: sensitive data at rest is protected from other local users (the
secret key already is, tests/web/core/test_app_factory.py)."""

import os
import stat

import pytest

from trainer.ops.backup import backup, restore
from trainer.store.db import COMPANIONS, connect
from web_helpers import Make, make_app


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def everyday_umask():
    # The default of most systems: new files 0644, readable by every local user.
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_database_and_its_companions_are_owner_only(tmp_path):
    # ASVS 5.0 V13.3.1: the app creates the file and the writers' queue file; SQLite gives -wal
    # and -shm its mode.
    app = make_app(tmp_path / "new.db")
    db = connect(app.config["DATABASE"])
    make = Make(db)
    make.pupil(make.klass(make.teacher()), "Ada")
    for suffix in ("", *COMPANIONS):
        path = app.config["DATABASE"] + suffix
        assert os.path.exists(path), suffix
        assert _mode(path) == 0o600, (suffix, oct(_mode(path)))
    db.close()


def test_an_existing_readable_database_is_made_owner_only_at_start(tmp_path):
    path = tmp_path / "old.db"
    connect(str(path)).close()
    os.chmod(path, 0o644)
    make_app(path)
    assert _mode(path) == 0o600


def test_every_backup_is_owner_only(app, make, tmp_path):
    # ASVS 5.0 V14.2.x: a backup holds the same data as the database.
    make.pupil(make.klass(make.teacher()), "Ada")
    done = backup(app.config["DATABASE"], str(tmp_path / "copy.db"))
    assert _mode(done.path) == 0o600
    dated = backup(app.config["DATABASE"], str(tmp_path))
    assert _mode(dated.path) == 0o600
    _checked, saved = restore(done.path, app.config["DATABASE"])
    assert saved is not None and _mode(saved) == 0o600
