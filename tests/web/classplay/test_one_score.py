"""One score (issue 46.4): every screen that shows a child's points at a class table shows
the same figure, their own, as the standings and certificates do (issue 39.1); what the
helper bot won in their turns is shown apart, in words. A tournament table where one child
never comes, so the helper plays all their turns; the server's clock is moved, no test waits."""

import re

import pytest

from classplay_helpers import pupils_logged_in
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.play.presence import ARRIVE_WITHIN
from trainer.store import class_tables, tournaments
from trainer.web.core import school_day

START = 3_000_000.0
SEED = 3


@pytest.fixture
def finished(app, db, make, auth, monkeypatch):
    now = [START]
    monkeypatch.setattr(school_day, "now", lambda: now[0])
    teacher = make.teacher(email="score@school.example")
    class_id = make.klass(teacher, "Score class")
    kids = pupils_logged_in(app, make, class_id, 2)
    seated = [p for p, _ in kids]
    tid = tournaments.start(db, class_id, [seated], play_tables.tournament_games([seated], "round", SEED), now=START)
    table_id = tournaments.table_ids(db, tid)[0]
    here = kids[0]  # kids[1] never comes
    now[0] += ARRIVE_WITHIN + 1
    for _ in range(200):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            break
        if game.to_act == class_tables.seat_of(db, table_id, here[0]):
            play_tables.play(
                db,
                table_id,
                here[0],
                row["version"],
                f"m{row['version']}",
                lambda g, s: legal_moves(g.state)[0],
                now[0],
            )
        else:
            here[1].post(f"/play/tables/{table_id}/live?v={row['version']}")  # the helper plays
        now[0] += 1
    auth.login("score@school.example")
    return dict(db=db, class_id=class_id, table_id=table_id, tid=tid, kids=kids, teacher=auth.client)


def _numbers(html, pattern):
    return [int(n) for n in re.findall(pattern, html)]


def test_every_screen_shows_the_childs_own_points(finished):
    f = finished
    db, table_id = f["db"], f["table_id"]
    game = class_tables.load(class_tables.get(db, table_id))
    assert game.over
    standings = {r["pupil_id"]: r["points"] for r in tournaments.standings(db, f["tid"])}
    raw = game.state.scores()
    seat = {pid: class_tables.seat_of(db, table_id, pid) for pid, _c in f["kids"]}
    never = f["kids"][1][0]
    # Positive control: the helper won points for the child who never came.
    assert raw[seat[never]] > standings[never]
    for pid, client in f["kids"]:
        page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert _numbers(page, r'class="result-points">You got (\d+) point') == [standings[pid]]
        cells = dict(zip(_numbers(page, r'<tr data-seat="(\d+)"'), _numbers(page, r'<td class="points">(\d+)')))
        assert cells == {seat[p]: standings[p] for p in standings}
    mine = f["kids"][1][1].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f"The helper won {raw[seat[never]] - standings[never]} point" in mine
    for url in (f"/classes/{f['class_id']}/play", f"/classes/{f['class_id']}/play/projector"):
        page = f["teacher"].get(url).get_data(as_text=True)
        boxes = dict(
            zip(
                _numbers(page, r'<li class="seat[^"]*" data-seat="(\d+)"'),
                _numbers(page, r'<span class="seat-score-num" aria-hidden="true">(\d+)</span>'),
            )
        )
        assert boxes == {seat[p]: standings[p] for p in standings}, url
        assert "not counted" in page
    # The banner names the winner by the same figure.
    top = max(standings.values())
    winners = [p for p, pts in standings.items() if pts == top]
    projector = f["teacher"].get(f"/classes/{f['class_id']}/play/projector").get_data(as_text=True)
    names = {pid: class_tables.seats_of(db, table_id)[seat[pid]]["name"] for pid in standings}
    if len(winners) == 1:
        assert f"{names[winners[0]]} won!" in projector
    else:
        assert "It is a draw!" in projector
