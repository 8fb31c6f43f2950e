"""The administrator's sign-in services page (issue 34): a service is checked against its
discovery document when it is saved, and what is wrong is said in the administrator's words
(point 5); one issuer may serve two services with their own client ids, a lightweight login
for pupils and a full login for teachers (point 3); and the administrator can try a service
with a test sign-in that links nothing. Against the real oidc-provider, and the stub for the
documents a real provider does not serve."""

from __future__ import annotations

import pytest

import oidc_provider as op
from trainer.store import oidc_links, oidc_providers
from trainer.web.signin import discovery

from .real_flow import sign_in


def _form(issuer, client="A", **changes):
    client_id, secret = op.CLIENTS[client]
    return {
        "name": "Unilogin",
        "issuer": issuer,
        "client_id": client_id,
        "secret": secret,
        "scopes": "school",
        "teacher_claim": "aktoer_gruppe",
        "teacher_value": "Medarbejder",
        "teacher_match": "email",
        **changes,
    }


def _save(client, form):
    return client.post("/school/sign-in", data=form)


def _count(db):
    return db.execute("SELECT count(*) FROM oidc_providers").fetchone()[0]


def test_a_service_whose_discovery_is_right_is_saved(client, db, teacher, oidc_provider):
    response = _save(client, _form(oidc_provider.issuer))
    assert response.status_code == 303
    assert "Try it with its test sign-in" in client.get("/school/sign-in").get_data(as_text=True)
    assert _count(db) == 1


@pytest.mark.parametrize(
    "changes, words",
    [
        # Entra's shared endpoint: its discovery names a {tenantid} template, never one school.
        ({"issuer": "https://login.microsoftonline.com/{tenantid}/v2.0"}, "Microsoft&#39;s shared address"),
        ({"issuer": "http://127.0.0.1:1/typo"}, "not http://127.0.0.1:"),
        ({"token_endpoint": None}, "names no token_endpoint"),
        ({"jwks_uri": "http://keys.example/jwks"}, "jwks_uri does not start with https://"),
        ({"response_types_supported": ["token"]}, "authorization code flow"),
    ],
    ids=["entra-common", "typo", "no-token-endpoint", "plain-http-keys", "no-code-flow"],
)
def test_a_wrong_discovery_document_is_said_and_nothing_saved(client, db, teacher, stub, changes, words):
    stub.claimed_issuer = changes.pop("issuer", stub.issuer)
    stub.discovery_changes = changes
    response = _save(client, _form(stub.issuer))
    assert response.status_code == 400 and words in response.get_data(as_text=True)
    assert _count(db) == 0


def test_an_address_where_nothing_answers_is_said(client, db, teacher):
    response = _save(client, _form("http://127.0.0.1:9"))
    assert (
        response.status_code == 400
        and "Nothing answered at http://127.0.0.1:9/.well-known/openid-configuration" in response.get_data(as_text=True)
    )
    assert _count(db) == 0


def test_an_address_that_is_not_a_discovery_document_is_said(client, db, teacher, oidc_provider):
    response = _save(client, _form(oidc_provider.issuer + "/nothing-here"))
    assert response.status_code == 400 and "instead of the discovery document" in response.get_data(as_text=True)


def test_https_is_required_of_endpoints_except_on_this_machine():
    document = {
        "issuer": "https://id.example",
        "authorization_endpoint": "https://id.example/auth",
        "token_endpoint": "http://id.example/token",
        "jwks_uri": "https://id.example/jwks",
    }
    assert len(discovery.problems("https://id.example", document)) == 1
    on_this_machine = {
        k: v.replace("https://id.example", "http://127.0.0.1:5").replace("http://id.example", "http://127.0.0.1:5")
        for k, v in document.items()
    }
    assert discovery.problems("http://127.0.0.1:5", on_this_machine) == []


def test_two_services_of_one_issuer_with_their_own_client_ids(client, db, teacher, oidc_provider):
    assert _save(client, _form(oidc_provider.issuer, "A-light", name="Unilogin (pupils)")).status_code == 303
    assert (
        _save(
            client,
            _form(oidc_provider.issuer, "A-full", name="Unilogin (teachers)", scopes="unilogin", teacher_match="uniid"),
        ).status_code
        == 303
    )
    response = _save(client, _form(oidc_provider.issuer, "A-full", name="Again"))
    assert response.status_code == 400
    assert "already signs in with this client id of this issuer" in response.get_data(as_text=True)
    assert [(p["name"], p["client_id"]) for p in oidc_providers.list_all(db)] == [
        ("Unilogin (pupils)", "school-a-light"),
        ("Unilogin (teachers)", "school-a-full"),
    ]


def test_pupils_use_the_lightweight_login_and_teachers_the_full_one(app, client, db, make, teacher, oidc_provider):
    for name, key, extra in (
        ("Light", "A-light", {"pupil_claim": "aktoer_gruppe", "pupil_value": "Elev"}),
        ("Full", "A-full", {"scopes": "unilogin", "teacher_match": "uniid"}),
    ):
        assert _save(client, _form(oidc_provider.issuer, key, name=name, **extra)).status_code == 303
    light, full = (p["id"] for p in sorted(oidc_providers.list_all(db), key=lambda p: p["name"] != "Light"))
    client.post("/logout")
    # A pupil of the lightweight login waits for the class code and pictures...
    response = sign_in(client, f"/signin/{light}/pupil", op.LIGHT_PUPIL)
    assert response.status_code == 303 and response.location.endswith("/join")
    # ...and a teacher of the full login, with a uniid and no e-mail, for the password.
    response = sign_in(client, f"/signin/{full}/teacher", op.UNILOGIN_TEACHER["login"])
    assert response.status_code == 303 and response.location.endswith("/signin/link")
    assert oidc_links.count(db) == 0


def test_the_test_sign_in_shows_what_came_back_and_links_nothing(app, client, db, make, teacher, oidc_provider):
    make.teacher(email=op.TEACHER["email"], name="Tina")
    assert _save(client, _form(oidc_provider.issuer)).status_code == 303
    provider_id = oidc_providers.list_all(db)[0]["id"]
    assert f'href="/school/sign-in/{provider_id}/test"' in client.get("/school/sign-in").get_data(as_text=True)
    response = sign_in(client, f"/school/sign-in/{provider_id}/test", op.TEACHER["login"])
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Test sign-in with Unilogin worked" in page
    assert "<code>email_verified</code>" in page and op.TEACHER["email"] in page
    assert oidc_links.count(db) == 0
    # The administrator is still themself.
    assert client.get("/school/sign-in").status_code == 200


def test_only_the_administrator_can_start_a_test_sign_in(client, db, make, auth, oidc_provider):
    auth.login_new_teacher()  # the first teacher: the administrator
    _save(client, _form(oidc_provider.issuer))
    auth.logout()
    auth.login_new_teacher("other@school.example")
    assert client.get("/school/sign-in/1/test").status_code == 403
