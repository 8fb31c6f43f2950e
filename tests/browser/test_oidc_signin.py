"""Sign-in with the school's provider, end to end in Chromium against the real oidc-provider
(issue 25): from the first page, by clicking, as a teacher and as a pupil would; the first
sign-in links, the next one goes straight in; logout ends the session here and at the
provider; school A's pupil is refused by school B."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

import oidc_provider as op
from browser.screens import SCREENS
from trainer.store import oidc_links, oidc_providers, oidc_teacher_names, school_admin
from web_helpers import TEACHER_PASSWORD, Make, make_app

from .conftest import LiveServer

pytestmark = pytest.mark.browser

SIZES = {"1024": (1024, 768), "390": (390, 844)}


def _school(tmp_path_factory, provider, school, **rule):
    app = make_app(tmp_path_factory.mktemp(f"school{school}") / "school.db")
    server = LiveServer(app)
    server.start()
    db = server.db()
    client_id, secret = op.CLIENTS[school]
    oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret=secret,
        now=datetime(2026, 12, 1),
        name="Schoologin",
        issuer=provider.issuer,
        client_id=client_id,
        scopes="school",
        teacher_claim="aktoer_gruppe",
        teacher_value="Medarbejder",
        **rule,
    )
    db.close()
    return server


@pytest.fixture(scope="module")
def school_a(tmp_path_factory, oidc_provider):
    server = _school(tmp_path_factory, oidc_provider, "A")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def school_b(tmp_path_factory, oidc_provider):
    server = _school(tmp_path_factory, oidc_provider, "B", pupil_claim="school", pupil_value="B")
    yield server
    server.stop()


def _home(server):
    # The provider sends the browser back to our first page, with the logout's `state`.
    return re.compile(re.escape(server.url) + r"/(\?.*)?$")


def _provider_login(page, login):
    """oidc-provider's own development login page: any password is right."""
    page.locator("input[name=login]").fill(login)
    page.locator("input[name=password]").fill("anything")
    page.locator("button[type=submit]").click()


def test_teacher_links_once_then_signs_in_and_logs_out_here_and_at_the_provider(page, school_a, oidc_provider):
    db = school_a.db()
    teacher_id = Make(db).teacher(email=op.TEACHER["email"], name="Tina")
    page.goto(school_a.url + "/")
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_role("link", name="Sign in with Schoologin").click()
    _provider_login(page, op.TEACHER["login"])
    # First time: the account's password once.
    page.get_by_role("heading", name="Link your sign-in").wait_for()
    page.get_by_label("Password").fill("wrong password here")
    page.get_by_role("button", name="Link and log in").click()
    page.get_by_text("That is not your password.").wait_for()
    # This teacher's links only: the module's school is shared, and the pupils' tests link
    # accounts too (in any order, issue 38.10).
    teachers_links = "SELECT COUNT(*) FROM oidc_links WHERE teacher_id = ?"
    assert db.execute(teachers_links, [teacher_id]).fetchone()[0] == 0
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Link and log in").click()
    page.wait_for_url("**/classes")
    link = next(db.query("SELECT * FROM oidc_links WHERE teacher_id = ?", [teacher_id]))
    assert (link["teacher_id"], link["subject"], link["issuer"]) == (teacher_id, "teacher-a", oidc_provider.issuer)

    # Logout ends our session and the provider's (its end-session page asks to confirm).
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(oidc_provider.issuer + "/**")
    page.get_by_role("button", name="Yes, sign me out").click()
    page.wait_for_url(_home(school_a))
    page.goto(school_a.url + "/classes")
    page.wait_for_url("**/login**")

    # The next sign-in needs the provider's login again (its session ended) but no password here.
    page.get_by_role("link", name="Sign in with Schoologin").click()
    _provider_login(page, op.TEACHER["login"])
    page.wait_for_url("**/classes")
    assert db.execute(teachers_links, [teacher_id]).fetchone()[0] == 1
    db.close()


def _pupil_signs_in(page, server, login):
    page.goto(server.url + "/")
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_role("link", name="Sign in with Schoologin").click()
    _provider_login(page, login)


