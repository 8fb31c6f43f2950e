"""Three classmates play whole rounds through the table pages (issue 16), and R9 holds: no
response a pupil received names a card hidden from that pupil at that moment (another
player's hand, the deck's order, the [T!] deck), nor any the teacher's watch page received,
nor any event the live channel sent (issue 36.1: its watcher follows the whole round, and
every event it hands a table's, the lobby's or the projector's subscriber is ids and
versions only)."""

import json
import random

from classplay_helpers import current, form_of, hidden_from, pupils_logged_in, seated_table, shown_ids, some_move
from trainer.cli import export_games
from trainer.engine.records import replay_round
from trainer.push.hub import Hub
from trainer.push.server import HELLO, PING_DATA
from trainer.store import class_tables


def _play_round(app, db, make, auth, seed):
    teacher = make.teacher(email=f"t{seed}@school.example")
    class_id = make.klass(teacher, f"Class {seed}")
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils)
    seats = {pid: class_tables.seat_of(db, table_id, pid) for pid, _c in pupils}
    watcher = app.test_client()
    auth.client = watcher
    auth.login(f"t{seed}@school.example")
    rng = random.Random(seed)
    leaks, responses = [], 0
    hub = Hub(lambda slug: db.conn)
    subscribers = [hub.subscribe("", "table", table_id), hub.subscribe("", "class", class_id)]
    sent = []

    def channel():
        """Every event the channel sends now; checked against every card hidden from anyone."""
        hub.tick()
        _row, game = current(db, table_id)
        for sub in subscribers:
            while not sub.queue.empty():
                event = sub.queue.get_nowait()
                sent.append(event)
                assert set(event) <= {"table", "class", "version", "due"}
                assert all(v is None or type(v) in (int, bool) for v in event.values()), event
                if shown_ids(json.dumps(event), hidden_from(game, None)):
                    leaks.append(("channel", event))

    def check(who, seat, response):
        nonlocal responses
        responses += 1
        assert response.status_code < 500
        _row, game = current(db, table_id)
        html = response.get_data(as_text=True)
        found = shown_ids(html, hidden_from(game, seat))
        if found:
            leaks.append((who, response.request.path, found))
        if seat is not None and not game.state.over and response.status_code == 200:
            # The search finds cards when they are there: the pupil's own hand is shown.
            assert shown_ids(html, game.state.hands[seat]) == set(game.state.hands[seat])

    while True:
        row, game = current(db, table_id)
        for pid, client in pupils:
            check(pid, seats[pid], client.get(f"/play/tables/{table_id}"))
            check(pid, seats[pid], client.post(f"/play/tables/{table_id}/live?v={row['version'] - 1}"))
        check("teacher", None, watcher.get(f"/classes/{class_id}/play"))
        channel()
        if game.state.over:
            break
        seat = game.state.current_player
        pid, client = next((p, c) for p, c in pupils if seats[p] == seat)
        data = {"version": str(row["version"]), **form_of(some_move(game.state, rng))}
        response = client.post(f"/play/tables/{table_id}/move", data=data, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.get_data(as_text=True)
        check(pid, seat, response)
    channel()
    assert leaks == []
    # The channel followed the round: one event for each version the table went through.
    versions = [e["version"] for e in sent if "table" in e]
    assert len(versions) > 10 and versions[-1] is None  # the table finished
    for data in (HELLO, PING_DATA):
        assert json.loads(data) == {}
    return table_id, class_id, responses


def test_three_pupils_play_whole_rounds_and_see_no_hidden_card(app, db, make, auth):
    for seed in (1, 2):
        table_id, _class_id, responses = _play_round(app, db, make, auth, seed)
        assert class_tables.get(db, table_id)["status"] == "finished"
        assert responses > 50
        (record,) = class_tables.rounds_of(db, table_id)
        assert replay_round(record).over


def test_a_finished_round_is_exported_and_replays(app, db, make, auth, capsys):
    table_id, _class_id, _n = _play_round(app, db, make, auth, 4)
    args = type("Args", (), {"db": app.config["DATABASE"]})()
    assert export_games.run(args) == 0
    import json

    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert class_tables.rounds_of(db, table_id)[0] in lines
    for record in lines:
        assert replay_round(record).over
