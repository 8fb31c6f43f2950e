"""The click-through tour (issue 24): every page a teacher or a pupil can open, reached by
clicking from the first page, as people do — never by typing a URL. hx-boost swaps only the
<body>, so a page that brings its own styles only shows them when reached by a click; the tour
checks each page's own styles on computed values (STYLE_CHECKS).

Every stop whose page is for children, parents, the wall or everyone (tests/route_table.py) is
also checked, the first time the tour reaches it, at each tablet and phone size for its fit and
for axe-core (`check_page`, with what must be seen from FIT in tests/page_checks.py).

Adding a page: add one `Stop(endpoint, clicks)` to TEACHER_TOUR or PUPIL_TOUR, where `clicks`
goes from the stop before it to the new page, and (if the page has its own CSS) one entry in
STYLE_CHECKS. tests/web/test_checks_cover_every_page.py fails, naming the endpoint, for any
page in the app that no stop reaches; a GET endpoint that is not a page (a download, a
fragment) goes in NOT_PAGES with the reason, and a page the tour cannot reach by clicking in
OFF_THE_TOUR, naming the browser test that opens it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Callable

from playwright.sync_api import Page, expect

from browser.screen_fit import check_page
from dashboard_helpers import attempt, backdate_class, seed_puzzles, session
from drill_helpers import CURATED
from page_checks import FIT
from rosters.district import District
from route_table import endpoint_of
from trainer.demo.history import add_game
from trainer.engine.positions import Position
from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import drills, puzzle_review, puzzle_sets, puzzles, school_admin
from web_helpers import TEACHER_PASSWORD, Make


@dataclass(frozen=True)
class Stop:
    endpoint: str
    clicks: Callable[[Page, dict], None]


def link(name: str, exact: bool = True, within: str | None = None):
    def go(page: Page, world: dict) -> None:
        scope = page.locator(within) if within else page
        scope.get_by_role("link", name=name.format(**world), exact=exact).first.click()

    return go


def button(name: str):
    def go(page: Page, world: dict) -> None:
        page.get_by_role("button", name=name.format(**world), exact=True).first.click()

    return go


def steps(*actions):
    def go(page: Page, world: dict) -> None:
        for action in actions:
            action(page, world)

    return go


def log_in(page: Page, world: dict) -> None:
    page.get_by_label("E-mail address").fill(world["email"])
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()


def make_worksheet(page: Page, world: dict) -> None:
    page.get_by_role("button", name="Make the worksheet").click()


def pupil_logs_in(page: Page, world: dict) -> None:
    for picture in ("Sun", "Tree", "Boat"):
        page.get_by_role("button", name=picture).click()


def start_game(page: Page, world: dict) -> None:
    page.get_by_label("Bot 1").select_option("beginner")
    page.get_by_role("button", name="Start the game").click()
    # The bot's first moves are shown step by step; the board is checked once it is the child's turn.
    page.locator("#game[data-decision], #round-scores").first.wait_for()


def start_family_table(page: Page, world: dict) -> None:
    page.get_by_label("Player 2").fill("Anna")
    page.get_by_role("button", name="Start the game").click()


def start_tournament(page: Page, world: dict) -> None:
    page.get_by_text("Start a class tournament").wait_for()  # the <details>, open at first
    for name in ("Noor", "Sem"):
        page.get_by_label(name).check()
    page.get_by_role("button", name="Start the tournament").click()
    page.get_by_text("Standings so far").wait_for()


def upload_roster(page: Page, world: dict) -> None:
    page.get_by_label("OneRoster zip file").set_input_files(
        {"name": "district.zip", "mimeType": "application/zip", "buffer": District().zip()}
    )
    page.get_by_role("button", name="Show what would change").click()


MY_CLASSES = link("My classes", within=".site-nav")
TO_CLASS = steps(MY_CLASSES, link("{class_name}"))
TAB = lambda name: link(name, within=".class-nav")

TEACHER_TOUR = [
    Stop("pages.home", lambda page, world: None),  # the first page, opened by URL
    Stop("pages.how_to_play", link("How to play", within=".site-nav")),
    Stop("auth.login", link("Teachers: log in", within=".site-nav")),
    Stop("auth.register", link("Create a teacher account")),
    Stop("auth.login", link("Teachers: log in", within=".site-nav")),
    Stop("classes.index", log_in),
    Stop("classes.show", link("{class_name}")),
    Stop("roster.paste", TAB("Add pupils")),
    Stop("roster.upload", link("Upload a class list (CSV)")),
    Stop("roster.cards", TAB("Login cards")),
    Stop("roster.class_sheet", link("Class sheet: every name and picture password on one page")),
    Stop("drills.settings", TAB("Daily drill")),
    Stop("drills.upload_puzzles", link("Upload puzzles")),
    Stop("home_practice.settings", steps(TO_CLASS, TAB("At home"))),
    Stop("home_practice.show_qr", link("Show the home QR code of {pupil_name}")),
    Stop("classes.settings", steps(TO_CLASS, TAB("Class settings"))),
    Stop("class_games.limits", link("Game settings for this class")),
    Stop("classplay_watch.watch", steps(TO_CLASS, link("Watch class play"))),
    Stop("classplay_watch.watch", start_tournament),
    Stop("classplay_watch.projector", link("Show on the projector")),
    Stop("classplay_watch.watch", link("Leave the projector view")),
    Stop("classplay_watch.watch", button("End the tournament now")),
    Stop("classplay_tournament.certificates", link("Print certificates")),
    Stop("classes.settings", steps(TO_CLASS, TAB("Class settings"))),
    Stop("classes.delete", link("Delete class and all data")),
    Stop("home_letters.letters", steps(TO_CLASS, link("Home letters for parents"))),
    Stop("worksheets.new", steps(TO_CLASS, link("Make a worksheet"))),
    Stop("worksheets.show", make_worksheet),
    Stop("worksheets.find", link("Open another code")),
    Stop("puzzle_sets.index", link("My puzzle sets", within=".site-nav")),
    Stop("puzzle_sets.show", link("{set_name}")),
    Stop("table_check.teacher", link("Check our table", within=".site-nav")),
    Stop("dashboard.overview_page", steps(TO_CLASS, TAB("Dashboard"))),
    Stop("dashboard.class_hard", link("What the class finds hard")),
    Stop("dashboard.class_report", link("Printable class report")),
    Stop("dashboard.overview_page", steps(TO_CLASS, TAB("Dashboard"))),
    Stop("dashboard.pupil_page", link("{pupil_name}", within="table.overview")),
    Stop("dashboard.replay_page", link("Replay")),
    Stop("dashboard.pupil_page", link("How {pupil_name} is doing", exact=False)),
    Stop("dashboard.pupil_attempts", link("Older answers")),
    Stop("dashboard.pupil_page", link("How {pupil_name} is doing", exact=False)),
    Stop("dashboard.pupil_report", link("Printable report")),
    Stop("roster.show", steps(TO_CLASS, link("{pupil_name}", within=".pupil-grid"))),
    Stop("certificates.show", link("Print a certificate")),
    Stop("roster.show", link("Back to {pupil_name}")),
    Stop("roster.needs", link("What {pupil_name} needs")),
    Stop("roster.show", link("← {pupil_name}")),
    Stop("roster.delete", link("Delete pupil and all data")),
    Stop("school.index", link("School", within=".site-nav")),  # the tour's teacher is an administrator
    Stop("rosters.index", link("Import classes from the school's records")),
    Stop("rosters.preview", upload_roster),
    Stop("school_signin.index", steps(link("School", within=".site-nav"), link("Sign-in services"))),
    Stop("puzzle_review.index", steps(link("School", within=".site-nav"), link("Review puzzles"))),
    Stop("auth.change_password", link("Change password", within=".site-nav")),
    Stop("account.delete", link("Delete my account")),
]

PUPIL_TOUR = [
    Stop("pupil_login.join", lambda page, world: None),  # the login page, opened by URL
    Stop(
        "pupil_login.names",
        steps(lambda page, world: page.get_by_label("Class code").fill(world["code"]), button("Next")),
    ),
    Stop("pupil_login.pictures_step", link("{pupil_name}")),
    Stop("pupil_home.home", pupil_logs_in),
    Stop("pupil_home.home", button("Fox")),  # the character, picked at home
    Stop("pupil_home.avatar", link("Change your character")),
    Stop("pupil_home.home", button("Owl")),
    Stop("practice.show", button("Start today's drill")),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("games.new", link("More choices", exact=False)),  # "More choices for a new game"
    Stop("games.show", start_game),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("family.new", link("Play with my family")),
    Stop("family.show", start_family_table),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("table_check.pupil", link("Check our table")),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("classplay.lobby", link("Play with classmates")),
    Stop("classplay.table", button("Open a table")),
]

# The pupil pages with cards, walked again by a pupil whose cards count (issue 49.4: dots, or
# ten-frames and the number line), each checked for fit and axe-core as on the tour above.
FACES_TOUR = PUPIL_TOUR[:5] + [
    Stop("practice.show", button("Start today's drill")),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("games.new", link("More choices", exact=False)),
    Stop("games.show", start_game),
    Stop("pupil_home.home", link("My page", within=".site-nav")),
    Stop("table_check.pupil", link("Check our table")),
]
WITH_CARDS = {"practice.show", "games.show", "table_check.pupil"}

# GET endpoints that are not pages a person reads: downloads, polls, redirects and the static files.
NOT_PAGES = {
    "static": "CSS, JavaScript and pictures",
    "account.export": "a JSON download",
    "classes.export": "a JSON download",
    "roster.export": "a JSON download",
    "dashboard.class_attempts_csv": "a CSV download",
    "dashboard.class_pupils_csv": "a CSV download",
    "dashboard.pupil_attempts_csv": "a CSV download",
    "install.manifest": "read by the browser to install the app (tests/browser/test_installable.py)",
    "install.service_worker": "the service worker's script, run by the browser",
    "invitations.accept": "opened from the link an administrator sends, pasted into a browser; sends "
    "it on to invitations.join (tests/browser/test_school_admin.py makes one on /school)",
    "signin.start": "not a page: sends the browser to the school's sign-in service "
    "(tests/browser/test_oidc_signin.py clicks it on the login pages)",
    "signin.callback": "not a page one opens: the sign-in service sends the browser back here "
    "(tests/browser/test_oidc_signin.py, tests/oidc/test_refused_sign_ins.py)",
    "school_signin.test": "not a page: sends the administrator to the sign-in service for a test "
    "(tests/browser/test_oidc_signin.py clicks it on the sign-in services page)",
    "classplay.lobby_live": "the lobby's poll: 204, or the lobby's fragment (tests/web/classplay/)",
    "classplay.call": "My page's ask when the channel says a table changed: the tournament's call "
    "out of band; as a page, My page (tests/web/classplay/test_call_on_my_page.py)",
    "classplay_tournament.live": "the tournament standings' poll: 204, or its fragment "
    "(tests/web/classplay/test_tournament.py)",
    "classplay_watch.watch_live": "the watch page's poll: 204, or its fragment (tests/web/classplay/)",
    "classplay_watch.projector_live": "the projector's refresh: 204, or its live part "
    "(tests/web/classplay/test_projector.py)",
}
# Pages the tour cannot reach by clicking from its first pages, and the browser test that opens each.
OFF_THE_TOUR = {
    "invitations.join": "where an administrator's invitation link sends the browser on to, without the "
    "token in its address (tests/browser/test_school_admin.py)",
    "signin.link_teacher": "shown only after a provider's first sign-in of a teacher, which "
    "the tour's world has none of (tests/browser/test_oidc_signin.py links one)",
    "signin_confirm.ask": "asked only after a pupil's first sign-in with the school's login, which the "
    "tour's world has none of (tests/browser/test_shared_tablet.py answers it)",
    "home_login.welcome": "opened by scanning a pupil's home QR code, never by a link "
    "(tests/browser/test_home_practice.py scans one in a second browser context)",
    "home_login.closed": "where a home session outside its hours is sent, not a link "
    "(tests/browser/test_home_practice.py moves the clock past closing time)",
    "parent_page.show": "opened by a parent from the QR code of a home letter, never by a click in the "
    "app (tests/browser/test_home_letters.py opens it in a parent's browser)",
    "install.offline": "shown by the service worker in place of a page when the Wi-Fi is gone "
    "(tests/browser/test_installable.py goes offline to see it)",
}


@dataclass(frozen=True)
class StyleCheck:
    """`selector`'s computed `prop` must not be `unstyled` (its value with no page CSS)."""

    selector: str
    prop: str
    unstyled: str