@pytest.mark.parametrize("login", [op.PUPIL_WITH_NAME, op.PUPIL_ONLY_SUB])
def test_pupil_links_with_class_code_and_pictures_once(page, school_a, oidc_provider, login):
    db = school_a.db()
    make = Make(db)
    class_id = make.klass(make.teacher(), f"Class of {login}")
    pupil_id = make.pupil(class_id, "Mila" if login == op.PUPIL_WITH_NAME else "Noor")
    code = make.class_row(class_id)["join_code"]
    _pupil_signs_in(page, school_a, login)
    page.get_by_text("Signing in with Schoologin: now type your class code").wait_for()
    page.get_by_label("Class code").fill(code)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Mila" if login == op.PUPIL_WITH_NAME else "Noor").click()
    for picture in ("Sun", "Tree", "Boat"):
        page.get_by_role("button", name=picture).click()
    # Linked only when the child says it was them (issue 34, tests/browser/test_shared_tablet.py).
    page.get_by_role("button", name="Yes, that was me").click()
    page.wait_for_url("**/me")
    rows = list(db.query("SELECT * FROM oidc_links WHERE pupil_id = ?", [pupil_id]))
    assert [(r["subject"], r["teacher_id"]) for r in rows] == [(login, None)]
    # Nothing but the pseudonym: the pupil's record keeps its own first name only.
    assert make.class_row(class_id)["name"] == f"Class of {login}"
    assert "Ada" not in repr(list(db.query("SELECT * FROM pupils")))

    page.get_by_role("button", name="Log out").click()
    page.get_by_role("button", name="Yes, sign me out").click()  # the provider's "sign out?"
    page.wait_for_url(_home(school_a))
    _pupil_signs_in(page, school_a, login)
    page.wait_for_url("**/me")
    db.close()


def test_school_a_pupil_is_refused_at_school_b(page, school_b, oidc_provider):
    _pupil_signs_in(page, school_b, op.PUPIL_WITH_NAME)
    page.get_by_role("heading", name="Sign-in did not work").wait_for()
    page.get_by_text("This account is not a pupil's account at this school.").wait_for()
    db = school_b.db()
    assert oidc_links.count(db) == 0
    db.close()


@pytest.fixture(scope="module")
def school_with_unilogin(tmp_path_factory):
    """A school whose administrator has set up one service, for docs/deploy.md's pictures: the
    pages are only shown, nothing is sent to the issuer."""
    app = make_app(tmp_path_factory.mktemp("docs") / "school.db")
    server = LiveServer(app)
    server.start()
    db = server.db()
    make = Make(db)
    admin = make.teacher(email="admin@school.example", name="Anne")  # the first: the administrator
    provider_id = oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret="never-shown",
        now=datetime(2026, 12, 1),
        name="Unilogin",
        issuer="https://broker.unilogin.dk/auth/realms/broker",
        client_id="tweak-trainer",
        teacher_claim="aktoer_gruppe",
        teacher_value="Medarbejder",
        pupil_claim="aktoer_gruppe",
        pupil_value="Elev",
    )
    # Issue 34: the same broker's full login for teachers, a second client id of one issuer,
    # finding teachers by their uniid (Anne's entered by the administrator).
    full_id = oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret="never-shown-either",
        now=datetime(2026, 12, 1),
        name="MitID (Unilogin)",
        issuer="https://broker.unilogin.dk/auth/realms/broker",
        client_id="tweak-trainer-full",
        scopes="uniid",
        teacher_claim="aktoer_gruppe",
        teacher_value="Medarbejder",
        teacher_match="uniid",
    )
    oidc_teacher_names.add(db, provider_id=full_id, teacher_id=admin, value="anne0042", now=datetime(2026, 12, 1))
    class_id = make.klass(admin, "Owls")
    # Noor linked just now (among the new links, issue 34), Mila long ago, Sem never.
    linked = {"Noor": datetime.now(timezone.utc).replace(tzinfo=None), "Mila": datetime(2026, 1, 5)}
    for name in ("Noor", "Sem", "Mila"):
        pupil_id = make.pupil(class_id, name)
        if name in linked:
            oidc_links.link(
                db,
                provider_id=provider_id,
                issuer="https://broker.unilogin.dk/auth/realms/broker",
                subject=f"pseudonym-{name}",
                pupil_id=pupil_id,
                now=linked[name],
            )
    db.close()
    yield server
    server.stop()


