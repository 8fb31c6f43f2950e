"""The session cookie: HttpOnly, SameSite=Lax, and Secure whenever the site is on https."""
from web_helpers import TEACHER_PASSWORD


def _set_cookie(response):
    return next(v for k, v in response.headers.items()
                if k == "Set-Cookie" and v.startswith("tweak_session="))


def test_cookie_is_httponly_and_samesite_lax(client, make):
    make.teacher(email="a@school.example")
    response = client.post("/login", data={"email": "a@school.example", "password": TEACHER_PASSWORD})
    cookie = _set_cookie(response)
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # plain http in a classroom must still work


def test_cookie_is_secure_over_https(app, make):
    make.teacher(email="a@school.example")
    client = app.test_client()
    client.get("/login", base_url="https://localhost")
    token = client.csrf_token()
    response = client.post("/login", base_url="https://localhost",
                           headers={"Origin": "https://localhost"},
                           data={"email": "a@school.example", "password": TEACHER_PASSWORD,
                                 "csrf_token": token})
    assert response.status_code == 303
    assert "Secure" in _set_cookie(response)


def test_cookie_is_secure_behind_a_tls_proxy_when_trusted(tmp_path):
    from web_helpers import make_app
    app = make_app(tmp_path / "p.db", TRUST_PROXY=True)
    client = app.test_client()
    response = client.get("/login", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in _set_cookie(response)
