"""The page for parents (issue 37.3): this child only, in a parent's words, one request, its own
headers, rate-limited, and a friendly 404 for every link that is not alive."""

import re
import time
from datetime import timedelta

import pytest

from dashboard_helpers import attempt, seed_puzzles, session
from parent_helpers import parent_link, print_letters
from trainer.ops.connect import open_database
from trainer.ops.retention import purge
from trainer.web.core import school_day

PAGE_LIMIT = 60 * 1024


@pytest.fixture
def family(app, client, auth, make, db):
    """Sam and Ada in one class; the teacher printed the letters, which made their links."""
    teacher = auth.login_new_teacher("parents@school.example")
    class_id = make.klass(teacher, "Group 5")
    sam, ada = make.pupil(class_id, "Sam"), make.pupil(class_id, "Ada")
    print_letters(client, class_id)
    auth.logout()
    return {
        "class_id": class_id,
        "sam": sam,
        "ada": ada,
        "link": parent_link(app, db, sam),
        "ada_link": parent_link(app, db, ada),
    }


def _text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_the_link_has_160_bits_and_only_its_hash_is_stored(app, db, family):
    assert len(family["link"]) == 27 and re.fullmatch(r"[A-Za-z0-9_-]+", family["link"])
    stored = " ".join(str(v) for row in db.execute("SELECT * FROM parent_links") for v in row)
    assert family["link"] not in stored


def test_the_page_shows_that_child_only(client, db, family):
    puzzle = seed_puzzles(db)[0]
    today = school_day.today()
    last_monday = today - timedelta(days=today.weekday() + 7)
    for day in (last_monday, last_monday + timedelta(days=1)):
        attempt(db, family["sam"], day, correct=True, puzzle_id=puzzle, target=9, combo_size=2, ms=30000)
    for i in range(6):
        attempt(db, family["sam"], today, correct=True, puzzle_id=puzzle, target=9, combo_size=2, second=i)
        attempt(db, family["sam"], today, correct=False, puzzle_id=puzzle, target=10, combo_size=3, second=10 + i)
    session(db, family["sam"], today)
    for i in range(8):  # Ada's answers must change nothing on Sam's page
        attempt(db, family["ada"], today, correct=False, puzzle_id=puzzle, target=7, combo_size=4, second=i)

    response = client.get(f"/family/{family['link']}?lang=en")
    assert response.status_code == 200
    text = _text(response)
    assert "Sam at TWEAK Trainer" in text
    assert "Ada" not in text  # never another child's name
    assert "Group 5" not in text
    assert re.search(r"This week 1 (\d+)", text).group(1) == "1"  # 12 answers of 4 s: 1 minute
    # Last week: two days; each answer's 30 s are cut to its 20 s limit (a tablet left open).
    assert "Last week 2 1" in text
    assert "finding 2 cards that make 9" in text  # good at
    assert "finding 3 cards that make 10" in text  # could practise next
    assert "Who is first to find 3 cards that make 10?" in text  # the game for at home
    assert "1 star" in text and "First drill" in text
    assert "Level 1:" in text
    for ranking in ("rank", "place", "best in", "of the class"):
        assert ranking not in text.lower()


def test_a_child_without_answers_gets_no_advice_and_a_game_with_the_tweak_deck(client, family):
    # Issue 47.6: no "Could practise next" without data; the game says which cards it needs
    # (the TWEAK deck has no 7 to 10, RULES.md R1.1).
    text = _text(client.get(f"/family/{family['link']}?lang=en"))
    assert text.count("Not enough answers yet to say.") == 2  # good at, and practise next
    assert "finding 2 cards" not in text
    assert "Take the TWEAK cards, or the ace to 6 of an ordinary deck" in text and "makes 10" in text
    assert "1 to 10" not in text
    # What a level is, in a parent's words, not "0% of the way to Sum Seeker".
    assert "On the way to level 2, Sum Seeker: 0% there." in text
    assert "The levels show how surely and how quickly Sam finds cards" in text


def test_headers_one_request_and_size(app, family):
    response = app.test_client().get(f"/family/{family['link']}")  # a parent's own phone
    html = response.get_data(as_text=True)
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "private, no-store"
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src" not in csp
    assert "Set-Cookie" not in response.headers  # no account, no session, nothing kept
    assert len(response.data) <= PAGE_LIMIT
    # One request: nothing in the page loads anything (no src, no stylesheet, no script).
    assert not re.search(r"\ssrc\s*=|<script|<link|<img|url\(|@import", html, re.I)
    assert [h for h in re.findall(r'href="([^"]*)"', html) if not h.startswith("?lang=")] == []


