"""The session cookie is sent only by an answer that changed the session. A remembered
device's session is permanent, and Flask's default sent its cookie with every answer: a slow
answer to an older request (the service worker's check on each page, a poll) then put the
session back as it was when that request left. A school sign-in started in between lost its
`state` and was refused ("Sign-in did not work": tests/browser/test_oidc_signin.py failed so,
now and then, under load; tests/oidc/test_shared_tablet.py plays that race through)."""

from __future__ import annotations

SET_COOKIE = "Set-Cookie"


def test_an_answer_that_changes_nothing_sends_no_cookie(app, client, make, pupil_auth):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Mila")
    pupil_auth.login(class_id, pupil_id)  # a remembered device: a permanent session
    # The login's own answer carried the CSRF token, so even the first page changes nothing.
    for url in ("/me", "/sw.js", "/me", "/how-to-play"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert SET_COOKIE not in response.headers, url