EVERY_PAGE = [StyleCheck(".site-header", "display", "block")]  # app.css
NO_SITE_HEADER = {"classplay_watch.projector"}  # a wall shows the tables only
CLASS_PAGE = [
    StyleCheck(".class-nav ul", "display", "block"),
    StyleCheck(".class-nav a[aria-current=page]", "background-color", "rgba(0, 0, 0, 0)"),
]
WIDE = [StyleCheck("main.wide", "max-width", "none")]  # dashboard.css
DASHBOARD = WIDE + [StyleCheck(".dashboard-nav ul", "display", "block")]
STYLE_CHECKS = {
    "classes.show": CLASS_PAGE + [StyleCheck(".pupil-grid", "display", "block")],
    "classes.settings": CLASS_PAGE,
    "home_practice.settings": CLASS_PAGE + [StyleCheck(".home-form .home-hours", "display", "block")],
    "roster.paste": CLASS_PAGE,
    "roster.upload": CLASS_PAGE,
    "roster.cards": CLASS_PAGE + [StyleCheck(".login-card", "display", "block")],
    "roster.class_sheet": CLASS_PAGE + [StyleCheck(".sheet-pictures", "display", "block")],
    "home_letters.letters": CLASS_PAGE + [StyleCheck(".home-letters", "display", "block")],  # letters.css
    "drills.settings": CLASS_PAGE,
    "dashboard.overview_page": CLASS_PAGE
    + DASHBOARD
    + [
        StyleCheck("table.compact-overview tbody td", "white-space", "normal"),
        StyleCheck(".attention-box", "background-color", "rgba(0, 0, 0, 0)"),
    ],
    # The heat map's cells have their colours (the bug of issue 24: bare numbers, no colour).
    "dashboard.class_hard": CLASS_PAGE
    + DASHBOARD
    + [StyleCheck("td.heat-cell[class*='heat-accuracy-']", "background-color", "rgba(0, 0, 0, 0)")],
    "dashboard.class_report": [StyleCheck(".report-date", "color", "rgb(31, 36, 48)")],
    "dashboard.pupil_page": WIDE + [StyleCheck(".summary", "display", "block")],
    "dashboard.pupil_attempts": WIDE + [StyleCheck(".card--mini, .card--small", "width", "auto")],
    "dashboard.replay_page": WIDE + [StyleCheck(".replay-nav", "display", "block")],
    "dashboard.pupil_report": [StyleCheck(".summary", "display", "block")],
    "pupil_home.home": [StyleCheck(".kid-actions", "display", "block")],  # pupil.css
    "pupil_home.avatar": [StyleCheck(".avatar-grid", "display", "block")],
    "certificates.show": [StyleCheck(".certificate", "text-align", "start")],
    "classplay.lobby": [StyleCheck(".cp-lobby-body", "display", "block")],  # classplay.css
    "classplay.table": [StyleCheck(".cp-table", "display", "block")],
    "classplay_watch.watch": [StyleCheck(".cp-watch-grid", "display", "block")],
    "classplay_watch.projector": [StyleCheck(".pj-grid", "display", "block")],
    "school.index": [StyleCheck(".school-admin .table-scroll", "overflow-x", "visible")],
    "puzzle_review.index": [StyleCheck(".puzzle-review .review-cards", "display", "block")],
}


