"""trainer.keyfile: the secret-in-a-file code shared by the instance's SECRET_KEY
(trainer.config) and the schools' master key (trainer.ops.schools)."""

import os
import stat

import pytest

from trainer import keyfile
from trainer.config import instance_secret_key
from trainer.ops import schools


def test_the_key_is_made_once_readable_by_this_user_only(tmp_path):
    path = str(tmp_path / "key")
    key = keyfile.read_or_create(path)
    assert len(key) == 64 and int(key, 16) >= 0
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert keyfile.read_or_create(path) == key


def test_both_users_of_it_read_the_same_file_format(tmp_path):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text("abc123\n")
    (tmp_path / schools.MASTER_KEY_FILE).write_text("def456\n")
    assert instance_secret_key(str(tmp_path / "instance")) == "abc123"
    assert schools.master_key(str(tmp_path)) == b"def456"


def test_an_empty_file_is_a_clear_error_for_each_user(tmp_path, monkeypatch):
    monkeypatch.delenv("TRAINER_MASTER_KEY", raising=False)
    (tmp_path / "secret_key").write_text("")
    (tmp_path / schools.MASTER_KEY_FILE).write_text("")
    with pytest.raises(keyfile.EmptyKeyFile):
        keyfile.read_or_create(str(tmp_path / "secret_key"))
    with pytest.raises(RuntimeError, match="delete it"):
        instance_secret_key(str(tmp_path))
    with pytest.raises(schools.SchoolError, match="delete it"):
        schools.master_key(str(tmp_path))
