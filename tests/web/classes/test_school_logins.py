"""The class page's "School logins" (issue 25): which pupils sign in with a school login, and
unlinking one — only the link goes; the pupil, their picture password and data stay."""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta, timezone

from trainer.store import oidc_links, pupils

ISSUER = "http://127.0.0.1:9/school"


def _section(html: str) -> str:
    found = re.search(r'<section class="panel" id="school-logins".*?</section>', html, re.S)
    return found.group(0) if found else ""


def _link(make, provider_id, pupil_id, subject):
    return oidc_links.link(
        make.db, provider_id=provider_id, issuer=ISSUER, subject=subject, pupil_id=pupil_id, now=datetime(2026, 1, 1)
    )


def test_the_class_page_lists_linked_pupils_only(client, make, class_id):
    provider = make.provider(name="Unilogin", issuer=ISSUER)
    noor, ali = make.pupil(class_id, "Noor"), make.pupil(class_id, "Ali")
    _link(make, provider, noor, "pseudonym-noor")
    section = _section(client.get(f"/classes/{class_id}").get_data(as_text=True))
    assert "Noor" in section and "Unilogin" in section
    assert "Ali" not in section
    assert f'action="/pupils/{noor}/unlink-login"' in section
    assert f"/pupils/{ali}/unlink-login" not in section


def test_unlinking_forgets_the_link_and_keeps_the_pupil(client, make, class_id):
    provider = make.provider(issuer=ISSUER)
    noor = make.pupil(class_id, "Noor")
    before = pupils.get(make.db, noor)
    _link(make, provider, noor, "pseudonym-noor")
    response = client.post(f"/pupils/{noor}/unlink-login")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/classes/{class_id}#school-logins")
    assert oidc_links.find(make.db, ISSUER, "pseudonym-noor") is None
    assert pupils.get(make.db, noor) == before
    page = client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "school login is unlinked" in page
    # The school still has a provider: the section stays, saying how a pupil links again.
    assert "No pupil of this class has linked a school login yet" in _section(page)


def test_unlinking_a_pupil_without_a_link_changes_nothing(client, make, class_id):
    make.provider(issuer=ISSUER)
    noor = make.pupil(class_id, "Noor")
    response = client.post(f"/pupils/{noor}/unlink-login", follow_redirects=True)
    assert "Noor has no school login linked." in response.get_data(as_text=True)


def test_another_teachers_pupil_is_a_404_and_stays_linked(client, make, class_id):
    provider = make.provider(issuer=ISSUER)
    other_class = make.klass(make.teacher(email="b@school.example"), "B's class")
    victim = make.pupil(other_class, "Victim")
    _link(make, provider, victim, "pseudonym-victim")
    assert client.post(f"/pupils/{victim}/unlink-login").status_code == 404
    assert oidc_links.find(make.db, ISSUER, "pseudonym-victim")["pupil_id"] == victim
    assert client.get(f"/classes/{other_class}").status_code == 404


def test_no_section_where_the_school_has_no_sign_in_service(client, make, class_id):
    make.pupil(class_id, "Noor")
    assert _section(client.get(f"/classes/{class_id}").get_data(as_text=True)) == ""


def test_new_links_are_shown_with_the_service_and_when_and_can_be_undone(client, make, class_id, monkeypatch):
    """Issue 34 (1): a link made by the wrong child on a shared tablet shows up on the class
    page among the new ones (NEW_LINK_DAYS), with the service and when, beside Unlink."""
    from trainer.web.core import school_day
    from trainer.web.signin.class_links import NEW_LINK_DAYS

    now = datetime(2026, 12, 4, 10, 0)
    monkeypatch.setattr(school_day, "now", lambda: now.replace(tzinfo=timezone.utc).timestamp())
    provider = make.provider(name="Unilogin", issuer=ISSUER)
    noor, mila = make.pupil(class_id, "Noor"), make.pupil(class_id, "Mila")
    oidc_links.link(
        make.db, provider_id=provider, issuer=ISSUER, subject="p-noor", pupil_id=noor, now=now - timedelta(hours=1)
    )
    oidc_links.link(
        make.db,
        provider_id=provider,
        issuer=ISSUER,
        subject="p-mila",
        pupil_id=mila,
        now=now - timedelta(days=NEW_LINK_DAYS, minutes=1),
    )
    section = _section(client.get(f"/classes/{class_id}").get_data(as_text=True))
    new = re.search(r'<ul class="plain-list school-logins school-logins-new".*?</ul>', section, re.S).group(0)
    assert "Noor" in new and "Unilogin" in new and "linked " in new and "Mila" not in new
    assert "New in the last 14 days" in section and "Linked before" in section
    assert section.count(f'action="/pupils/{noor}/unlink-login"') == 1
    assert section.index("Noor") < section.index("Linked before") < section.index("Mila")
    assert client.post(f"/pupils/{noor}/unlink-login").status_code == 303
    assert oidc_links.find(make.db, ISSUER, "p-noor") is None
    assert "Noor" not in _section(client.get(f"/classes/{class_id}").get_data(as_text=True))


def test_unlinking_is_in_the_security_log(client, make, class_id, caplog):
    provider = make.provider(issuer=ISSUER)
    noor = make.pupil(class_id, "Noor")
    _link(make, provider, noor, "pseudonym-noor")
    with caplog.at_level(logging.INFO, logger="trainer.security"):
        client.post(f"/pupils/{noor}/unlink-login")
    assert "event=oidc_unlinked teacher=" in caplog.text and f"pupil={noor}" in caplog.text