def tour_endpoints() -> set[str]:
    return {stop.endpoint for stop in TEACHER_TOUR + PUPIL_TOUR}


def build_world(db) -> dict:
    """A teacher with a class whose pupil Noor has answers from two weeks, a finished game and
    a puzzle set: enough for every page to have something on it."""
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    tag = random.randrange(10**9)
    email = f"tour-{tag}@school.example"
    teacher = make.teacher(email=email)
    # The live database may already have an administrator (the first account): make the
    # tour's teacher one too, so the School stop is there whoever came first.
    school_admin.set_role(db, teacher, "admin")
    class_id = make.klass(teacher, f"Tour class {tag}")
    noor = make.pupil(class_id, "Noor", password="sun,tree,boat")
    make.pupil(class_id, "Sem")
    backdate_class(db, class_id, date.today() - timedelta(days=30))
    drills.save(db, class_id, DrillSettings(2, None, ("quick",), 20.0))
    puzzle = seed_puzzles(db)[0]
    today = date.today()
    for days_ago in (8, 2, 1):  # 24 answers: more than the pupil page shows at once
        day = today - timedelta(days=days_ago)
        s = session(db, noor, day)
        for i in range(8):
            attempt(db, noor, day, correct=i % 2 == 0, ms=3000 + 500 * i, puzzle_id=puzzle, session_id=s, second=i * 20)
    add_game(db, noor, today - timedelta(days=2), random.Random(2), me="random")
    set_id = puzzle_sets.create(db, teacher, "Tour set")
    puzzle_sets.add_puzzle(db, set_id, puzzle, 50)
    # One of the teacher's own puzzles, waiting for the administrator's review (issue 38.1).
    own = make_puzzle("all", Position(10, ("R1a", "O2a", "Y3a", "G4"), ("B6", "P5")))
    puzzle_review.store_own(db, teacher, [own])
    puzzle_sets.add_puzzle(db, set_id, own.id, 50)
    code = make.class_row(class_id)["join_code"]
    return {
        "email": email,
        "class_id": class_id,
        "class_name": f"Tour class {tag}",
        "pupil_name": "Noor",
        "set_name": "Tour set",
        "code": code,
    }


