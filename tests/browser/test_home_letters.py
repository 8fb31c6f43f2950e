"""Home letters and the parent page (issue 37.2, 37.3), in real browsers: a teacher with a class
of 28 prints the letters by clicking from the first page (one A4 sheet per pupil, PDF pages
counted; a blank-name test print on one sheet), a parent's phone opens one child's page by its
link (one request, at most 60 KB, only that child), and after the teacher renews the link the
old one is a friendly 404.

Screenshots go to docs/screens/home-letter.png and docs/screens/parent-page.png (docs/pupils.md).
The taps from the class page to the printed letters are printed for docs/pupils.md
(`pytest -s tests/browser/test_home_letters.py`)."""

import re

import pytest
from playwright.sync_api import expect

from browser.printing import pdf_pages
from browser.screen_fit import check_page
from browser.screens import SCREENS
from parent_helpers import parent_link

pytestmark = pytest.mark.browser

NAMES = [
    "Emma",
    "Noor",
    "Sem",
    "Liv",
    "Daan",
    "Julia",
    "Lucas",
    "Mila",
    "Finn",
    "Tess",
    "Levi",
    "Sara",
    "Bram",
    "Zoë",
    "Milan",
    "Nina",
    "Ravi",
    "Yara",
    "Jesse",
    "Lotte",
    "Ahmed",
    "Fenna",
    "Thijs",
    "Isa",
    "Ruben",
    "Saar",
    "Olivier",
    "Roos",
]
PAGE_LIMIT = 60 * 1024


def test_a_teacher_prints_home_letters_and_a_parent_sees_only_their_child(page, browser, live_server, watch):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_role("link", name="Create a teacher account").click()
    page.get_by_label("Your name").fill("Mr Jansen")
    page.get_by_label("E-mail address").fill("jansen-letters@school.example")
    page.get_by_label("Password", exact=True).fill("a long enough password")
    page.get_by_label("Password again").fill("a long enough password")
    page.get_by_role("button", name="Create account").click()
    page.get_by_label("New class name").fill("Group 4")
    page.get_by_role("button", name="Create class").click()
    page.locator(".class-nav").get_by_role("link", name="Add pupils").click()
    page.get_by_label("Paste the class list: one pupil per line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Check the names").click()
    page.get_by_role("button", name="Add 28 pupils").click()
    expect(page.get_by_text("28 pupils added.")).to_be_visible()

    # From the class page: one tap to the letters, one on Print.
    taps = 0
    page.get_by_role("link", name="Home letters for parents").click()
    taps += 1
    expect(page.locator("article.home-letter")).to_have_count(28)
    expect(page.get_by_role("button", name="Print 28 letters")).to_be_visible()
    taps += 1  # Print: the browser's dialog takes it from here
    sheets = pdf_pages(page)
    assert sheets == 28  # one sheet per pupil: two pupils never share one
    print(f"\nhome letters, class of 28: {taps} taps from the class page, {sheets} A4 sheets")
    page.locator("article.home-letter").first.screenshot(path=str(SCREENS / "home-letter.png"))

    page.get_by_role("link", name="Test print with a blank name").click()
    expect(page.locator("article.home-letter")).to_have_count(1)
    expect(page.locator(".letter-blank")).to_be_visible()
    assert pdf_pages(page) == 1
    page.get_by_role("link", name="All letters of the class").click()
    expect(page.locator("article.home-letter")).to_have_count(28)
    page.get_by_role("link", name="Deutsch").click()
    expect(page.locator("article.home-letter").first).to_contain_text("Liebe Eltern von")
    expect(
        page.get_by_role("heading", name="Home letters for Group 4")
    ).to_be_visible()  # the teacher's page stays English
    assert pdf_pages(page) == 28

    db = live_server.db()
    noor = db.execute(
        "SELECT p.id FROM pupils p JOIN classes c ON c.id = p.class_id WHERE c.name = 'Group 4' AND p.name = 'Noor'"
    ).fetchone()[0]
    link = live_server.url + "/family/" + parent_link(live_server.app, db, noor)
    db.close()

    # A parent's phone, with nothing of the teacher's: one request, light, that child only.
    parent_context = browser.new_context(viewport={"width": 390, "height": 844})
    parent = parent_context.new_page()
    requests = []
    parent.on("request", lambda r: requests.append(r.url))
    response = parent.goto(link + "?lang=en")
    expect(parent.get_by_role("heading", name="Noor at TWEAK Trainer")).to_be_visible()
    assert requests == [link + "?lang=en"]
    assert len(response.body()) <= PAGE_LIMIT
    text = parent.locator("body").inner_text()
    others = [n for n in NAMES if n != "Noor" and re.search(rf"\b{re.escape(n)}\b", text)]
    assert others == []
    check_page(parent, live_server.app, "parent_page.show")
    parent.screenshot(path=str(SCREENS / "parent-page.png"), full_page=True)
    parent.get_by_role("link", name="Nederlands").click()
    expect(parent.get_by_role("heading", name="Noor bij TWEAK Trainer")).to_be_visible()

    # The teacher renews Noor's link: the letter at home now opens nothing.
    page.get_by_text("Parent links: renew or switch off").click()
    page.get_by_role("button", name="Renew the link of Noor").click()
    expect(page.get_by_text("New parent link for Noor")).to_be_visible()
    expect(page.locator("article.home-letter")).to_have_count(1)
    parent.goto(link + "?lang=en")
    expect(parent.get_by_role("heading", name="This link does not open a page")).to_be_visible()
    parent_context.close()
    watch.assert_clean()
