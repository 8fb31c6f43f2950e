"""The session cookie: HttpOnly, SameSite=Lax, and over https Secure with the __Host- prefix,
also behind a TLS reverse proxy when TRUST_PROXY says to believe it.

(Moved here from the former cookie-flag tests and strengthened.)
"""

from http.cookies import SimpleCookie

import pytest

from web_helpers import TEACHER_PASSWORD, csrf_from, make_app

HTTPS = {"base_url": "https://localhost"}


def _session_cookie(response):
    """(name, attributes) of the session cookie this response sets."""
    for header in response.headers.getlist("Set-Cookie"):
        name = header.split("=", 1)[0]
        if name in ("tweak_session", "__Host-tweak_session"):
            attributes = {part.strip().split("=", 1)[0].lower(): part.strip() for part in header.split(";")[1:]}
            return name, attributes
    raise AssertionError("no session cookie set")


def _login(client, **kw):
    token = csrf_from(client.get("/login", **kw).get_data(as_text=True))
    return client.post(
        "/login",
        headers={"Origin": kw.get("base_url", "http://localhost")},
        **kw,
        csrf=False,
        data={"email": "a@school.example", "password": TEACHER_PASSWORD, "csrf_token": token},
    )


def test_cookie_is_httponly_samesite_lax_on_plain_http(client, make):
    # ASVS 5.0 V3.3.4: a cookie scripts need not read (the session token) is HttpOnly.
    # ASVS 5.0 V3.3.2: SameSite set for the cookie's purpose: Lax keeps the session on a
    # link from elsewhere while cross-site posts go without it (the CSRF check is the guard).
    make.teacher(email="a@school.example")
    name, attrs = _session_cookie(_login(client))
    assert name == "tweak_session"
    assert "httponly" in attrs and attrs["samesite"] == "SameSite=Lax"
    assert attrs["path"] == "Path=/" and "domain" not in attrs
    # A classroom on plain http must still work: no Secure (the browser would drop it).
    assert "secure" not in attrs


def test_cookie_over_https_is_secure_with_the_host_prefix_and_works(app, make):
    # ASVS 5.0 V3.3.1: Secure, and a __Secure- or __Host- name.
    # ASVS 5.0 V3.3.3: __Host- unless meant for other hosts: no Domain, Path=/.
    make.teacher(email="a@school.example")
    client = app.test_client()
    response = _login(client, **HTTPS)
    assert response.status_code == 303
    name, attrs = _session_cookie(response)
    assert name == "__Host-tweak_session"
    assert "secure" in attrs and "httponly" in attrs and attrs["samesite"] == "SameSite=Lax"
    assert attrs["path"] == "Path=/" and "domain" not in attrs
    assert client.get("/classes", **HTTPS).status_code == 200  # the renamed cookie is read back


def test_cookie_is_secure_behind_a_tls_proxy_only_when_trusted(tmp_path):
    # ASVS 5.0 V3.3.1 behind the reverse proxy of docs/deploy.md: the app sees plain http and
    # learns from X-Forwarded-Proto that the browser used https, but only with TRUST_PROXY;
    # otherwise anyone could send that header.
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "tweak.school.example"}
    trusted = make_app(tmp_path / "p.db", TRUST_PROXY=True).test_client()
    name, attrs = _session_cookie(trusted.get("/login", headers=forwarded))
    assert name == "__Host-tweak_session" and "secure" in attrs
    untrusted = make_app(tmp_path / "q.db").test_client()
    name, attrs = _session_cookie(untrusted.get("/login", headers=forwarded))
    assert name == "tweak_session" and "secure" not in attrs


def test_secure_can_be_forced_by_configuration(tmp_path):
    # ASVS 5.0 V3.3.1 for set-ups where the proxy's headers are not passed on.
    client = make_app(tmp_path / "s.db", SESSION_COOKIE_SECURE=True).test_client()
    name, attrs = _session_cookie(client.get("/login"))
    assert name == "__Host-tweak_session" and "secure" in attrs


def test_real_server_behind_the_proxy_sets_a_secure_host_cookie(real_servers):
    # ASVS 5.0 V3.3.1 / V3.4.1 through the real server (`single` runs with TRAINER_TRUST_PROXY).
    browser = real_servers.browser()
    response = browser.get(real_servers.single, "/login", headers={"X-Forwarded-Proto": "https"})
    cookie = SimpleCookie()
    for header in response.headers.get_all("Set-Cookie"):
        cookie.load(header)
    morsel = cookie["__Host-tweak_session"]
    assert morsel["secure"] and morsel["httponly"] and morsel["samesite"] == "Lax"
    assert morsel["path"] == "/" and not morsel["domain"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")


def test_the_cookie_stays_far_below_the_browser_limit(client, pupil_auth, make):
    # ASVS 5.0 V3.3.5: name and value together under 4096 bytes, or browsers drop the cookie.
    # Its fullest moment: a language chosen, a class chosen, two pictures tapped.
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "N" * 30)
    client.post("/language", data={"lang": "cs"})
    pupil_auth.enter_code(make.class_row(class_id)["join_code"])
    response = pupil_auth.tap(pupil_id, ["sun", "tree"])
    cookie = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("tweak_session="))
    assert len(cookie.split(";")[0]) < 1024


@pytest.mark.parametrize("role", ["teacher", "pupil"])
def test_no_other_cookie_is_ever_set(visits, role):
    # ASVS 5.0 V14.3.3: nothing but the session token is kept in the browser's cookies.
    names = {
        header.split("=", 1)[0]
        for v in visits
        if v.role == role
        for k, header in v.headers.items()
        if k == "Set-Cookie"
    }
    assert names <= {"tweak_session"}
