"""One switch (issue 49.2): the step the teacher set is on <main> of every page that child sees,
with the scanner's address, and on nobody else's; and a child who scans has no clock anywhere,
decided where "no timer" is (drills.UNTIMED_SQL): no drill countdown, no turn clock at a class
table. The scanning itself: tests/browser/test_one_switch.py."""

import re

import pytest

from classplay_helpers import pupils_logged_in, seated_table
from drill_helpers import DrillWorld
from trainer.games.settings import ClassLimits
from trainer.play import presence
from trainer.puzzles.drill_settings import UNTIMED_LIMIT
from trainer.store import class_tables, drills, game_limits, live_tables
from web_helpers import PupilActions


def text(response):
    return response.get_data(as_text=True)


def main_tag(html):
    return re.search(r"<main [^>]*>", html).group(0)


def scans(pupil_id, db, step=1.5):
    drills.set_needs(db, pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, switch_step_s=step)


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


def test_the_step_and_the_scanner_are_on_every_page_of_that_child_only(world, app, make):
    scans(world.pupil_id, world.db)
    world.set_drill(puzzles=2)
    world.next()
    for url in ("/me", "/practice", "/games/new"):
        tag = main_tag(text(world.client.get(url)))
        assert 'data-switch-step="1.5"' in tag and re.search(r'data-switch-script="/static/js/switch\.\w+\.js"', tag), (
            url
        )

    classmate = make.pupil(world.class_id, "Ola")
    other = app.test_client()
    PupilActions(other, make).login(world.class_id, classmate)
    for url in ("/me", "/games/new"):
        page = text(other.get(url))
        assert "data-switch" not in page and "switch.js" not in page, url


def test_a_teachers_page_never_scans(auth, teacher, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    scans(pupil_id, db)
    for url in (f"/pupils/{pupil_id}/needs", f"/classes/{class_id}"):
        assert "data-switch" not in text(auth.client.get(url)), url


def test_switch_off_again_takes_it_away(world):
    scans(world.pupil_id, world.db)
    scans(world.pupil_id, world.db, step=None)
    assert "data-switch" not in main_tag(text(world.client.get("/me")))


def test_a_drill_puzzle_has_no_clock_for_a_child_who_scans(world):
    scans(world.pupil_id, world.db, step=5.0)
    kept = drills.pupil_settings(world.db, world.pupil_id)
    assert kept["untimed"] is True and kept["no_timer"] is False  # the teacher's box stays as ticked
    attempt = world.first_puzzle()
    assert attempt["timed"] == 0 and attempt["time_limit_s"] == UNTIMED_LIMIT
    page = text(world.client.get("/practice"))
    assert "data-untimed" in page and "data-countdown" not in page and "Time left" not in page
    assert "Hide the time bar" not in text(world.client.get("/me"))


def test_a_class_tables_turn_clock_skips_a_child_who_scans(app, db, make, clock):
    class_id = make.klass(make.teacher(email="oneswitch@school.example"), "One switch class")
    game_limits.put(db, class_id, ClassLimits(turn_clock=30))
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils)
    row = class_tables.get(db, table_id)
    seat = class_tables.load(row).to_act
    scanning_id = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
    scans(scanning_id, db, step=3.0)
    assert class_tables.seats_of(db, table_id)[seat]["untimed"] is True

    for _ in range(45):  # 90 s of everyone polling: three times the clock
        clock.advance(2)
        for _pid, client in pupils:
            assert client.post(f"/play/tables/{table_id}/live?v={row['version']}").status_code == 204
    after = class_tables.get(db, table_id)
    assert after["version"] == row["version"] and class_tables.helped_of(after) == []
    # The live channel reads the same rule.
    table, seats = next((t, s) for tid, _c, _v, t, s in live_tables.live(db.conn) if tid == table_id)
    assert seats[seat]["untimed"] is True
    assert presence.table_due_since(table, seats, clock.now().timestamp()) is None
