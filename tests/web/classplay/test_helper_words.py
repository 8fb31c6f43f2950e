"""A helper's move said as the helper's (issue 49, point 2): when the turn clock runs out and
the helper bot plays for a child (issue 16.4), every board's live region says "The helper
played for Bram: …", and the child's own board "The helper played for you: …", never as if
the child had played. The server's clock is moved (trainer.web.core.school_day.now)."""

import re
from dataclasses import replace

from classplay_helpers import NAMES, pupils_logged_in, seated_table
from trainer.store import class_tables, game_limits
from trainer.web.core import school_day

HX = {"HX-Request": "true"}


def live_says(page: str) -> list[str]:
    """The moves the class table's live region will say (static/js/games.js reads them)."""
    block = re.search(r"<div hidden data-live-say=\"\d+\">(.*?)</div>", page, re.S).group(1)
    return [" ".join(t.split()) for t in re.findall(r'<p data-key="[^"]+">(.*?)</p>', block, re.S)]


def helped_table(app, db, make, monkeypatch):
    """A table of three whose first child's 30 s ran out: the helper played that turn."""
    teacher = make.teacher()
    class_id = make.klass(teacher, "Helper class")
    game_limits.put(db, class_id, replace(game_limits.get(db, class_id), turn_clock=30))
    clock = [1_000_000.0]
    monkeypatch.setattr(school_day, "now", lambda: clock[0])
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils)
    row = class_tables.get(db, table_id)
    seat = class_tables.load(row).to_act
    clock[0] += 31
    watcher = pupils[(seat + 1) % 3][1]
    answer = watcher.post(f"/play/tables/{table_id}/live?v={row['version']}", headers=HX)
    assert answer.status_code == 200
    # Nobody polled for 31 s: the child is away as well as late; either way the helper played.
    assert {h[2] for h in class_tables.helped_of(class_tables.get(db, table_id))} == {seat}
    return pupils, table_id, seat, answer.get_data(as_text=True)


def test_16_4_the_helpers_move_is_said_as_the_helpers_on_every_board(app, db, make, monkeypatch):
    pupils, table_id, seat, watcher_page = helped_table(app, db, make, monkeypatch)
    name = NAMES[seat]
    said = live_says(watcher_page)
    assert len(said) == 1 and said[0].startswith(f"The helper played for {name}: "), said
    assert f"{name} played" not in said[0] and f"{name} put" not in said[0]
    own = pupils[seat][1].get(f"/play/tables/{table_id}").get_data(as_text=True)
    mine = live_says(own)
    assert mine and mine[0].startswith("The helper played for you: ") and "You played" not in mine[0], mine


def test_16_4_the_helpers_move_in_the_childs_language(app, db, make, monkeypatch):
    pupils, table_id, seat, _page = helped_table(app, db, make, monkeypatch)
    other = pupils[(seat + 2) % 3][1]
    page = other.get(f"/play/tables/{table_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    said = live_says(page)
    assert said and said[0].startswith(f"Der Helfer hat für {NAMES[seat]} gespielt: "), said
