"""Schools by path prefix keep their prefix (issue 34.4, issue 38.7): every `next` after a login
or a language change stays inside /oak/, never /classes/1 (a 404) nor /birch/... (another
school), and the installable app (service worker, its scope and cache, the offline page, the
manifest) lives under the prefix too. The browser side is tests/browser/test_path_mode.py.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from school_helpers import SchoolClient, add_school, dispatcher, school_path
from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, Make

BASE = "http://tweak.test"


@pytest.fixture(scope="module")
def schools(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schools")
    add_school(folder, "Oak Lane Primary", "oak")
    add_school(folder, "Birch Road", "birch")
    db = connect(school_path(folder, "oak"))
    make = Make(db)
    teacher = make.teacher(email="ada@oak.example")
    class_id = make.klass(teacher, "Class 3A")
    pupil = make.pupil(class_id, "Alma", password="sun,tree,boat")
    ids = {"class_id": class_id, "pupil_id": pupil, "join_code": make.class_row(class_id)["join_code"]}
    db.close()
    return dispatcher(folder, select_by="path"), ids


def _oak(app):
    return SchoolClient(app, f"{BASE}/oak")


def _log_in(oak, next_url):
    return oak.post("/login", {"email": "ada@oak.example", "password": TEACHER_PASSWORD, "next": next_url})


def test_a_page_opened_logged_out_comes_back_after_the_password_inside_the_prefix(schools):
    app, ids = schools
    oak = _oak(app)
    page = f"/oak/classes/{ids['class_id']}"
    response = oak.get(f"/classes/{ids['class_id']}")
    assert response.status_code == 302
    login = urlsplit(response.headers["Location"])
    assert login.path == "/oak/login"
    next_url = parse_qs(login.query)["next"][0]
    assert next_url == page  # was /classes/1: a 404 after the password
    form = oak.get(f"/login?{login.query}").get_data(as_text=True)
    assert f'name="next" value="{page}"' in form
    response = _log_in(oak, next_url)
    assert response.headers["Location"] == page
    assert oak.get(f"/classes/{ids['class_id']}").status_code == 200


@pytest.mark.parametrize(
    "target",
    [
        "/birch/school",
        "/birch/",
        "/classes/1",
        "/",
        "/oakwood/classes",
        "/oak/../birch/school",
        "/oak/%2e%2e/birch/school",
        "/oak/.%2E/birch",
        "/oak/./../birch",
        "//oak/classes",
    ],
)
def test_a_next_outside_the_school_is_never_followed(schools, target):
    # Issue 38.7: /oak/login?next=/birch/school led into the other school.
    app, _ids = schools
    oak = _oak(app)
    for headers, header in (({}, "Location"), ({"HX-Request": "true"}, "HX-Redirect")):
        response = oak.post(
            "/login", {"email": "ada@oak.example", "password": TEACHER_PASSWORD, "next": target}, headers=headers
        )
        assert response.headers[header] == "/oak/classes", (target, header)
        oak.post("/logout")


def test_the_language_picker_comes_back_to_the_same_page_of_the_school(schools):
    app, _ids = schools
    oak = _oak(app)
    page = oak.get("/how-to-play").get_data(as_text=True)
    assert re.search(r'name="next" value="/oak/how-to-play"', page)
    response = oak.post("/language", {"lang": "da", "next": "/oak/how-to-play"})
    assert response.headers["Location"] == "/oak/how-to-play"
    for target in ("/birch/how-to-play", "/how-to-play", "https://evil.example/"):
        response = oak.post("/language", {"lang": "en", "next": target})
        assert response.headers["Location"] == "/oak/", target


def test_a_pupils_picture_login_ends_inside_the_prefix(schools):
    app, ids = schools
    oak = _oak(app)
    response = oak.login_pupil(ids["join_code"], ids["pupil_id"])
    assert (
        response.headers["HX-Redirect"].startswith("/oak/")
        if "HX-Redirect" in response.headers
        else response.headers["Location"].startswith("/oak/")
    )
    assert "Alma" in oak.get("/", follow_redirects=True).get_data(as_text=True)


def test_the_service_worker_its_scope_and_the_offline_page_follow_the_prefix(schools):
    # Issue 38.7: app.js registered /sw.js, a 404 under a prefix: no offline page for the school.
    app, _ids = schools
    oak = _oak(app)
    page = oak.get("/login").get_data(as_text=True)
    meta = re.search(r'<meta name="service-worker" content="([^"]+)" data-scope="([^"]+)">', page)
    assert meta and meta.groups() == ("/oak/sw.js", "/oak/")
    app_js = re.search(r'src="(/oak/static/js/app\.[0-9a-f]+\.js)"', page).group(1)
    assert '"/sw.js"' not in oak.client.get(app_js, base_url=f"{BASE}/").get_data(as_text=True)
    worker = oak.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    script = worker.get_data(as_text=True)
    assert 'var ROOT = "/oak";' in script and 'var OFFLINE = "/oak/offline";' in script
    precache = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", script).group(1))
    assert precache and all(url.startswith("/oak/static/") for url in precache)
    for url in precache:
        assert oak.client.get(url, base_url=f"{BASE}/").status_code == 200, url
    assert oak.get("/offline").status_code == 200
    manifest = json.loads(oak.get("/manifest.webmanifest").get_data(as_text=True))
    assert manifest["scope"] == "/oak/" and manifest["start_url"].startswith("/oak/")
    assert all(icon["src"].startswith("/oak/static/") for icon in manifest["icons"])
    # Two schools on one origin share Cache Storage: each worker's caches carry its prefix.
    birch = SchoolClient(app, f"{BASE}/birch").get("/sw.js").get_data(as_text=True)
    assert 'var ROOT = "/birch";' in birch
