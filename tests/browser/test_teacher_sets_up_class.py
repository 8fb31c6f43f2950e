"""A teacher registers, creates a class, uploads a CSV roster and opens the login cards."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_teacher_registers_creates_class_uploads_roster_and_prints_cards(page, live_server, watch, tmp_path):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_role("link", name="Create a teacher account").click()
    page.get_by_label("Your name").fill("Ms Jansen")
    page.get_by_label("E-mail address").fill("jansen@school.example")
    page.get_by_label("Password", exact=True).fill("a long enough password")
    page.get_by_label("Password again").fill("a long enough password")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="My classes")).to_be_visible()

    page.get_by_label("New class name").fill("Group 4 Owls")
    page.get_by_role("button", name="Create class").click()
    expect(page.get_by_role("heading", name="Group 4 Owls")).to_be_visible()
    code = page.locator(".join-code").inner_text().strip()
    assert re.fullmatch(r"[ACDEFGHJKMNPQRTWXY34679]{6}", code)

    page.get_by_role("link", name="Upload a class list (CSV)").click()
    roster = tmp_path / "owls.csv"
    roster.write_text("name\nNoor\nSem\nLiv\n", encoding="utf-8")
    page.get_by_label("CSV file").set_input_files(str(roster))
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_text("3 pupils added.")).to_be_visible()
    for name in ("Noor", "Sem", "Liv"):
        expect(page.get_by_role("link", name=name)).to_be_visible()

    page.get_by_role("link", name="Print login cards").click()
    cards = page.locator(".login-card")
    expect(cards).to_have_count(3)
    first = cards.first
    expect(first.locator(".card-code strong")).to_have_text(code)
    expect(first.locator("svg.qr")).to_be_visible()
    expect(first.locator(".card-pictures li")).to_have_count(3)
    # The class code must not be in any link or in the address bar.
    assert code not in page.url
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    assert not any(code in h for h in hrefs)
    watch.assert_clean()


def test_adding_a_pupil_inline_uses_an_htmx_fragment(page, live_server, watch):
    db = live_server.db()
    from web_helpers import TEACHER_PASSWORD, Make

    make = Make(db)
    teacher = make.teacher(email="inline@school.example")
    class_id = make.klass(teacher, "Inline class")
    db.close()
    page.goto(live_server.url + "/login")
    page.get_by_label("E-mail address").fill("inline@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My classes")).to_be_visible()
    page.goto(f"{live_server.url}/classes/{class_id}")
    with page.expect_response(lambda r: r.url.endswith(f"/classes/{class_id}/pupils")) as info:
        page.get_by_label("Add a pupil (first name or nickname)").fill("Mila")
        page.get_by_role("button", name="Add pupil").click()
    response = info.value
    assert "<html" not in response.text()  # only the roster fragment came back
    expect(page.get_by_text("Mila added.")).to_be_visible()
    expect(page.get_by_role("link", name="Mila")).to_be_visible()
    page.get_by_label("Add a pupil (first name or nickname)").fill("Mila")
    page.get_by_role("button", name="Add pupil").click()
    expect(page.get_by_text("There is already a pupil with this name in the class.")).to_be_visible()
    watch.assert_clean()
