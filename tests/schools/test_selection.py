"""Choosing the school (issue 19): by host name <slug>.<domain> or by path prefix /<slug>/, one
app per school made at its first request, its own secret key, and a plain 404 for a host or
prefix that names no school."""

import pytest

from school_helpers import DOMAIN, SchoolClient, add_school, dispatcher, school_path
from trainer.ops import schools
from trainer.store import school_settings
from trainer.store.db import connect


def _two_schools(path):
    add_school(path, "Oak Lane Primary", "oak")
    add_school(path, "Birch Road", "birch")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Read by the tests that change no school."""
    return _two_schools(tmp_path_factory.mktemp("schools"))


@pytest.fixture
def own_folder(tmp_path):
    """For the tests that add or remove a school."""
    return _two_schools(tmp_path)


def _name_of(app):
    db = connect(app.config["DATABASE"])
    try:
        return school_settings.get(db, "name")
    finally:
        db.close()


def test_the_host_name_chooses_the_school(folder):
    app = dispatcher(folder)
    assert app.cached() == []  # nothing is made before it is asked for
    oak = SchoolClient(app, f"http://oak.{DOMAIN}")
    assert oak.get("/login").status_code == 200
    assert app.cached() == ["oak"]
    assert SchoolClient(app, f"http://birch.{DOMAIN}:8080").get("/login").status_code == 200
    assert app.cached() == ["birch", "oak"]
    assert _name_of(app.app_for("oak")) == "Oak Lane Primary"
    assert _name_of(app.app_for("birch")) == "Birch Road"
    assert app.app_for("oak").config["DATABASE"] == school_path(folder, "oak")
    assert app.slug_for_host(f"OAK.{DOMAIN.upper()}:443") == "oak"


def test_each_school_has_its_own_secret_key_from_the_master_key(folder):
    app = dispatcher(folder)
    oak, birch = app.app_for("oak"), app.app_for("birch")
    assert oak.secret_key != birch.secret_key
    master = schools.master_key(str(folder))
    assert oak.secret_key == schools.secret_key(master, "oak")
    # Another process (a second worker, or app server) on the same folder derives the same.
    assert dispatcher(folder).app_for("oak").secret_key == oak.secret_key


@pytest.mark.parametrize(
    "host",
    [
        f"nowhere.{DOMAIN}",
        DOMAIN,
        f"a.oak.{DOMAIN}",
        "oak.elsewhere.test",
        "127.0.0.1",
        "[::1]:5000",
        f"..{DOMAIN}",
        f"Oak_Lane.{DOMAIN}",
        f"www.{DOMAIN}",
    ],
)
def test_an_unknown_host_gets_a_plain_404(folder, host):
    from werkzeug.test import Client

    response = Client(dispatcher(folder)).get("/login", headers={"Host": host})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "Not Found" in page and "Traceback" not in page


def test_the_path_prefix_chooses_the_school_and_links_keep_it(folder):
    app = dispatcher(folder, select_by="path")
    oak = SchoolClient(app, "http://tweak.test/oak")
    page = oak.get("/login")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'action="/oak/login"' in text and "/oak/static/" in text
    assert app.cached() == ["oak"]
    cookie = oak.cookie()
    assert cookie is not None and cookie.path == "/oak"  # sent to this school's pages only
    # The bare prefix is the school's first page too.
    assert oak.client.get("/oak", base_url="http://tweak.test/").status_code in (200, 302)


@pytest.mark.parametrize(
    "path", ["/", "/nowhere/login", "/static/css/base.css", "/OAK/login", "/..%2Foak/login", "/oak.sqlite3/login"]
)
def test_an_unknown_prefix_gets_a_plain_404(folder, path):
    from werkzeug.test import Client

    response = Client(dispatcher(folder, select_by="path")).get(path, base_url="http://tweak.test/")
    assert response.status_code == 404 and "Traceback" not in response.get_data(as_text=True)


def test_a_removed_school_answers_404_at_once(own_folder):
    folder = own_folder
    app = dispatcher(folder)
    oak = SchoolClient(app, f"http://oak.{DOMAIN}")
    assert oak.get("/login").status_code == 200
    from trainer.cli.main import main

    assert main(["school", "remove", "oak", "--yes", "--schools", str(folder)]) == 0
    assert oak.get("/login").status_code == 404
    assert app.cached() == []


def test_a_school_added_while_serving_is_served_at_once(own_folder):
    folder = own_folder
    app = dispatcher(folder)
    client = SchoolClient(app, f"http://elm.{DOMAIN}")
    assert client.get("/login").status_code == 404
    add_school(folder, "Elm", "elm")
    assert client.get("/login").status_code == 200


def test_the_dispatcher_refuses_a_host_mode_without_domain(folder):
    with pytest.raises(ValueError):
        dispatcher(folder).__class__(str(folder), select_by="host", domain=None)


def test_a_server_by_host_name_makes_every_schools_app_before_its_first_request(folder):
    # After a restart every school answers at once, not each behind the making of its app.
    app = dispatcher(folder)
    app.make_all()
    assert app.cached() == ["birch", "oak"]
    assert SchoolClient(app, f"http://oak.{DOMAIN}").get("/login").status_code == 200
    by_path = dispatcher(folder, select_by="path")
    by_path.make_all()
    assert by_path.cached() == []  # by path an app takes its prefix from a request
