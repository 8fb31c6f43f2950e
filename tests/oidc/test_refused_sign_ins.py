"""Every failed sign-in is refused with a clear page, a 4xx, and nothing stored (issue 25):
wrong audience, expired ID token, tampered signature, replayed state, wrong nonce, unknown
issuer, unknown provider, provider down. Against a provider the test controls (stub_provider),
through the app's real Authlib flow."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from trainer.store import oidc_links

from .stub_provider import OTHER_KEY


def _start(client, stub, provider_id, role="pupil"):
    response = client.get(f"/signin/{provider_id}/{role}")
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.location).query)
    assert query["code_challenge_method"] == ["S256"] and query["code_challenge"]
    stub.nonce = query["nonce"][0]
    return query["state"][0]


def _callback(client, provider_id, state):
    return client.get(f"/signin/{provider_id}/callback?code=stub-code&state={state}")


def _refused(response, words, db, status=400):
    page = response.get_data(as_text=True)
    assert response.status_code == status
    assert "Sign-in did not work" in page and words in page and "Nothing was saved." in page
    assert oidc_links.count(db) == 0


def test_a_good_token_from_the_stub_is_taken(client, stub, school):
    db, provider_id = school
    state = _start(client, stub, provider_id)
    response = _callback(client, provider_id, state)
    assert response.status_code == 303 and response.location.endswith("/join")


@pytest.mark.parametrize(
    "token, words",
    [
        (
            lambda stub, nonce: stub.sign({"sub": "p"}, nonce, aud="another-client"),
            "The sign-in was meant for another service",
        ),
        (
            lambda stub, nonce: stub.sign({"sub": "p"}, nonce, iat=1_700_000_000, exp=1_700_000_300),
            "The sign-in has run out.",
        ),
        (lambda stub, nonce: stub.sign({"sub": "p"}, nonce, key=OTHER_KEY), "its signature is wrong"),
        (lambda stub, nonce: stub.sign({"sub": "p"}, nonce)[:-6] + "AAAAAA", "its signature is wrong"),
        (
            lambda stub, nonce: stub.sign({"sub": "p"}, "not-the-nonce-we-sent"),
            "The sign-in does not belong to this attempt.",
        ),
        (
            lambda stub, nonce: stub.sign({"sub": "p"}, nonce, iss="https://other.example"),
            "The sign-in came from a service this school has not set up.",
        ),
    ],
    ids=["wrong-audience", "expired", "other-key", "tampered", "wrong-nonce", "token-from-other-issuer"],
)
def test_a_bad_id_token_is_refused(client, stub, school, token, words):
    db, provider_id = school
    stub.id_token = lambda nonce: token(stub, nonce)
    state = _start(client, stub, provider_id)
    _refused(_callback(client, provider_id, state), words, db)
    # Refused means not logged in, and nothing waits in the session to be linked.
    with client.session_transaction() as session:
        assert "auth" not in session and "oidc_pupil" not in session


def test_a_replayed_state_is_refused(client, stub, school):
    db, provider_id = school
    state = _start(client, stub, provider_id)
    assert _callback(client, provider_id, state).status_code == 303
    with client.session_transaction() as session:
        session.pop("oidc_pupil")
    _refused(_callback(client, provider_id, state), "This sign-in has already been used", db)
    _refused(_callback(client, provider_id, "made-up"), "This sign-in has already been used", db)
    assert stub.token_requests == 1


def test_another_browsers_state_is_refused(app, client, stub, school):
    db, provider_id = school
    state = _start(client, stub, provider_id)
    _refused(_callback(app.test_client(), provider_id, state), "already been used", db)


def test_an_unknown_issuer_in_discovery_is_refused_before_anything_is_sent(client, stub, school):
    db, provider_id = school
    stub.claimed_issuer = "https://evil.example"
    _refused(client.get(f"/signin/{provider_id}/pupil"), "a service this school has not set up", db)


def test_an_unknown_provider_is_refused(client, school):
    db, _ = school
    _refused(client.get("/signin/999/pupil"), "This school does not sign in with that provider.", db, 404)
    _refused(client.get("/signin/999/callback?state=x&code=y"), "does not sign in with that provider", db, 404)


def test_a_provider_that_is_down_is_refused(client, stub, school):
    db, provider_id = school
    stub.close()
    _refused(client.get(f"/signin/{provider_id}/teacher"), "cannot be reached just now", db)


def test_the_provider_refusing_is_said_so(client, stub, school):
    db, provider_id = school
    state = _start(client, stub, provider_id)
    response = client.get(f"/signin/{provider_id}/callback?error=access_denied&state={state}")
    _refused(response, "cancelled or refused", db)


def test_a_pupil_token_is_not_a_teacher(client, stub, school):
    db, provider_id = school
    state = _start(client, stub, provider_id, role="teacher")
    response = _callback(client, provider_id, state)
    assert response.status_code == 403 and "This account is not a teacher" in response.get_data(as_text=True)
    assert oidc_links.count(db) == 0


def test_an_unknown_teacher_is_offered_the_password_link_and_nothing_is_created(client, stub, school):
    # Issue 34: no more "No account here yet" for a teacher who has one: the page asks for the
    # account's e-mail address and password once, and says whom to ask for an invitation.
    db, provider_id = school
    stub.id_token = lambda nonce: stub.sign({"sub": "t", "role": "staff", "email": "new@x.example"}, nonce)
    teachers_before = db.execute("SELECT count(*) FROM teachers").fetchone()[0]
    state = _start(client, stub, provider_id, role="teacher")
    response = _callback(client, provider_id, state)
    assert response.status_code == 303 and response.location.endswith("/signin/link")
    page = client.get("/signin/link").get_data(as_text=True)
    assert 'name="email"' in page and "for an invitation link" in page
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == teachers_before
    assert oidc_links.count(db) == 0


def test_a_token_for_another_client_of_the_same_issuer_is_refused(client, stub, school):
    # Issue 34, point 3: two services of one issuer are told apart by the client id in the
    # token's audience and azp; one meant for the lightweight login does not sign in here.
    db, provider_id = school
    for token in (
        lambda nonce: stub.sign({"sub": "p"}, nonce, aud="light-client"),
        lambda nonce: stub.sign({"sub": "p"}, nonce, aud=["stub-client", "light-client"], azp="light-client"),
    ):
        stub.id_token = token
        state = _start(client, stub, provider_id)
        _refused(_callback(client, provider_id, state), "The sign-in was meant for another service", db)
