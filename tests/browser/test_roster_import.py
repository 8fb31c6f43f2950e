"""An administrator imports the school's classes from a OneRoster file (issue 25), by clicking
from the first page: School → import → preview → Import; next term's file then archives a
leaver and adds a newcomer. Screenshots of the preview and the result go to
docs/screens/roster-*.png."""

import random
import re

import pytest
from playwright.sync_api import expect

from browser.screens import SCREENS
from rosters.district import zip_of
from trainer.store import school_admin
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def _roster(tag: int, pupils: list[tuple[str, str]], head_email: str) -> bytes:
    """One school, one class taught by the administrator, the pupils as (sourcedId, given name)."""
    users = [
        f"{sid},,true,org-{tag},student,{sid},{given},Family{n},{sid}@home.example"
        for n, (sid, given) in enumerate(pupils)
    ]
    users.append(f"head-{tag},,true,org-{tag},teacher,head,Head,Teacher,{head_email}")
    enrol = [f"e-{sid},,class-{tag},org-{tag},{sid},student,false" for sid, _ in pupils]
    enrol.append(f"e-head-{tag},,class-{tag},org-{tag},head-{tag},teacher,true")
    return zip_of(
        {
            "orgs.csv": f"sourcedId,status,name,type\norg-{tag},,Brook School {tag},school\n",
            "users.csv": (
                "sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email\n"
                + "\n".join(users)
                + "\n"
            ),
            "classes.csv": f"sourcedId,status,title,courseSourcedId,schoolSourcedId\nclass-{tag},,Herons {tag},,org-{tag}\n",
            "enrollments.csv": (
                "sourcedId,status,classSourcedId,schoolSourcedId,userSourcedId,role,primary\n" + "\n".join(enrol) + "\n"
            ),
        }
    )


def _upload(page, data: bytes) -> None:
    page.get_by_label("OneRoster zip file").set_input_files(
        {"name": "roster.zip", "mimeType": "application/zip", "buffer": data}
    )
    page.get_by_role("button", name="Show what would change").click()


def test_the_administrator_imports_a_class_and_next_terms_file_updates_it(page, live_server, watch):
    tag = random.randrange(10**9)
    email = f"head-{tag}@school.example"
    db = live_server.db()
    head = Make(db).teacher(email=email, name=f"Head {tag}")
    school_admin.set_role(db, head, "admin")
    db.close()
    first = [(f"p1-{tag}", "Emma"), (f"p2-{tag}", "Noah"), (f"p3-{tag}", "Aino")]

    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.locator(".site-nav").get_by_role("link", name="School").click()
    expect(page.get_by_role("heading", name="School", exact=True)).to_be_visible()  # My classes has the link too
    page.get_by_role("link", name="Import classes from the school's records").click()
    expect(page).to_have_url(re.compile(r"/school/rosters$"))  # the address follows: a reload stays here
    _upload(page, _roster(tag, first, email))

    preview = page.locator("#roster-preview")
    expect(preview.get_by_role("heading", name=f"Herons {tag} (new)")).to_be_visible()
    expect(preview.get_by_text("3 pupils to add")).to_be_visible()
    for _sid, name in first:
        expect(preview.locator(".roster-pupils li", has_text=name)).to_be_visible()
    assert "Family" not in preview.inner_text()  # family names are never shown nor kept
    page.screenshot(path=str(SCREENS / "roster-preview-1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENS / "roster-preview-390.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})

    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Import done")).to_be_visible()
    expect(page.get_by_text("3 pupils added")).to_be_visible()
    page.screenshot(path=str(SCREENS / "roster-result-1024.png"), full_page=True)
    page.get_by_role("link", name="My classes", exact=True).last.click()
    page.get_by_role("link", name=f"Herons {tag}").click()
    for _sid, name in first:
        expect(page.locator(".pupil-grid").get_by_text(name)).to_be_visible()

    # Next term: Noah has left, Sem is new, and nobody is added twice.
    second = [first[0], first[2], (f"p4-{tag}", "Sem")]
    page.locator(".site-nav").get_by_role("link", name="School").click()
    expect(page.get_by_role("heading", name="School", exact=True)).to_be_visible()  # My classes has the link too
    page.get_by_role("link", name="Import classes from the school's records").click()
    _upload(page, _roster(tag, second, email))
    expect(preview.locator(".roster-pupils li", has_text="Noah")).to_contain_text("left: archived")
    expect(preview.locator(".roster-pupils li", has_text="Sem")).to_contain_text("new")
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("1 pupil added")).to_be_visible()
    expect(page.get_by_text("1 pupil archived")).to_be_visible()

    db = live_server.db()
    rows = db.execute(
        "SELECT p.name, p.archived_at IS NOT NULL FROM pupils p JOIN classes c ON c.id = p.class_id"
        " WHERE c.name = ? ORDER BY p.name",
        [f"Herons {tag}"],
    ).fetchall()
    db.close()
    assert [tuple(r) for r in rows] == [("Aino", 0), ("Emma", 0), ("Noah", 1), ("Sem", 0)]
    watch.assert_clean()
