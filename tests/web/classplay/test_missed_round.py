"""A child back from a long drop sees the round they missed before playing on (issue 46.4):
until their first move of a new round, what happened begins with how the last round ended,
each child's own points (the figure of the standings), in seat order."""

import re

from classplay_helpers import pupils_logged_in
from trainer.engine.rules import legal_moves
from trainer.games.fair import own_results
from trainer.play import tables as play_tables
from trainer.store import class_tables


def _play_round(db, table_id, pupils, now):
    for _ in range(300):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            return
        pupil = pupils[game.to_act]
        play_tables.play(
            db, table_id, pupil, row["version"], f"m{row['version']}", lambda g, s: legal_moves(g.state)[0], now
        )
    raise AssertionError("the round did not end")


def test_the_child_who_missed_the_end_sees_it_first(app, db, make):
    class_id = make.klass(make.teacher())
    kids = pupils_logged_in(app, make, class_id, 2)
    pupils = [p for p, _c in kids]
    table_id = class_tables.open_table(db, class_id, pupils[0], 2, "full", None, now=100.0)
    class_tables.join(db, table_id, pupils[1], now=101.0)
    play_tables.start(db, table_id, pupils[0], with_bots=False, seed=4, now=102.0)
    by_seat = {class_tables.seat_of(db, table_id, p): p for p in pupils}
    _play_round(db, table_id, by_seat, 103.0)
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    assert not game.over
    names = {s: v["name"] for s, v in class_tables.seats_of(db, table_id).items()}
    points = own_results(game.rounds[0], 0, [])[0]
    # Ann goes on to round 2 while Ben's tablet was away.
    play_tables.play(db, table_id, pupils[0], row["version"], "next-round", None, 104.0)
    ben = kids[1][1]
    page = ben.get(f"/play/tables/{table_id}").get_data(as_text=True)
    said = ", ".join(f"{names[s]}: {points[s]} point{'s' if points[s] != 1 else ''}" for s in sorted(names))
    first = re.search(r'<li class="news-item[^"]*">.*?<span class="news-text">([^<]*)', page, re.S)
    assert first and first.group(1).strip() == f"Round 1 ended. {said}."
    # Once Ben has moved in round 2 it is old news.
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    if game.to_act == class_tables.seat_of(db, table_id, pupils[1]):
        play_tables.play(db, table_id, pupils[1], row["version"], "b1", lambda g, s: legal_moves(g.state)[0], 105.0)
    else:
        play_tables.play(db, table_id, pupils[0], row["version"], "a1", lambda g, s: legal_moves(g.state)[0], 105.0)
        row = class_tables.get(db, table_id)
        play_tables.play(db, table_id, pupils[1], row["version"], "b1", lambda g, s: legal_moves(g.state)[0], 106.0)
    assert "Round 1 ended." not in ben.get(f"/play/tables/{table_id}").get_data(as_text=True)
