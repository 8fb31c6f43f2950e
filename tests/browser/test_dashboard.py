"""The teacher's dashboard in a real browser: overview, a pupil's charts and their text
equivalents, the game replay, and a finished drill showing up at once."""
import random
import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from dashboard_helpers import attempt, seed_puzzles, session
from trainer.web.demo_history import add_game
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser


def login(page, live_server, email):
    page.goto(live_server.url + "/login")
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My classes")).to_be_visible()


@pytest.fixture
def owls(live_server):
    """Noor practised this week and last (60% then 100% right); Sem never practised."""
    db = live_server.db()
    make = Make(db)
    email = f"owls-{random.randrange(10**9)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Owls")
    noor, sem = make.pupil(class_id, "Noor"), make.pupil(class_id, "Sem")
    puzzle = seed_puzzles(db)[0]
    today = date.today()
    for days_ago, spec in [(8, [True, True, False, False, True]), (1, [True] * 5)]:
        day = today - timedelta(days=days_ago)
        s = session(db, noor, day)
        for i, right in enumerate(spec):
            attempt(db, noor, day, correct=right, ms=3000 + 1000 * i, puzzle_id=puzzle, session_id=s, second=i * 20,
                    rating_after=0.2 * i)
    game_id = add_game(db, noor, today - timedelta(days=2), random.Random(2), me="random")
    db.close()
    return {"email": email, "class_id": class_id, "noor": noor, "sem": sem, "game": game_id,
            "puzzle": puzzle, "today": today}


def test_teacher_reads_the_overview_a_pupils_charts_and_a_replay(page, live_server, watch, owls):
    login(page, live_server, owls["email"])
    page.get_by_role("link", name="Owls").click()
    page.get_by_role("link", name="Dashboard: how the class is doing").click()
    expect(page.get_by_role("heading", name="Dashboard: Owls")).to_be_visible()
    expect(page.get_by_role("heading", name="1 pupil needs attention")).to_be_visible()
    expect(page.get_by_text("Has not practised yet").first).to_be_visible()
    noor_row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Noor", exact=True))
    expect(noor_row).to_contain_text("+40 points")

    page.get_by_role("link", name="Right (7 days)").click()           # sort, on the server
    expect(page).to_have_url(re.compile(r"sort=accuracy&dir=asc"))
    expect(page.locator('th[aria-sort="ascending"]')).to_contain_text("Right (7 days)")

    page.get_by_role("link", name="Noor", exact=True).first.click()
    expect(page.get_by_role("heading", name="How Noor is doing")).to_be_visible()
    for name in ("Right answers per day", "Median time of right answers per day", "Rating at the end of each day"):
        expect(page.get_by_role("img", name=re.compile("^" + name))).to_have_count(1)
    accuracy = page.get_by_role("img", name=re.compile("^Right answers per day"))
    expect(accuracy).to_have_accessible_name(re.compile(r"Right answers: 60% on .*, 100% on .*; 2 values\."))
    page.get_by_text("The numbers in the charts, as a table").click()
    numbers = page.locator("#chart-numbers")
    expect(numbers).to_be_visible()
    expect(numbers.get_by_role("row")).to_have_count(3)                  # header and two days
    expect(numbers.get_by_role("row").nth(1)).to_contain_text("60%")
    expect(numbers.get_by_role("row").nth(2)).to_contain_text("100%")

    page.get_by_role("link", name="Replay").click()
    expect(page.get_by_text("Turn 0 of")).to_be_visible()
    page.get_by_role("link", name="Next turn").click()                  # htmx swaps the viewer
    expect(page.get_by_text(re.compile(r"^\s*Turn 1 of"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"step=1"))
    page.get_by_role("link", name="Show").first.click()
    expect(page.locator(".replay-move")).to_be_visible()
    watch.assert_clean()


def test_a_drill_the_pupil_finishes_shows_on_the_dashboard_at_once(browser, page, live_server, watch, owls):
    """The drill pages belong to issue 5 (branch drills); until they are merged the pupil's side
    is written as rows the way the drills code writes them: a practice session when the drill
    starts, an attempt row per answer, finished_at when it ends."""
    login(page, live_server, owls["email"])
    page.goto(f"{live_server.url}/classes/{owls['class_id']}/dashboard")
    sem_row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Sem", exact=True))
    expect(sem_row).to_contain_text("Not yet")

    pupil = browser.new_context()
    pupil_page = pupil.new_page()
    code = live_server.db().execute("SELECT join_code FROM classes WHERE id = ?", [owls["class_id"]]).fetchone()[0]
    pupil_page.goto(live_server.url + "/join")
    pupil_page.get_by_label("Class code").fill(code)
    pupil_page.get_by_role("button", name="Next").click()
    pupil_page.get_by_role("link", name="Sem").click()
    for picture in ("Sun", "Tree", "Boat"):
        pupil_page.get_by_role("button", name=picture).click()
    expect(pupil_page.get_by_text("You are logged in.")).to_be_visible()

    db = live_server.db()
    s = session(db, owls["sem"], owls["today"], finished=False)
    page.reload()
    expect(sem_row).to_contain_text("Started")
    for i in range(5):
        attempt(db, owls["sem"], owls["today"], correct=i != 2, ms=2500, puzzle_id=owls["puzzle"], session_id=s,
                second=i * 15)
    db.execute("UPDATE practice_sessions SET finished_at = started_at + 300 WHERE id = ?", [s])
    db.close()
    page.reload()
    expect(sem_row).to_contain_text("Done")
    expect(sem_row).to_contain_text("80%")
    expect(sem_row).to_contain_text("5 answers")
    expect(page.get_by_role("heading", name="1 pupil needs attention")).to_have_count(0)
    pupil.close()
    watch.assert_clean()
