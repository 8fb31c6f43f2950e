"""Every state-changing request needs this session's CSRF token and a same-site origin; and no
GET request changes anything.

Every POST route of app.url_map is tried: a route added later without a form-data entry in
PLAIN_POSTS of tests/route_table.py (or its table of id routes) fails test_every_post_route_is_known.
(tests/web/core/test_csrf.py shows the two ways the token travels: form field and htmx header.)
"""

import pytest

from route_table import ALL_ROUTES, PLAIN_POSTS
from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, Make, csrf_from, make_app

from .walk import post_rules, snapshot, url, walk

CSRF_MESSAGE = "The page was open for too long"
# Routes of the pupil login, tried as a pupil who has entered the class code.
AS_JOINING = {"pupil_login.pictures_step", "pupil_login.leave"}


def _form(endpoint, hostile_world):
    data = dict(PLAIN_POSTS[endpoint] if endpoint in PLAIN_POSTS else ALL_ROUTES[endpoint]["POST"] or {})
    return {k: v.format(join_code=hostile_world.join_code, qr_token=hostile_world.qr_token) for k, v in data.items()}


def test_every_post_route_is_known(app):
    unknown = [
        r.endpoint
        for r in post_rules(app)
        if r.endpoint not in PLAIN_POSTS and "POST" not in ALL_ROUTES.get(r.endpoint, {})
    ]
    assert unknown == [], "add their form data to PLAIN_POSTS (tests/route_table.py)"


POSTS = sorted({*PLAIN_POSTS, *(e for e, m in ALL_ROUTES.items() if "POST" in m)})


@pytest.mark.parametrize("endpoint", POSTS)
def test_forged_posts_are_refused_and_change_nothing(app, hostile_world, db, endpoint):
    client = hostile_world.clients["joining" if endpoint in AS_JOINING else "teacher"]
    rule = next(r for r in post_rules(app) if r.endpoint == endpoint)
    address = url(app, rule, hostile_world.ids)
    form = _form(endpoint, hostile_world)
    before = snapshot(db)

    # ASVS 5.0 V3.5.1: a request without the anti-forgery token is refused...
    response = client.post(address, csrf=False, data=form)
    assert response.status_code == 400 and CSRF_MESSAGE in response.get_data(as_text=True)
    # ...with a made-up token...
    response = client.post(address, csrf=False, data={**form, "csrf_token": "forged"})
    assert response.status_code == 400
    # ...with a real token of someone else's session (tokens are bound to the session)...
    stranger = app.test_client()
    stranger.get("/login")
    response = client.post(address, csrf=False, data={**form, "csrf_token": stranger.csrf_token()})
    assert response.status_code == 400
    # ...and in the htmx header, too.
    response = client.post(address, csrf=False, data=form, headers={"X-CSRFToken": "forged"})
    assert response.status_code == 400

    # ASVS 5.0 V3.5.2 / V3.5.3: a request the browser marks as cross-site, or from another
    # origin, is refused even with the right token: a CORS-safelisted form post from
    # another site cannot get through.
    for headers in (
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "https://evil.example"},
        {"Origin": "http://localhost.evil.example"},
        {"Origin": "http://localhost:8080"},  # another port is another origin
        {"Origin": "https://localhost"},  # and another scheme
        {"Origin": "null"},
    ):  # sandboxed frames, data: pages
        response = client.post(address, data=form, headers=headers)
        assert response.status_code == 403, headers
    assert snapshot(db) == before

    # The other side: the same request from the page itself goes through, so the refusals
    # above are the CSRF check's and not something else's.
    response = client.post(address, data=form, headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert response.status_code != 403
    assert CSRF_MESSAGE not in response.get_data(as_text=True)


def test_no_get_request_changes_anything(app, hostile_world, db):
    # ASVS 5.0 V3.5.3: sensitive functionality only behind POST: every GET page, for every
    # visitor, as page and as fragment, leaves the database as it was.
    before = snapshot(db)
    visits = walk(app, hostile_world.clients, hostile_world.ids)
    assert len(visits) > 40
    assert snapshot(db) == before


def test_logging_in_needs_the_token_too(client, make, db):
    # ASVS 5.0 V3.5.1: login forms are sensitive as well (login CSRF: a forged login into
    # the attacker's account); a refused login is not even counted by the throttle.
    make.teacher(email="a@school.example")
    response = client.post("/login", csrf=False, data={"email": "a@school.example", "password": TEACHER_PASSWORD})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM login_throttle").fetchone()[0] == 0


def test_behind_the_tls_proxy_the_sites_own_https_origin_is_accepted(tmp_path, make):
    # ASVS 5.0 V3.5.1 in the deployment of docs/deploy.md: the browser's Origin is the public
    # https address; with TRUST_PROXY the app knows it is its own, and still refuses others.
    app = make_app(tmp_path / "proxy.db", TRUST_PROXY=True)
    db = connect(app.config["DATABASE"])
    Make(db).teacher(email="a@school.example")
    db.close()
    client = app.test_client()
    proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "tweak.school.example"}
    token = csrf_from(client.get("/login", headers=proxy).get_data(as_text=True))
    form = {"email": "a@school.example", "password": TEACHER_PASSWORD, "csrf_token": token}
    evil = client.post("/login", csrf=False, data=form, headers={**proxy, "Origin": "https://evil.example"})
    assert evil.status_code == 403
    own = client.post("/login", csrf=False, data=form, headers={**proxy, "Origin": "https://tweak.school.example"})
    assert own.status_code == 303


