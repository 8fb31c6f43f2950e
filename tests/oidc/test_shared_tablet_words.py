"""Issue 45, point 5 (the fourth outside attack): a school login left waiting on a shared
tablet asked the next child "Did you sign in with Unilogin?", naming nothing she could check;
a 7-year-old's Yes linked the first child's account to hers. Now the question names the login
in the child's words ("as Ole H.", from the provider's name claims, and when it was started),
a waiting login is kept two minutes, not five, and the class page shows the teacher at once
which account went into which pupil.

Through the app's real Authlib flow against the stub provider; the clock is
school_day.now, moved by the test."""

from __future__ import annotations

import html
from urllib.parse import parse_qs, urlsplit

import pytest

from trainer.store import oidc_links
from trainer.web.core import school_day
from trainer.web.signin import identity
from web_helpers import TEACHER_PASSWORD, AuthActions

ASK = "/signin/was-that-you"
STARTED = 1_800_000_000.0


@pytest.fixture
def clock(monkeypatch):
    now = [STARTED]
    monkeypatch.setattr(school_day, "now", lambda: now[0])
    return now


@pytest.fixture
def tablet(make):
    class_id = make.klass(make.teacher(email="t@school.example"), "Owls")
    return {"class_id": class_id, "noor": make.pupil(class_id, "Noor")}


def _ole_signs_in(client, stub, provider_id, claims):
    response = client.get(f"/signin/{provider_id}/pupil")
    query = parse_qs(urlsplit(response.location).query)
    stub.nonce = query["nonce"][0]
    stub.id_token = lambda nonce: stub.sign({"sub": "pseudonym-of-ole", **claims}, nonce)
    return client.get(f"/signin/{provider_id}/callback?code=stub-code&state={query['state'][0]}")


def test_the_question_names_the_login_in_words_the_child_can_check(client, stub, school, tablet, pupil_auth, clock):
    _db, provider_id = school
    _ole_signs_in(client, stub, provider_id, {"given_name": "Ole Kristian", "family_name": "Hansen"})
    clock[0] += 60
    pupil_auth.login(tablet["class_id"], tablet["noor"])
    page = html.unescape(client.get(ASK).get_data(as_text=True))
    assert "Did you sign in with Unilogin as Ole H.?" in page
    started = school_day.local_time(STARTED).strftime("%H:%M")
    assert f"That sign-in was started at {started}." in page
    assert "Hansen" not in page and "Kristian" not in page  # no more of the name than that


def test_a_login_without_name_claims_is_asked_about_with_its_time(client, stub, school, tablet, pupil_auth, clock):
    _db, provider_id = school
    _ole_signs_in(client, stub, provider_id, {})
    pupil_auth.login(tablet["class_id"], tablet["noor"])
    page = html.unescape(client.get(ASK).get_data(as_text=True))
    assert "Did you sign in with Unilogin?" in page
    assert f"started at {school_day.local_time(STARTED).strftime('%H:%M')}" in page


def test_a_waiting_login_is_kept_two_minutes(client, stub, school, tablet, pupil_auth, clock):
    db, provider_id = school
    _ole_signs_in(client, stub, provider_id, {"name": "Ole Hansen"})
    clock[0] += 150  # five minutes were kept before
    response = pupil_auth.login(tablet["class_id"], tablet["noor"])
    assert urlsplit(response.headers.get("HX-Redirect") or response.location).path == "/me"
    assert client.get(ASK).status_code in (200, 303) and oidc_links.count(db) == 0
    assert "Did you sign in" not in client.get("/me").get_data(as_text=True)


def test_the_class_page_shows_which_account_went_into_which_pupil(
    app, client, stub, school, tablet, pupil_auth, make, clock
):
    db, provider_id = school
    _ole_signs_in(client, stub, provider_id, {"name": "Ole Hansen"})
    pupil_auth.login(tablet["class_id"], tablet["noor"])
    client.post(ASK, data={"answer": "yes"})  # Noor, 7, taps Yes
    assert oidc_links.find(db, stub.issuer, "pseudonym-of-ole")["pupil_id"] == tablet["noor"]
    teacher = app.test_client()
    AuthActions(teacher, make).login("t@school.example", TEACHER_PASSWORD)
    page = html.unescape(teacher.get(f"/classes/{tablet['class_id']}").get_data(as_text=True))
    new = page[page.index("school-logins-new") :]
    assert "Noor" in new and "Unilogin: Ole H." in new


@pytest.mark.parametrize(
    "claims, words",
    [
        ({"given_name": "Ole", "family_name": "Hansen"}, "Ole H."),
        ({"name": "Noor  van den Berg"}, "Noor B."),
        ({"name": "Sem"}, "Sem"),
        ({"given_name": "Åsa", "family_name": "Ødegård"}, "Åsa Ø."),
        ({"name": 7}, None),
        ({"name": "bad\u0000name"}, None),
        ({}, None),
    ],
)
def test_account_words(claims, words):
    assert identity.account_words(claims) == words
