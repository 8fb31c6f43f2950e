"""Static checks of a page's HTML shared by the accessibility tests of each area; and which pages
a browser checks for fitting the screen and for axe, and how (FIT, below)."""

from dataclasses import dataclass
from html.parser import HTMLParser


class PageScan(HTMLParser):
    """What is on the page. The content of a <template> is not (it is an inert fragment until
    a script puts it in place of what is there: the puzzles handed out ahead, issue 18)."""

    def __init__(self):
        super().__init__()
        self.ids, self.label_for, self.inputs, self.h1 = [], set(), [], 0
        self.in_template = 0

    def handle_endtag(self, tag):
        if tag == "template":
            self.in_template -= 1

    def handle_starttag(self, tag, attrs):
        if tag == "template":
            self.in_template += 1
        if self.in_template:
            return
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "label" and "for" in a:
            self.label_for.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.inputs.append(a)
        if tag == "h1":
            self.h1 += 1


def assert_accessible_at_a_glance(path: str, html: str) -> PageScan:
    """Unique ids, a label for every field, exactly one h1 (WCAG 2.2: 1.3.1, 4.1.1, 2.4.6)."""
    scan = PageScan()
    scan.feed(html)
    assert len(scan.ids) == len(set(scan.ids)), f"duplicate ids on {path}"
    for field in scan.inputs:
        assert field.get("id") in scan.label_for, f"unlabelled field on {path}: {field}"
    assert scan.h1 == 1, f"{path} should have exactly one h1"
    return scan


# --- What every page for children, parents and the classroom's wall is checked for (issue 48.4) ---
#
# The pages come from the route table: each GET endpoint whose audience (tests/route_table.py) is
# one of CHECKED is in FIT, with what must be on the screen at each size, or in NOT_FIT with the
# reason; a download, a poll or a redirect is no page (NOT_PAGES in tests/browser/tour.py).
# tests/web/test_checks_cover_every_page.py holds this to app.url_map, and FIT to where each page
# is checked: the click-through tour checks every stop in FIT (tests/browser/tour.py), and a page
# the tour cannot reach is checked by `check_page(page, app, "<endpoint>")` in the browser test
# that opens it. `check_page` (tests/browser/screen_fit.py) sets each size of the page's audience
# on the page already open, and checks there that it fits and that axe-core finds nothing.
# The headers (Cache-Control: no-store, the CSP) of every GET route, for every kind of visitor,
# are the security walk's (tests/security/test_security_headers_every_page.py).

CHECKED = ("pupil", "parent", "projector", "everyone")
TABLET, TABLET_UPRIGHT, PHONE, PHONE_SIDEWAYS = (1024, 768), (768, 1024), (390, 844), (844, 390)
FULL_HD, HD = (1920, 1080), (1280, 720)
# A tablet either way up and a phone either way up (issue 47.5: a phone held sideways is how many
# children hold one at home): every page a child, a parent or anyone sees.
PUPIL_SIZES = (TABLET, TABLET_UPRIGHT, PHONE, PHONE_SIDEWAYS)
# A projector is a wall held sideways: a full-HD screen, an HD beamer and an old 4:3 one. Not the
# upright tablet and phone: no classroom's wall stands that way up, and the page is made to fill
# the wall it has (8 tables on 1920×1080: tests/browser/test_projector.py).
PROJECTOR_SIZES = (FULL_HD, HD, TABLET)
SIZES = {"pupil": PUPIL_SIZES, "everyone": PUPIL_SIZES, "parent": PUPIL_SIZES, "projector": PROJECTOR_SIZES}


@dataclass(frozen=True)
class Fit:
    """`must_see`: (selector, what) pairs inside the screen at every size. The page is no wider
    than the screen and opens at its top; unless `scrolls` says why it may, no taller either."""

    must_see: tuple[tuple[str, str], ...]
    scrolls: str = ""


BOARD = ((".target-card", "the magic number"), (".table-cards", "the table"), (".hand-cards", "the hand"))
HEADING = (("main h1", "the heading"),)

FIT = {
    "pages.home": Fit(
        HEADING + (("main a[href$='/join']", "I am a pupil"),),
        scrolls="on a phone the teachers' way in and what the app is are below the pupils' way in",
    ),
    "pages.how_to_play": Fit(HEADING, scrolls="the rules of the game, read from the top down"),
    "pupil_login.join": Fit((("#join #f-code", "the code field"), ("#join button", "Next"))),
    "pupil_login.names": Fit(
        (("main h1", "the question"), (".name-button >> nth=0", "the first name")),
        scrolls="a class's names, 28 of them in tests/browser/test_login_screens_fit.py",
    ),
    "pupil_login.pictures_step": Fit(
        ((".picture-button", "each picture"),),
        scrolls='on a tablet "Start again" and "This is not me" are below the nine '
        "pictures (897 px at 1024×768); on a phone all fits "
        "(tests/browser/test_login_screens_fit.py)",
    ),
    "pupil_home.home": Fit(((".kid-actions", "the buttons"),)),
    "pupil_home.avatar": Fit(((".avatar-choice", "each character"),)),
    "practice.show": Fit(((".puzzle-actions button", "the buttons"), (".puzzle .card-button", "the cards"))),
    "games.new": Fit(HEADING, scrolls="the new game's choices (1088 px tall at 1024×768)"),
    "games.show": Fit(BOARD),
    "family.new": Fit(HEADING, scrolls="the family table's choices, as the new game's"),
    "family.show": Fit((("#hand-over-title", "who the tablet goes to"), (".hand-over-button", "show my cards"))),
    "table_check.pupil": Fit(
        HEADING,
        scrolls="a tool for a table of printed cards: the magic number, where a "
        "tap goes, the table, the hand and all 54 cards to pick from; "
        "nothing sticks out sideways (tests/browser/test_check_table.py)",
    ),
    "classplay.lobby": Fit(HEADING + (("button:text('Open a table')", "Open a table"),)),
    "classplay.table": Fit(HEADING),
    "classplay_watch.projector": Fit(((".pj-grid", "the tables"),)),
    "home_login.welcome": Fit(
        (("#at-home h1", "the heading"), ("#at-home .calm-box", "why the QR code opens nothing"))
    ),
    "home_login.closed": Fit(((".see-you h1", "See you tomorrow!"), (".see-you button", "Log out"))),
    "install.offline": Fit(HEADING + (("main a.button", "Try again"),)),
    "parent_page.show": Fit(HEADING, scrolls="a parent reads on, down the child's weeks and skills"),
    "signin_confirm.ask": Fit((("#was-that-you button", "the answers"),)),
}
# Pages of those audiences that are not checked, each with why.
NOT_FIT: dict[str, str] = {}
