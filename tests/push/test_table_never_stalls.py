"""A table never stalls (issue 46.2): with every tablet on push alone (no poll), the live
channel nudges a table at the moment the web app would let the helper bot play (one rule,
trainer.play.presence), for every reason it may: a child who never came (after ARRIVE_WITHIN,
not before), a child gone away. The channel's presence loop and its watcher run on a driven
clock; a tablet asks the web app (play_tables.tick) only when a nudge tells it to."""

from __future__ import annotations

import pytest

from trainer.engine.rules import legal_moves
from trainer.play import live, tables as play_tables
from trainer.play.presence import ARRIVE_WITHIN, AWAY_AFTER
from trainer.push.hub import Hub
from trainer.store import class_tables, live_presence, live_tables, tournaments

START = 2_000_000_000.0
STEP = 0.25


@pytest.fixture
def table(app, db, make):
    class_id = make.klass(make.teacher())
    pupils = [make.pupil(class_id, name) for name in ("Ada", "Bram", "Dirk")]
    tid = tournaments.start(db, class_id, [pupils], play_tables.tournament_games([pupils], "round", 3), now=START)
    table_id = tournaments.table_ids(db, tid)[0]
    seats = {s["pupil_id"]: seat for seat, s in class_tables.seats_of(db, table_id).items()}
    return dict(path=app.config["DATABASE"], table_id=table_id, pupils=pupils, seats=seats)


class Tablets:
    """The children's tablets, each holding its table's stream and nothing else: the channel
    notes those present (live_presence) and tells them what changed (hub events)."""

    def __init__(self, w, db, present):
        self.w, self.db, self.now = w, db, [START]
        self.hub = Hub(lambda slug: live_tables.open_reader(w["path"]), clock=lambda: self.now[0])
        self.writer = live_presence.open_writer(w["path"])
        self.subs = {p: self.hub.subscribe("", "table", w["table_id"], p) for p in present}
        self.nudges: list[float] = []

    def leave(self, pupil):
        self.hub.unsubscribe(self.subs.pop(pupil))

    def run_until(self, end, move=None):
        while self.now[0] < end:
            now = self.now[0]
            for _school, seats in self.hub.presence_due(now):
                live.mark_here(self.writer, seats, now)
            self.hub.tick()
            for pupil, sub in self.subs.items():
                while not sub.queue.empty():
                    if sub.queue.get_nowait().get("due"):
                        if now not in self.nudges:  # one nudge reaches every tablet
                            self.nudges.append(now)
                        play_tables.tick(self.db, self.w["table_id"], pupil, now)  # the board asks
            if move:
                move(now)
            self.now[0] = now + STEP


def _helped(db, table_id):
    return [(seat, why) for _r, _s, seat, why in class_tables.helped_of(class_tables.get(db, table_id))]


def test_a_child_who_never_comes_is_played_for_at_arrive_within_and_the_table_finishes(table, db):
    w = table
    row = class_tables.get(db, w["table_id"])
    first = class_tables.load(row).to_act
    never = next(p for p, s in w["seats"].items() if s == first)
    present = [p for p in w["pupils"] if p != never]
    tablets = Tablets(w, db, present)
    # Nobody moves for a while: the child to act never came, so the table waits for them ...
    tablets.run_until(START + ARRIVE_WITHIN)
    assert tablets.nudges == [] and _helped(db, w["table_id"]) == []
    # ... until ARRIVE_WITHIN, when the channel nudges and the asking tablet has the helper play.
    tablets.run_until(START + ARRIVE_WITHIN + 2 * STEP)
    assert len(tablets.nudges) == 1 and START + ARRIVE_WITHIN < tablets.nudges[0] <= START + ARRIVE_WITHIN + STEP
    assert _helped(db, w["table_id"]) and set(_helped(db, w["table_id"])) == {(first, "away")}

    def the_others_play(now):
        row = class_tables.get(db, w["table_id"])
        game = class_tables.load(row)
        if row["status"] == "playing" and game.to_act != first and not game.state.over:
            pupil = next(p for p, s in w["seats"].items() if s == game.to_act)
            play_tables.play(
                db,
                w["table_id"],
                pupil,
                row["version"],
                f"m{row['version']}",
                lambda g, s: legal_moves(g.state)[0],
                now,
            )

    # The others play on, by push alone: each time the turn comes round to the child who never
    # came, the helper plays it at once, and the round ends.
    tablets.run_until(START + ARRIVE_WITHIN + 120, move=the_others_play)
    game = class_tables.load(class_tables.get(db, w["table_id"]))
    assert game.state.over
    assert {seat for seat, _why in _helped(db, w["table_id"])} == {first}


def test_a_child_whose_tablet_goes_is_played_for_after_away_after(table, db):
    w = table
    row = class_tables.get(db, w["table_id"])
    first = class_tables.load(row).to_act
    leaver = next(p for p, s in w["seats"].items() if s == first)
    tablets = Tablets(w, db, w["pupils"])
    tablets.run_until(START + 60)  # all here, nobody moves: nobody is played for
    assert tablets.nudges == [] and _helped(db, w["table_id"]) == []
    tablets.leave(leaver)
    gone = START + 60
    tablets.run_until(gone + AWAY_AFTER + 10)
    assert len(tablets.nudges) == 1 and gone - 5 + AWAY_AFTER < tablets.nudges[0] <= gone + AWAY_AFTER + STEP
    assert set(_helped(db, w["table_id"])) == {(first, "away")}
