"""Teachers whose provider sends no e-mail address can sign in (issue 34, point 2), against
the real oidc-provider (tests/oidc/provider.js): the school's administrator chooses per
service which claim finds a teacher's account the first time — a verified e-mail,
preferred_username or upn (Microsoft Entra ID), uniid (Unilogin's full login), or none — and
every teacher can link with their password once. Nothing is ever linked without it, and an
unverified e-mail address neither proposes an account nor makes a teacher (docs/security.md)."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

import oidc_provider as op
from trainer.store import oidc_links, oidc_providers, oidc_teacher_names
from web_helpers import TEACHER_PASSWORD

from .real_flow import sign_in

EVA = op.ENTRA_TEACHER["preferred_username"]  # her account here has this address
TINA = op.TEACHER["email"]


@pytest.fixture
def service(app, db, oidc_provider):
    """Adds a service of school A at the real provider with the given rule and claim."""

    def add(client="A", **fields):
        client_id, secret = op.CLIENTS[client]
        settings = {
            "name": "Schoologin",
            "teacher_claim": "aktoer_gruppe",
            "teacher_value": "Medarbejder",
            "scopes": "school",
            **fields,
        }
        return oidc_providers.add(
            db,
            secret_key=app.config["SECRET_KEY"],
            secret=secret,
            now=datetime(2026, 12, 1),
            issuer=oidc_provider.issuer,
            client_id=client_id,
            **settings,
        )

    return add


def _link_page(client, response):
    assert response.status_code == 303 and response.location.endswith("/signin/link"), response.get_data(as_text=True)
    return client.get("/signin/link").get_data(as_text=True)


def _link(client, **form):
    return client.post("/signin/link", data=form)


def _signs_in_straight(client, provider_id, login):
    client.post("/logout")
    response = sign_in(client, f"/signin/{provider_id}/teacher", login)
    assert response.status_code == 303 and response.location.endswith("/classes")


def test_entra_account_without_email_is_found_by_preferred_username(client, db, make, service):
    eva = make.teacher(email=EVA, name="Eva")
    provider_id = service(teacher_claim="roles", teacher_value="Teacher", scopes="", teacher_match="preferred_username")
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.ENTRA_TEACHER["login"]))
    assert f"belongs to the teacher account {EVA}" in page and 'name="email"' not in page
    assert oidc_links.count(db) == 0
    assert _link(client, password=TEACHER_PASSWORD).status_code == 303
    link = next(db.query("SELECT * FROM oidc_links"))
    assert (link["teacher_id"], link["subject"]) == (eva, op.ENTRA_TEACHER["login"])
    _signs_in_straight(client, provider_id, op.ENTRA_TEACHER["login"])


def test_entra_upn_is_compared_with_the_value_the_administrator_entered(client, db, make, service):
    eva = make.teacher(email=EVA, name="Eva")
    provider_id = service(teacher_claim="roles", teacher_value="Teacher", scopes="", teacher_match="upn")
    # Her upn is not her address here: without the administrator's value no account is proposed...
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.ENTRA_TEACHER["login"]))
    assert 'name="email"' in page and "belongs to the teacher account" not in page
    # ...with it, hers is.
    oidc_teacher_names.add(
        db, provider_id=provider_id, teacher_id=eva, value=op.ENTRA_TEACHER["upn"], now=datetime(2026, 12, 1)
    )
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.ENTRA_TEACHER["login"]))
    assert f"belongs to the teacher account {EVA}" in page


def test_unilogin_full_login_with_uniid_and_no_email_links_once(client, db, make, service):
    tina = make.teacher(email=TINA, name="Tina")
    provider_id = service("A-full", scopes="unilogin", teacher_match="uniid")
    oidc_teacher_names.add(
        db, provider_id=provider_id, teacher_id=tina, value=op.UNILOGIN_TEACHER["uniid"], now=datetime(2026, 12, 1)
    )
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.UNILOGIN_TEACHER["login"]))
    assert "No account here yet" not in page and f"belongs to the teacher account {TINA}" in page
    response = _link(client, password="not her password")
    assert response.status_code == 400 and "That is not your password." in response.get_data(as_text=True)
    assert oidc_links.count(db) == 0
    assert _link(client, password=TEACHER_PASSWORD).status_code == 303
    assert (
        oidc_links.find(db, oidc_providers.get(db, provider_id)["issuer"], op.UNILOGIN_TEACHER["login"])["teacher_id"]
        == tina
    )
    _signs_in_straight(client, provider_id, op.UNILOGIN_TEACHER["login"])


def test_uniid_without_a_stored_value_links_by_email_and_password_once(client, db, make, service):
    tina = make.teacher(email=TINA, name="Tina")
    provider_id = service("A-full", scopes="unilogin", teacher_match="uniid")
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.UNILOGIN_TEACHER["login"]))
    assert 'name="email"' in page and "No account here yet?" in page
    response = _link(client, email=TINA, password="a wrong password")
    assert response.status_code == 400 and "E-mail address or password is wrong." in response.get_data(as_text=True)
    response = _link(client, email="nobody@school-a.example", password=TEACHER_PASSWORD)
    assert response.status_code == 400 and oidc_links.count(db) == 0
    assert _link(client, email=TINA, password=TEACHER_PASSWORD).status_code == 303
    assert next(db.query("SELECT teacher_id FROM oidc_links"))["teacher_id"] == tina


def test_subject_mode_reads_no_claim_and_links_after_the_password(client, db, make, service):
    tina = make.teacher(email=TINA, name="Tina")
    provider_id = service(teacher_match="subject")
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]))
    # Her verified address is not even read: the teacher types it.
    assert 'name="email"' in page and "belongs to the teacher account" not in page
    assert _link(client, email=TINA, password=TEACHER_PASSWORD).status_code == 303
    assert next(db.query("SELECT teacher_id FROM oidc_links"))["teacher_id"] == tina


def test_a_verified_email_proposes_the_account(client, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service(teacher_match="email")
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]))
    assert f"belongs to the teacher account {TINA}" in page


def test_an_unverified_email_proposes_no_account(client, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service(teacher_match="email")
    page = _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.UNVERIFIED["login"]))
    assert "belongs to the teacher account" not in page and 'name="email"' in page


def test_an_email_domain_rule_needs_a_verified_address(client, db, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service(teacher_claim="email", teacher_value="@school-a.example", scopes="")
    response = sign_in(client, f"/signin/{provider_id}/teacher", op.UNVERIFIED["login"])
    assert response.status_code == 403 and "This account is not a teacher" in response.get_data(as_text=True)
    with client.session_transaction() as session:
        assert "oidc_teacher" not in session
    # The same address, verified, is a teacher.
    assert sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]).status_code == 303
    assert oidc_links.count(db) == 0


def test_a_waiting_link_runs_out(client, db, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service()
    _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]))
    with client.session_transaction() as session:
        session["oidc_teacher"] = {**session["oidc_teacher"], "at": time.time() - 601}
    response = _link(client, password=TEACHER_PASSWORD)
    assert response.status_code == 400 and "has run out" in response.get_data(as_text=True)
    assert oidc_links.count(db) == 0


def test_this_is_not_me_drops_the_waiting_link(client, db, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service()
    _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]))
    assert _link(client, cancel="1").status_code == 303
    response = _link(client, password=TEACHER_PASSWORD)
    assert response.status_code == 400 and oidc_links.count(db) == 0


def test_guessing_the_password_on_the_link_page_meets_the_login_lock(client, db, make, service):
    make.teacher(email=TINA, name="Tina")
    provider_id = service()
    _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.TEACHER["login"]))
    statuses = [_link(client, password=f"guess {n}").status_code for n in range(6)]
    assert statuses[:4] == [400] * 4 and statuses[-1] == 429
    # Locked: even the right password waits.
    assert _link(client, password=TEACHER_PASSWORD).status_code == 429
    assert oidc_links.count(db) == 0


def test_the_teachers_export_holds_their_links_and_values_and_deleting_erases_them(client, db, make, service):
    tina = make.teacher(email=TINA, name="Tina")
    provider_id = service("A-full", name="MitID", scopes="unilogin", teacher_match="uniid")
    oidc_teacher_names.add(
        db, provider_id=provider_id, teacher_id=tina, value=op.UNILOGIN_TEACHER["uniid"], now=datetime(2026, 12, 1)
    )
    _link_page(client, sign_in(client, f"/signin/{provider_id}/teacher", op.UNILOGIN_TEACHER["login"]))
    assert _link(client, password=TEACHER_PASSWORD).status_code == 303
    data = client.get(f"/teachers/{tina}/export.json").get_json()
    assert [(s["service"], s["subject"]) for s in data["sign_ins"]] == [("MitID", op.UNILOGIN_TEACHER["login"])]
    assert [(v["service"], v["claim"], v["value"]) for v in data["sign_in_values"]] == [
        ("MitID", "uniid", op.UNILOGIN_TEACHER["uniid"])
    ]
    assert client.post(f"/teachers/{tina}/delete", data={"password": TEACHER_PASSWORD}).status_code == 303
    assert oidc_links.count(db) == 0
    assert db.execute("SELECT count(*) FROM oidc_teacher_names").fetchone()[0] == 0
