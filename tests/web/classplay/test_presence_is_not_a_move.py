"""Being here is not a move (issue 46.3): a child coming back to the table (or arriving late at
a tournament table) leaves the version a board compares alone, so a tap made on the board
that child's classmate is looking at is never refused for it; the boards still learn who is
here, from the table's look (data-look, and the poll's `a`). The server's clock is moved."""

import re

from classplay_helpers import form_of, pupils_logged_in, seated_table
from trainer.engine.rules import legal_moves
from trainer.play.presence import AWAY_AFTER
from trainer.store import class_tables
from trainer.web.core import school_day


def _look(html: str) -> str:
    found = re.search(r'data-look="([^"]*)"', html)
    return found.group(1) if found else ""


def test_a_classmate_coming_back_does_not_refuse_the_tap_made_meanwhile(app, db, make, monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(school_day, "now", lambda: clock[0])
    class_id = make.klass(make.teacher())
    pupils = pupils_logged_in(app, make, class_id, count=3)
    table_id = seated_table(db, pupils)
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    mover = pupils[game.to_act][1]
    other_seat = (game.to_act + 1) % 3
    back = pupils[other_seat][1]
    # The mover keeps polling; one classmate's tablet went quiet and is away ...
    for _ in range(12):
        clock[0] += 2
        mover.post(f"/play/tables/{table_id}/live?v={row['version']}")
    board = mover.get(f"/play/tables/{table_id}", headers={"HX-Request": "true"}).get_data(as_text=True)
    look = _look(board)
    assert f"{other_seat}a" in look
    # ... and comes back: their poll is news for the boards (who is here), not a move.
    assert back.post(f"/play/tables/{table_id}/live?v={row['version']}").status_code == 200
    assert class_tables.get(db, table_id)["version"] == row["version"]
    answer = mover.post(f"/play/tables/{table_id}/live?v={row['version']}&a={look}", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert f"{other_seat}a" not in _look(answer.get_data(as_text=True))
    # The tap made on the board shown before: done, not "Someone was quicker".
    move = legal_moves(game.state)[0]
    done = mover.post(f"/play/tables/{table_id}/move", data={**form_of(move), "version": str(row["version"])})
    assert done.status_code == 303
    assert class_tables.get(db, table_id)["version"] == row["version"] + 1
    assert clock[0] - 1_000_000.0 > AWAY_AFTER