def test_real_server_behind_the_proxy_accepts_its_own_origin_only(real_servers):
    # The same through `trainer serve` (waitress, TRAINER_TRUST_PROXY): before the fix in
    # trainer/cli/serve.py waitress dropped X-Forwarded-Proto, so every post from the https
    # page was refused and the cookie was never Secure.
    db = real_servers.db()
    real_servers.make(db).teacher(email="proxy@school.example")
    db.close()
    browser = real_servers.browser()
    proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "tweak.school.example"}
    browser.get(real_servers.single, "/login", headers=proxy)
    form = {"email": "proxy@school.example", "password": TEACHER_PASSWORD}
    evil = browser.post(real_servers.single, "/login", form, headers={**proxy, "Origin": "https://evil.example"})
    assert evil.status == 403
    own = browser.post(real_servers.single, "/login", form, headers={**proxy, "Origin": "https://tweak.school.example"})
    assert own.status == 303 and own.headers["Location"] == "/classes"


def test_every_form_on_every_page_carries_the_token(visits):
    # ASVS 5.0 V3.5.1: the pages themselves send the token: every form of every page and
    # fragment, for every visitor (moved here from tests/web/core/test_csrf.py, which listed five pages).
    # htmx requests send it in the X-CSRFToken header set on <body>.
    pages = [v for v in visits if v.is_html and "<form" in v.body]
    assert len(pages) > 30
    for v in pages:
        assert v.body.count("<form") == v.body.count('name="csrf_token"'), v.url
    # The offline page is nobody's (cached without cookies by the service worker) and has no form;
    # nor has the parent page (issue 37.3), which runs no script and uses no session.
    full = [
        v
        for v in visits
        if v.is_html
        and not v.fragment
        and v.status == 200
        and v.endpoint not in ("install.offline", "parent_page.show")
    ]
    assert all('hx-headers=\'{"X-CSRFToken": "' in v.body for v in full)


@pytest.mark.parametrize("sent", ["%C3%A9", "%FF", "%ED%A0%80", "%00", "\u00e9", "🦄" * 40])
def test_a_non_ascii_csrf_token_in_the_form_is_a_400_on_every_anonymous_post(client, db, sent):
    # Issue 23: `csrf_token=%C3%A9` made hmac.compare_digest raise (500) on /login.
    client.get("/login")
    before = snapshot(db)
    for address in ("/login", "/register", "/join", "/join/qr", "/language"):
        body = f"csrf_token={sent}&email=a%40b.example&password=x"
        response = client.post(
            address, csrf=False, data=body.encode(), content_type="application/x-www-form-urlencoded"
        )
        assert response.status_code == 400, address
        assert CSRF_MESSAGE in response.get_data(as_text=True)
    assert snapshot(db) == before


@pytest.mark.parametrize("sent", [b"\xc3\xa9", b"\xff\xfe", b"\x80", "é".encode("latin-1")])
def test_a_csrf_header_with_bytes_above_0x7f_is_a_400(client, sent):
    client.get("/login")
    environ = {"HTTP_X_CSRFTOKEN": sent.decode("latin-1")}  # WSGI carries header bytes as latin-1
    response = client.post(
        "/login", csrf=False, data={"email": "a@b.example", "password": "x"}, environ_overrides=environ
    )
    assert response.status_code == 400
    assert CSRF_MESSAGE in response.get_data(as_text=True)
