"""The turn clock through the pages (issue 16.4): the teacher sets it on the class's game
settings, a table started afterwards has it, and when a child's turn runs out the next poll
(anyone's) has the helper bot play it and every board says so. The server's clock is moved
(trainer.web.core.school_day.now), no test waits."""

import re

from classplay_helpers import pupils_logged_in, seated_table
from trainer.store import class_tables, game_limits
from trainer.web.core import school_day


def test_the_teachers_clock_runs_out_and_the_board_says_the_helper_played(app, db, make, auth, monkeypatch):
    teacher = make.teacher(email="clock@school.example")
    class_id = make.klass(teacher, "Clock class")
    auth.login("clock@school.example")
    page = auth.client.get(f"/classes/{class_id}/games").get_data(as_text=True)
    assert 'name="turn_clock"' in page
    form = {"levels": ["casual"], "lengths": ["round"], "max_bots": "2", "aim": "50", "turn_clock": "30"}
    assert auth.client.post(f"/classes/{class_id}/games", data=form).status_code == 200
    assert game_limits.get(db, class_id).turn_clock == 30
    bad = auth.client.post(f"/classes/{class_id}/games", data={**form, "turn_clock": "45"})
    assert bad.status_code == 400 and game_limits.get(db, class_id).turn_clock == 30

    clock = [1_000_000.0]
    monkeypatch.setattr(school_day, "now", lambda: clock[0])
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils)
    row = class_tables.get(db, table_id)
    assert row["turn_clock"] == 30
    seat = class_tables.load(row).to_act
    version = row["version"]
    for _ in range(1, 15):  # 28 s of everyone polling: nothing happens
        clock[0] += 2
        for _pid, client in pupils:
            assert client.post(f"/play/tables/{table_id}/live?v={version}").status_code == 204
    clock[0] += 3  # 31 s: the clock ran out
    _pid, watcher = pupils[(seat + 1) % 3]
    answer = watcher.post(f"/play/tables/{table_id}/live?v={version}", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert "time was up: the helper played" in html
    assert int(re.search(r'data-version="(\d+)"', html).group(1)) > version
    after = class_tables.get(db, table_id)
    assert class_tables.load(after).to_act != seat
    assert {tuple(h[2:]) for h in class_tables.helped_of(after)} == {(seat, "clock")}
