"""How the CSRF token travels: as a form field, or as htmx's header.

That every form of every page carries it, and that every POST route refuses a missing, wrong or
foreign token and cross-site requests, is in tests/security/test_request_forgery.py
(docs/security.md).
"""

from web_helpers import TEACHER_PASSWORD, csrf_from


def test_token_from_the_form_field_is_accepted(client, make):
    make.teacher(email="a@school.example")
    token = csrf_from(client.get("/login").get_data(as_text=True))
    response = client.post(
        "/login", csrf=False, data={"email": "a@school.example", "password": TEACHER_PASSWORD, "csrf_token": token}
    )
    assert response.status_code == 303


def test_token_in_the_htmx_header_is_accepted(client, auth, db):
    auth.login_new_teacher()
    html = client.get("/classes").get_data(as_text=True)
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    token = client.csrf_token()
    response = client.post(
        "/classes", csrf=False, data={"name": "Via htmx"}, headers={"X-CSRFToken": token, "HX-Request": "true"}
    )
    assert response.status_code == 303
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 1


def test_every_method_but_get_head_and_options_needs_the_token(client):
    # Flask-WTF checks POST, PUT, PATCH and DELETE by default; TRACE and made-up methods are
    # refused as well, before any route is looked up.
    client.get("/login")
    for method in ("TRACE", "PUT", "PATCH", "DELETE", "PROPFIND", "FOO"):
        assert client.open("/login", method=method).status_code == 400, method
    assert client.open("/login", method="OPTIONS").status_code == 200
