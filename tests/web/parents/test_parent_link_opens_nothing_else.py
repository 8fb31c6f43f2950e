"""The parent link opens the parent page and nothing else (issue 37.3): a browser that opened it
holds no session, every route of the route table refuses it with the child's own ids, and the
link is no key anywhere else (an invitation, a class's QR login)."""

import pytest

from parent_helpers import parent_link, print_letters
from route_table import ALL_ROUTES, PROVIDER_ROUTES, TOKEN_ROUTES, route_url, send


@pytest.fixture
def opened(app, client, auth, make, db, victim):
    """The victim pupil's letter printed by their teacher, and a parent's browser that opened it."""
    auth.login("b@school.example")
    print_letters(client, victim["class_id"])
    auth.logout()
    link = parent_link(app, db, victim["pupil_id"])
    parent = app.test_client()
    response = parent.get(f"/family/{link}")
    assert response.status_code == 200 and "Victim" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers
    return parent, link


CASES = [
    (e, m) for e, methods in ALL_ROUTES.items() for m in methods if e not in TOKEN_ROUTES and e not in PROVIDER_ROUTES
]


@pytest.mark.parametrize("endpoint, method", CASES)
def test_every_route_of_the_route_table_refuses_the_parents_browser(app, victim, opened, endpoint, method):
    parent, _link = opened
    response = send(parent, method, route_url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    # Sent to a login (the teachers' or the pupils'), or refused outright.
    assert response.status_code in (302, 303, 403, 404), response.status_code
    if response.status_code in (302, 303):
        assert response.headers["Location"].startswith(("/login", "/join")), response.headers["Location"]


def test_the_link_is_no_key_anywhere_else(app, db, opened):
    parent, link = opened
    assert parent.get(f"/invitations/{link}").status_code in (404, 410)
    with parent.session_transaction() as sess:
        assert "invitation" not in str(dict(sess))
    before = db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0]
    parent.get("/join")
    response = parent.post("/join/qr", data={"token": link})
    assert response.status_code in (400, 404) or "/join" in response.headers.get("Location", "")
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == before
    assert parent.get("/me").status_code == 302  # no pupil logged in
    assert parent.get("/classes").status_code == 302  # no teacher either
