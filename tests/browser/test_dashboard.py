"""The teacher's dashboard in a real browser: overview, a pupil's charts and their text
equivalents, the game replay, and a drill a pupil finishes showing up at once (issue 7.8)."""

import random
import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from browser.conftest import Watch
from browser.drill_steps import answer, current_puzzle
from dashboard_helpers import attempt, backdate_class, seed_puzzles, session
from drill_helpers import CURATED
from trainer.demo.history import add_game
from trainer.puzzles.drill_settings import DrillSettings
from trainer.store import drills, puzzles
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
    today = date.today()
    backdate_class(db, class_id, today - timedelta(days=14))  # long enough for Sem to be missed
    puzzle = seed_puzzles(db)[0]
    for days_ago, spec in [(8, [True, True, False, False, True]), (1, [True] * 5)]:
        day = today - timedelta(days=days_ago)
        s = session(db, noor, day)
        for i, right in enumerate(spec):
            attempt(
                db,
                noor,
                day,
                correct=right,
                ms=3000 + 1000 * i,
                puzzle_id=puzzle,
                session_id=s,
                second=i * 20,
                rating_after=0.2 * i,
            )
    game_id = add_game(db, noor, today - timedelta(days=2), random.Random(2), me="random")
    db.close()
    return {
        "email": email,
        "class_id": class_id,
        "noor": noor,
        "sem": sem,
        "game": game_id,
        "puzzle": puzzle,
        "today": today,
    }


def test_teacher_reads_the_overview_a_pupils_charts_and_a_replay(page, live_server, watch, owls):
    login(page, live_server, owls["email"])
    page.get_by_role("link", name="Owls").click()
    page.get_by_role("link", name="Dashboard: how the class is doing").click()
    expect(page.get_by_role("heading", name="Dashboard: Owls")).to_be_visible()
    expect(page.get_by_role("heading", name="1 pupil needs attention")).to_be_visible()
    expect(page.get_by_text("Has not practised yet").first).to_be_visible()
    noor_row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Noor", exact=True))
    expect(noor_row).to_contain_text("+40 points")

    page.get_by_role("link", name="Right (7 days)").click()  # sort, on the server
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
    expect(numbers.get_by_role("row")).to_have_count(3)  # header and two days
    expect(numbers.get_by_role("row").nth(1)).to_contain_text("60%")
    expect(numbers.get_by_role("row").nth(2)).to_contain_text("100%")

    page.get_by_role("link", name="Replay").click()
    expect(page.get_by_text("Turn 0 of")).to_be_visible()
    page.get_by_role("link", name="Next turn").click()  # htmx swaps the viewer
    expect(page.get_by_text(re.compile(r"^\s*Turn 1 of"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"step=1"))
    page.get_by_role("link", name="Show").first.click()
    expect(page.locator(".replay-move")).to_be_visible()
    watch.assert_clean()


@pytest.fixture
def drill_class(live_server):
    """Mila's class drills two quick puzzles a day; the bank holds the curated puzzles."""
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    email = f"drill-{random.randrange(10**9)}@school.example"
    class_id = make.klass(make.teacher(email=email), "Hedgehogs")
    make.pupil(class_id, "Mila", password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(2, None, ("quick",), 20.0))
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"email": email, "class_id": class_id, "code": code}


def test_a_pupil_finishes_a_drill_and_the_teacher_sees_it_on_the_dashboard(
    browser, page, live_server, watch, drill_class
):
    login(page, live_server, drill_class["email"])
    page.goto(f"{live_server.url}/classes/{drill_class['class_id']}/dashboard")
    mila = page.get_by_role("row").filter(has=page.get_by_role("link", name="Mila", exact=True))
    expect(mila).to_contain_text("Not yet")

    pupil = browser.new_context()
    child = pupil.new_page()
    child_watch = Watch(child, live_server.url)
    child.goto(live_server.url + "/join")
    child.get_by_label("Class code").fill(drill_class["code"])
    child.get_by_role("button", name="Next").click()
    child.get_by_role("link", name="Mila").click()
    for picture in ("Sun", "Tree", "Boat"):
        child.get_by_role("button", name=picture).click()
    child.get_by_role("button", name="Start today's drill").click()
    _, puzzle = current_puzzle(child, live_server)
    answer(child, puzzle, "mouse")  # the first one right
    expect(child.locator("[data-feedback] h1")).to_have_text(re.compile(r"^(Well done!|Great!|Super!)$"))
    child.get_by_role("button", name="Next puzzle").click()
    current_puzzle(child, live_server)
    child.get_by_role("button", name="I don't know").click()  # the second one passed
    expect(child.get_by_text("Today's drill is done. Well done!")).to_be_visible()

    page.reload()
    for text in ("Done", "50%", "1 day"):
        expect(mila).to_contain_text(text)
    expect(mila.locator("td").nth(2)).to_have_text("2")  # answers this week
    page.get_by_role("link", name="Mila", exact=True).first.click()
    expect(page.get_by_role("heading", name="How Mila is doing")).to_be_visible()
    answers = page.locator(".attempt-list > li")
    expect(answers).to_have_count(2)
    expect(answers.nth(0)).to_contain_text("Passed")
    expect(answers.nth(1)).to_contain_text("Right")
    expect(answers.nth(1).locator(f'[data-card="{puzzle.position.table[0]}"]').first).to_be_visible()
    pupil.close()
    child_watch.assert_clean()
    watch.assert_clean()
