"""Issue 34, point 1, in Chromium against the real oidc-provider: two children on ONE shared
class tablet (one browser context). Ole starts a sign-in with the school's login and walks off
at "type your class code"; Noor then logs in with her code and pictures. Nothing is linked
unasked: Noor is asked "Did you sign in with ...?" with her name and character, says No, and
stays herself; Ole's next sign-in does not land in Noor's account but asks for his code and
pictures, and only his own Yes links it. Then his sign-in goes straight to his page. The login
with its waiting note and the question fit the screen and pass axe-core (WCAG 2.1 A/AA and best
practices) where they are shown."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

import oidc_provider as op
from trainer.store import oidc_links, oidc_providers, pupil_rewards
from web_helpers import Make, make_app

from .conftest import LiveServer
from .screen_fit import check_fit, check_page

pytestmark = pytest.mark.browser

OLE = op.PUPIL_ONLY_SUB  # the provider's account Ole signs in with
SIZES = [(1024, 768), (390, 844)]


@pytest.fixture(scope="module")
def school(tmp_path_factory, oidc_provider):
    app = make_app(tmp_path_factory.mktemp("tablet") / "school.db")
    server = LiveServer(app)
    server.start()
    db = server.db()
    client_id, secret = op.CLIENTS["A"]
    oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret=secret,
        now=datetime(2026, 12, 1),
        name="Schoologin",
        issuer=oidc_provider.issuer,
        client_id=client_id,
        scopes="school",
        teacher_claim="aktoer_gruppe",
        teacher_value="Medarbejder",
    )
    db.close()
    yield server
    server.stop()


def _ole_signs_in(page, server, issuer, lands="/join", login=OLE):
    """From the first page to the provider and back; its login form only where the provider
    has no session of Ole's on this tablet."""
    page.goto(server.url + "/")
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_role("link", name="Sign in with Schoologin").click()
    page.wait_for_url(re.compile("^(" + re.escape(issuer) + "/|" + re.escape(server.url) + "/(join|me))"))
    if page.url.startswith(issuer):
        page.locator("input[name=login]").fill(login)
        page.locator("input[name=password]").fill("anything")
        page.locator("button[type=submit]").click()
    page.wait_for_url(server.url + lands)


def _logs_in_with_pictures(page, code, name):
    page.get_by_label("Class code").fill(code)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name=name).click()
    for picture in ("Sun", "Tree", "Boat"):
        page.get_by_role("button", name=picture).click()


def test_a_half_finished_sign_in_on_a_shared_tablet_links_nobody_unasked(page, school, oidc_provider):
    db = school.db()
    make = Make(db)
    class_id = make.klass(make.teacher(), "Owls")
    noor, ole = make.pupil(class_id, "Noor"), make.pupil(class_id, "Ole")
    pupil_rewards.set_avatar(db, noor, "fox")
    code = make.class_row(class_id)["join_code"]

    # Ole starts with the school's login and leaves the tablet at "type your class code".
    _ole_signs_in(page, school, oidc_provider.issuer)

    # Noor comes to the tablet and logs in with her own code and pictures. The note that a
    # sign-in waits, with its way out, fits the login page at both sizes.
    page.get_by_text("Signing in with Schoologin: now type your class code").wait_for()
    check_fit(
        page,
        "the pupil login with a waiting sign-in",
        [(".signin-pending button", "Not you? Start again"), ("#f-code", "the class code")],
        SIZES,
        shot="oidc-pupil-waiting",
        shot_sizes=SIZES,
        axe=True,
    )
    _logs_in_with_pictures(page, code, "Noor")
    page.get_by_role("heading", name="Did you sign in with Schoologin?").wait_for()
    assert oidc_links.count(db) == 0, "linked before anyone said yes"
    question = page.locator("#was-that-you")
    assert question.get_by_text("Noor", exact=True).is_visible()
    assert question.locator("img.avatar").get_attribute("src").split("/")[-1].startswith("fox.")
    check_page(page, school.app, "signin_confirm.ask", shot="oidc-was-that-you", shot_sizes=SIZES)
    # By keyboard: Tab to "No, it was someone else", Enter.
    page.get_by_role("button", name="No, it was someone else").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/me")
    page.get_by_text("Hello Noor!").wait_for()
    page.get_by_text("Nothing was linked.").wait_for()
    assert oidc_links.count(db) == 0
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(school.url + "/")

    # Ole's next sign-in does not land in Noor's account: it asks for his code and pictures.
    _ole_signs_in(page, school, oidc_provider.issuer)
    page.get_by_text("Signing in with Schoologin: now type your class code").wait_for()
    assert oidc_links.count(db) == 0
    _logs_in_with_pictures(page, code, "Ole")
    page.get_by_role("heading", name="Did you sign in with Schoologin?").wait_for()
    page.get_by_role("button", name="Yes, that was me").click()
    page.wait_for_url("**/me")
    page.get_by_text("Hello Ole!").wait_for()
    assert [(r["pupil_id"], r["subject"]) for r in db.query("SELECT * FROM oidc_links")] == [(ole, OLE)]

    # From now on his sign-in opens his page, and still never Noor's.
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("button", name="Yes, sign me out").click()  # the provider's "sign out?"
    page.wait_for_url(re.compile(re.escape(school.url) + r"/(\?.*)?$"))
    _ole_signs_in(page, school, oidc_provider.issuer, lands="/me")
    page.get_by_text("Hello Ole!").wait_for()
    assert noor not in [r["pupil_id"] for r in db.query("SELECT * FROM oidc_links")]
    db.close()
