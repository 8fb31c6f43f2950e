"""A child with "no timer" at a class table (issue 49.3): the table's turn clock skips them,
so the helper bot never plays for them while they are at the tablet, however long they think;
once they are away it does, as for everyone. The live channel asks the same rule. The clock is
the test's (tests/clock.py): no test waits."""

from classplay_helpers import pupils_logged_in, seated_table
from trainer.games.settings import ClassLimits
from trainer.play import presence
from trainer.store import class_tables, drills, game_limits, live_tables


def test_the_turn_clock_skips_a_child_with_no_timer(app, db, make, clock):
    class_id = make.klass(make.teacher(email="noclock@school.example"), "No clock class")
    game_limits.put(db, class_id, ClassLimits(turn_clock=30))
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils)
    row = class_tables.get(db, table_id)
    seat = class_tables.load(row).to_act
    slow_id = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
    drills.set_needs(db, slow_id, extra_time_s=0, read_aloud=False, no_timer=True)
    version = row["version"]

    for _ in range(45):  # 90 s of everyone polling: twice the clock
        clock.advance(2)
        for _pid, client in pupils:
            assert client.post(f"/play/tables/{table_id}/live?v={version}").status_code == 204
    after = class_tables.get(db, table_id)
    assert after["version"] == version and class_tables.load(after).to_act == seat
    assert class_tables.helped_of(after) == []
    # The live channel reads the same seats and finds nothing due either.
    table, seats = next((t, s) for tid, _c, _v, t, s in live_tables.live(db.conn) if tid == table_id)
    assert seats[seat]["untimed"] is True
    assert presence.table_due_since(table, seats, clock.now().timestamp()) is None

    # The child puts the tablet down: away, and only then the helper plays for them.
    others = [client for pid, client in pupils if pid != slow_id]
    for _ in range(12):
        clock.advance(2)
        for client in others:
            client.post(f"/play/tables/{table_id}/live?v={version}")
    helped = class_tables.get(db, table_id)
    assert {tuple(h[2:]) for h in class_tables.helped_of(helped)} == {(seat, "away")}


def test_the_rule_itself_gives_a_child_with_no_timer_no_clock():
    table = {"status": "playing", "to_act": 0, "created_at": 1000.0, "updated_at": 1000.0, "turn_clock": 30}
    timed = {0: {"seen_at": 1055.0}}
    untimed = {0: {"seen_at": 1055.0, "untimed": True}}
    assert presence.table_due(table, timed, 1060.0) == "clock"
    assert presence.table_due(table, untimed, 1060.0) is None
    assert presence.table_due(table, untimed, 1055.0 + presence.AWAY_AFTER + 1) == "away"
    assert presence.table_due_since(table, untimed, 1080.0) == 1055.0 + presence.AWAY_AFTER
