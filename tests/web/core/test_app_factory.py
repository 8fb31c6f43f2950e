"""create_app: configuration sources and the generated secret key."""

import os
import stat

from trainer import create_app
from trainer.config import instance_secret_key


def test_test_config_overrides_defaults(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "k"})
    assert app.testing
    assert app.config["DATABASE"] == str(tmp_path / "x.db")


def test_production_app_is_not_in_debug_mode(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path))
    app = create_app()
    assert not app.debug
    assert not app.testing


def test_secret_key_is_generated_once_and_kept_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path))
    first = create_app().config["SECRET_KEY"]
    second = create_app().config["SECRET_KEY"]
    assert first == second
    assert len(first) >= 64
    path = tmp_path / "secret_key"
    assert path.read_text().strip() == first
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_each_installation_gets_its_own_secret_key(tmp_path):
    assert instance_secret_key(str(tmp_path / "a")) != instance_secret_key(str(tmp_path / "b"))


def test_database_defaults_to_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path))
    assert create_app().config["DATABASE"] == os.path.join(str(tmp_path), "trainer.db")


def test_environment_variables_configure_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "env.db"))
    monkeypatch.setenv("TRAINER_IDLE_TIMEOUT_SECONDS", "120")
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "env.db")
    assert app.config["IDLE_TIMEOUT_SECONDS"] == 120


def test_instance_config_file_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_INSTANCE_PATH", str(tmp_path))
    (tmp_path / "config.py").write_text("PUBLIC_URL = 'https://tweak.school.example'\n")
    assert create_app().config["PUBLIC_URL"] == "https://tweak.school.example"


def test_no_secret_key_in_the_source_tree():
    import trainer.config as config

    assert "SECRET_KEY" not in config.DEFAULTS