def test_the_language_is_the_childs_then_the_teachers_with_a_switch(client, db, family):
    db.execute("UPDATE teachers SET language = 'nl'")
    assert "Oefenen" in _text(client.get(f"/family/{family['link']}"))
    db.execute("UPDATE pupils SET language = 'fi' WHERE id = ?", [family["sam"]])
    response = client.get(f"/family/{family['link']}")
    assert '<html lang="fi">' in response.get_data(as_text=True)
    for lang in ("en", "nl", "da", "de", "fi", "cs"):
        html = client.get(f"/family/{family['link']}?lang={lang}").get_data(as_text=True)
        assert f'<html lang="{lang}">' in html
    assert "Üben" in _text(client.get(f"/family/{family['link']}?lang=de"))


def _gone(response):
    assert response.status_code == 404
    assert "This link does not open a page" in _text(response)
    assert response.headers["Cache-Control"] == "private, no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_unknown_links_get_a_friendly_404(client, family):
    for made_up in ("x", family["link"][:-1] + ("A" if family["link"][-1] != "A" else "B"), "a" * 200):
        _gone(client.get(f"/family/{made_up}?lang=en"))


def test_an_archived_child_or_class_has_no_page(client, db, family):
    db.execute("UPDATE pupils SET archived_at = '2026-01-01T00:00:00' WHERE id = ?", [family["sam"]])
    _gone(client.get(f"/family/{family['link']}?lang=en"))
    assert client.get(f"/family/{family['ada_link']}").status_code == 200
    db.execute("UPDATE classes SET archived_at = '2026-01-01T00:00:00'")
    _gone(client.get(f"/family/{family['ada_link']}?lang=en"))


def test_links_end_with_the_classs_retention_and_the_purge_deletes_them(app, client, db, family):
    db.execute("UPDATE classes SET retention_days = 30")
    db.execute("UPDATE parent_links SET created_at = ? WHERE pupil_id = ?", [time.time() - 31 * 86400, family["sam"]])
    _gone(client.get(f"/family/{family['link']}?lang=en"))
    assert client.get(f"/family/{family['ada_link']}").status_code == 200
    deleted = purge(open_database(app.config["DATABASE"]), 365)
    assert deleted["parent_links"] == 1
    assert [r[0] for r in db.execute("SELECT pupil_id FROM parent_links")] == [family["ada"]]


def test_made_up_links_are_limited_per_address_without_holding_back_valid_links(app, client, family):
    # Issue 47.3: 25 made-up links from one address (a school network, a block of flats) and
    # then a family's valid link from the same address: it opens.
    for _ in range(25):
        client.get("/family/made-up-link")
    refused = client.get("/family/another-made-up-link")
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 3600
    assert client.get(f"/family/{family['link']}").status_code == 200
    assert client.get(f"/family/{family['ada_link']}").status_code == 200


def test_views_of_a_link_are_limited_per_address_for_minutes_never_an_hour(app, client, family):
    app.config.update(PARENT_PAGE_VIEWS=4)
    for _ in range(4):
        assert client.get(f"/family/{family['link']}").status_code == 200
    rested = client.get(f"/family/{family['link']}?lang=en")
    assert rested.status_code == 429 and 0 < int(rested.headers["Retry-After"]) <= 600
    words = _text(rested)
    assert "resting for a moment" in words and "try again in 10 minutes" in words
    assert "very often" not in words  # never the parent's fault
    family_phone = app.test_client()
    family_phone.environ_base["REMOTE_ADDR"] = "10.0.0.2"  # whoever else holds the link
    assert family_phone.get(f"/family/{family['link']}").status_code == 200
    assert client.get(f"/family/{family['ada_link']}").status_code == 200


def test_the_default_limits_let_a_family_refresh_all_evening(app):
    # 120 views of one link from one address in 10 minutes: one every five seconds.
    assert app.config["PARENT_PAGE_VIEWS"] >= 120 and app.config["PARENT_PAGE_VIEWS_WINDOW_SECONDS"] <= 600


def test_the_gdpr_export_names_the_parent_page_but_not_its_link(client, auth, db, family):
    auth.login("parents@school.example")
    body = client.get(f"/pupils/{family['sam']}/export.json").get_data(as_text=True)
    assert '"parent_page"' in body and '"link": "on"' in body
    assert family["link"] not in body
    digest = db.execute("SELECT token_hash FROM parent_links WHERE pupil_id = ?", [family["sam"]]).fetchone()[0]
    assert digest not in body
