"""A pupil has at most MAX_OPEN_GAMES (3) games going at once: a script made 30 in 0.1 s.

ASVS 5.0 V2.4.1 (anti-automation: no garbage-data creation by excessive calls), V2.3.2 (the
documented business limit, docs/security.md, is the one enforced, also against parallel
requests: count and insert are one write transaction)."""

import threading

from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import games
from trainer.store.db import connect
from web_helpers import PupilActions

NEW = {"bot1": "beginner", "length": "round"}


def _active(db, pupil_id):
    return db.execute("SELECT count(*) FROM games WHERE pupil_id = ? AND status = 'active'", [pupil_id]).fetchone()[0]


def test_a_pupil_cannot_open_more_than_three_games(app, client, make, db):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    PupilActions(client, make).login(class_id, pupil_id)
    statuses = [client.post("/games/new", data=NEW).status_code for _ in range(30)]
    assert statuses == [303] * 3 + [409] * 27
    assert _active(db, pupil_id) == app.config["MAX_OPEN_GAMES"] == 3
    refused = client.post("/games/new", data=NEW).get_data(as_text=True)
    assert "You already have 3 games going" in refused
    # Stopping one makes room again; finished and stopped games do not count.
    game_id = db.execute("SELECT id FROM games WHERE pupil_id = ? ORDER BY id LIMIT 1", [pupil_id]).fetchone()[0]
    assert client.post(f"/games/{game_id}/stop").status_code == 303
    assert client.post("/games/new", data=NEW).status_code == 303
    assert _active(db, pupil_id) == 3


def test_the_cap_holds_for_parallel_requests(app, make, db):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    barrier = threading.Barrier(12)
    results = []

    def create():
        conn = connect(app.config["DATABASE"])
        try:
            barrier.wait()
            try:
                games.create(conn, pupil_id, new_game(GameSettings(("random",)), seed=1), 0.0, max_open=3)
                results.append("made")
            except games.TooManyOpen:
                results.append("refused")
        finally:
            conn.close()

    threads = [threading.Thread(target=create) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["made"] * 3 + ["refused"] * 9
    assert _active(db, pupil_id) == 3
