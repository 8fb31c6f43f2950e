"""A teacher changes their password (ASVS 5.0 V6.2.2, V6.2.3, V7.4.3; docs/security.md)."""

import pytest

from web_helpers import TEACHER_PASSWORD

NEW = "a brand new passphrase"


def change(client, current=TEACHER_PASSWORD, new=NEW, again=None):
    return client.post(
        "/account/password", data={"current": current, "password": new, "password2": new if again is None else again}
    )


def test_the_new_password_works_the_old_one_does_not_and_other_sessions_end(app, client, auth, make):
    auth.login_new_teacher("change@school.example")
    laptop = app.test_client()  # the same teacher, still logged in elsewhere
    assert (
        laptop.post("/login", data={"email": "change@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    )
    assert laptop.get("/classes").status_code == 200
    response = change(client)
    assert response.status_code == 303 and response.headers["Location"].endswith("/classes")
    page = client.get("/classes").get_data(as_text=True)
    assert client.get("/classes").status_code == 200  # here: still logged in
    assert "Your password has been changed" in page
    assert laptop.get("/classes").status_code == 302  # elsewhere: logged out
    fresh = app.test_client()
    assert (
        fresh.post("/login", data={"email": "change@school.example", "password": TEACHER_PASSWORD}).status_code == 400
    )
    assert fresh.post("/login", data={"email": "change@school.example", "password": NEW}).status_code == 303


@pytest.mark.parametrize(
    "current, new, again, field, message",
    [
        ("not my password", NEW, None, "current", "That is not your current password."),
        (TEACHER_PASSWORD, "short", None, "password", "Use at least"),
        (TEACHER_PASSWORD, NEW, NEW + "!", "password2", "The two passwords are not the same."),
    ],
)
def test_a_wrong_current_password_or_a_bad_new_one_is_a_form_error_and_changes_nothing(
    app, client, auth, current, new, again, field, message
):
    auth.login_new_teacher("keep@school.example")
    response = change(client, current, new, again)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert f'<p class="error" id="f-{field}-error" role="alert">{message}' in html
    fresh = app.test_client()
    assert fresh.post("/login", data={"email": "keep@school.example", "password": TEACHER_PASSWORD}).status_code == 303


def test_guessing_the_current_password_is_throttled_with_the_login_counter(app, client, auth):
    # Else a stolen, logged-in session could try passwords here without the login's limit.
    auth.login_new_teacher("guess@school.example")
    app.config["TEACHER_LOGIN_FREE_FAILURES"] = 3
    statuses = [change(client, current=f"guess {n}").status_code for n in range(4)]
    assert statuses[:2] == [400, 400] and statuses[-1] == 429
    assert change(client).status_code == 429  # even the right one, for now
    # The login form on this device counts on the same lock (a thief's copy of the cookie
    # carries this device's key too)...
    client.post("/logout")
    assert auth.login("guess@school.example").status_code == 429
    # ...while the teacher's other devices are not locked out by it (docs/security.md).
    laptop = app.test_client()
    assert (
        laptop.post("/login", data={"email": "guess@school.example", "password": TEACHER_PASSWORD}).status_code == 303
    )


def test_only_a_logged_in_teacher_reaches_the_form(app, client, pupil_auth, make):
    assert client.get("/account/password").status_code == 302
    class_id = make.klass(make.teacher())
    pupil_auth.login(class_id, make.pupil(class_id))
    assert client.get("/account/password").status_code == 302
    assert client.post("/account/password", data={"current": "x", "password": NEW, "password2": NEW}).status_code == 302


def test_the_form_is_reached_from_the_teachers_menu_and_needs_the_csrf_token(client, auth):
    auth.login_new_teacher()
    html = client.get("/classes").get_data(as_text=True)
    assert 'href="/account/password"' in html
    form = client.get("/account/password").get_data(as_text=True)
    assert 'name="csrf_token"' in form and 'autocomplete="current-password"' in form
    assert (
        client.post(
            "/account/password", csrf=False, data={"current": TEACHER_PASSWORD, "password": NEW, "password2": NEW}
        ).status_code
        == 400
    )