def check_styles(page: Page, endpoint: str) -> list[str]:
    """What of the page's own styles did not apply, as messages (none: all applied)."""
    problems = []
    for check in ([] if endpoint in NO_SITE_HEADER else EVERY_PAGE) + STYLE_CHECKS.get(endpoint, []):
        found = page.locator(check.selector).first
        if found.count() == 0:
            problems.append(f"{endpoint}: nothing matches {check.selector}")
            continue
        value = found.evaluate(f"e => getComputedStyle(e).getPropertyValue('{check.prop}')")
        if value == check.unstyled:
            problems.append(f"{endpoint}: {check.selector} has {check.prop} {value!r}, as with no page CSS")
    return problems


def walk(page: Page, app, tour: list[Stop], world: dict, checked_pages: set | None = None) -> list[tuple[str, int]]:
    """Clicks through `tour`; after each stop, the page must be that endpoint's and its styles
    applied, and the first time a page of FIT (or of `checked_pages`) is reached, it must fit
    each size and pass axe-core (`check_page`). Returns (endpoint, page height) per stop."""
    heights, checked = [], set()
    # 20 s, not 10: under the full suite two xdist workers and their Chromiums share two cores,
    # and a click has waited over 10 s for its link to count as "stable" (two painted frames).
    page.set_default_timeout(20_000)
    for n, stop in enumerate(tour):
        stop.clicks(page, world)
        expect(page.locator("main#main")).to_be_visible()
        page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=5000)
        for _ in range(50):
            if endpoint_of(app, page.url) == stop.endpoint:
                break
            page.wait_for_timeout(100)
        assert endpoint_of(app, page.url) == stop.endpoint, (
            f"stop {n}: expected {stop.endpoint}, the clicks led to {page.url}"
        )
        page.wait_for_load_state("domcontentloaded")
        problems = check_styles(page, stop.endpoint)
        assert problems == [], problems
        if stop.endpoint in (FIT if checked_pages is None else checked_pages) and stop.endpoint not in checked:
            check_page(page, app, stop.endpoint)
            checked.add(stop.endpoint)
        heights.append((stop.endpoint, page.evaluate("document.documentElement.scrollHeight")))
    return heights