def _shoot(page, name, part=None):
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if part is not None:
            part.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / f"{name}-{size}.png"))
        # Nothing wider than the screen: the return address wraps or scrolls in its table.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.set_viewport_size({"width": 1024, "height": 768})


def test_the_sign_in_pages_at_two_sizes_for_the_docs(page, school_with_unilogin):
    server = school_with_unilogin
    page.goto(server.url + "/")
    page.get_by_role("link", name="I am a teacher").click()
    page.get_by_role("link", name="Sign in with Unilogin").wait_for()
    _shoot(page, "oidc-signin")
    page.get_by_label("E-mail address").fill("admin@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # The class page: which pupils sign in with Unilogin, and unlinking one.
    page.get_by_role("link", name="Owls").click()
    logins = page.locator("#school-logins")
    logins.scroll_into_view_if_needed()
    assert logins.get_by_text("Sem").count() == 0
    _shoot(page, "oidc-class-logins", logins)
    page.get_by_role("button", name="Unlink Mila's school login").click()
    page.get_by_text("Mila's school login is unlinked.").wait_for()
    assert page.locator("#school-logins").get_by_text("Mila").count() == 0
    page.get_by_role("link", name="School", exact=True).first.click()
    page.get_by_role("link", name="Sign-in services").click()
    page.get_by_role("heading", name="Sign-in services").wait_for()
    assert "never-shown" not in page.content()
    assert page.get_by_text(server.url + "/signin/1/callback").is_visible()
    # Two services of one issuer, each with its client id; the second finds teachers by uniid.
    assert page.get_by_text("tweak-trainer-full").is_visible() and page.get_by_text("anne0042").is_visible()
    _shoot(page, "oidc-providers")
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_role("link", name="Sign in with Unilogin").wait_for()
    _shoot(page, "oidc-signin-pupil")


def test_the_administrator_adds_a_service_is_told_its_mistake_and_tries_it(page, live_server, oidc_provider):
    """Issue 34, point 5: saving checks the discovery document and says what is wrong in the
    administrator's words; the saved service's test sign-in goes through the provider and shows
    what came back, linking nothing."""
    db = live_server.db()
    # The shared server's first teacher is some other test's: Anne is made the administrator.
    school_admin.set_role(db, Make(db).teacher(email="admin@school.example", name="Anne"), "admin")
    try:
        page.goto(live_server.url + "/")
        page.get_by_role("link", name="I am a teacher").click()
        page.get_by_label("E-mail address").fill("admin@school.example")
        page.get_by_label("Password").fill(TEACHER_PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.get_by_role("link", name="School", exact=True).first.click()
        page.get_by_role("link", name="Sign-in services").click()
        client_id, secret = op.CLIENTS["A"]
        page.get_by_label("Name on the button").fill("Schoologin")
        page.get_by_label("Issuer address").fill(oidc_provider.issuer + "/")  # one character too many
        page.get_by_label("Client id").fill(client_id)
        page.get_by_label("Client secret").fill(secret)
        page.locator("#f-teacher-claim").fill("email")
        page.locator("#f-teacher-value").fill("@school-a.example")
        page.get_by_role("button", name="Add the sign-in service").click()
        page.get_by_text(f"names the issuer {oidc_provider.issuer}, not {oidc_provider.issuer}/").wait_for()
        assert oidc_providers.list_all(db) == []
        _shoot(page, "oidc-providers-mistake", page.locator("#f-issuer-error"))
        page.get_by_label("Issuer address").fill(oidc_provider.issuer)
        page.get_by_label("Client secret").fill(secret)
        page.get_by_role("button", name="Add the sign-in service").click()
        page.get_by_text("Schoologin is added.").wait_for()
        page.get_by_role("link", name="Test sign-in with Schoologin").click()
        _provider_login(page, op.TEACHER["login"])
        page.get_by_role("heading", name="Test sign-in with Schoologin worked").wait_for()
        assert page.locator("#signin-test").get_by_text(op.TEACHER["email"]).is_visible()
        assert oidc_links.count(db) == 0
        page.get_by_role("link", name="Back to the sign-in services").click()
        page.get_by_role("heading", name="Sign-in services").wait_for()
    finally:
        # The server is shared: a service left behind would be a second "Schoologin" on the
        # class-code page of every later test in this process (test_login_screens_fit adds its own).
        for service in oidc_providers.list_all(db):
            oidc_providers.remove(db, service["id"])
        db.close()
