"""Issue 38.1: nobody steers what other teachers' weakest pupils are served.

The attack: on a school with open registration a visitor registered, uploaded 2,500 valid
puzzles marked difficulty -3 with a 3 s limit, and a pupil rated -1.5 in another teacher's class
was then served them 6 times of 6. Now a teacher's puzzles are their own (served to their
classes only) until the school's administrator accepts them, their difficulty and time limit
come from their features (the file's numbers are not taken), uploads have a quota, and an
administrator can remove any puzzle (docs/puzzles.md "Whose puzzles", docs/security.md)."""

from __future__ import annotations

import html
import io
import json
import random

from drill_helpers import DrillWorld
from trainer.puzzles.features import default_time_limit, initial_difficulty
from trainer.puzzles.generate import generate
from trainer.puzzles.rating import Rating
from trainer.store import practice, puzzle_review, puzzles
from web_helpers import AuthActions, PupilActions

FLOOD = generate(120, random.Random(38))
DRILL = 6


def flood_file(items=FLOOD) -> bytes:
    """The attack's file: every puzzle valid, every one claiming to be as easy and as quick as
    can be."""
    lines = [
        json.dumps({**p.position.to_json(), "kind": p.kind, "focus": p.focus, "difficulty": -3, "time_limit": 3})
        for p in items
    ]
    return "\n".join(lines).encode()


def upload(client, data: bytes):
    return client.post(
        "/puzzles/upload", data={"file": (io.BytesIO(data), "easy.jsonl")}, content_type="multipart/form-data"
    )


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def served_in_a_drill(world: DrillWorld, client) -> list[dict]:
    """The attempts of a drill of DRILL puzzles for the world's pupil, passed one by one."""
    world.set_drill(puzzles=DRILL)
    for _ in range(DRILL):
        assert world.next(client=client).status_code in (200, 303)
        attempt = world.pending()
        if attempt is None:
            break
        world.age(attempt["id"], 8)
        world.answer(attempt["id"], [], client=client)
    return list(world.db.query("SELECT puzzle_id, time_limit_s FROM attempts WHERE pupil_id = ?", [world.pupil_id]))


def weak_pupil(world: DrillWorld, make, client):
    practice.set_pupil_rating(world.db, world.pupil_id, Rating(-1.5, 40))
    PupilActions(client, make).login(world.class_id, world.pupil_id)


def test_a_flood_of_easy_puzzles_never_reaches_another_teachers_weak_pupil(app, db, make):
    world = DrillWorld(app.test_client(), db, make)  # teacher B's class, the shared bank
    attacker = app.test_client()
    attacker_id = AuthActions(attacker, make).login_new_teacher("visitor@example.com")
    assert upload(attacker, flood_file()).status_code == 303
    flood = {p.id for p in FLOOD}
    assert (
        db.execute("SELECT count(*) FROM puzzles WHERE status = 'shared' AND teacher_id = ?", [attacker_id]).fetchone()[
            0
        ]
        == 0
    )

    pupil = app.test_client()
    weak_pupil(world, make, pupil)
    served = served_in_a_drill(world, pupil)
    assert len(served) == DRILL
    assert not flood & {row["puzzle_id"] for row in served}  # 6 of 6 before the fix
    # Nor is any on a worksheet made for teacher B's class.
    assert not flood & {p.id for p in puzzles.bank(db, ("all", "tweak", "best", "joker", "quick"), world.teacher_id)}


def test_the_uploaders_own_class_gets_them_with_the_difficulty_of_their_features(app, db, make):
    attacker = app.test_client()
    attacker_id = AuthActions(attacker, make).login_new_teacher("visitor@example.com")
    assert upload(attacker, flood_file()).status_code == 303
    for puzzle_id, rating, data in db.execute(
        "SELECT id, rating, data FROM puzzles WHERE teacher_id = ?", [attacker_id]
    ):
        stored = puzzles.get(db, puzzle_id)
        assert rating == initial_difficulty(stored.features) != -3
        assert json.loads(data)["time_limit"] == default_time_limit(stored.features) >= 20

    # The uploader's own pupil does get them, at the estimate, with a real time limit.
    world = DrillWorld(app.test_client(), db, make, bank=[])
    db.execute("UPDATE classes SET teacher_id = ? WHERE id = ?", [attacker_id, world.class_id])
    pupil = app.test_client()
    weak_pupil(world, make, pupil)
    served = served_in_a_drill(world, pupil)
    assert len(served) == DRILL and {row["puzzle_id"] for row in served} <= {p.id for p in FLOOD}
    assert min(row["time_limit_s"] for row in served) >= 20


def counts(db) -> tuple:
    return (
        db.execute("SELECT count(*) FROM puzzles").fetchone()[0],
        db.execute("SELECT count(*) FROM puzzle_owners").fetchone()[0],
    )


def test_a_file_of_more_than_500_puzzles_is_refused_whole(client, teacher, db):
    line = json.dumps({**FLOOD[0].position.to_json(), "kind": FLOOD[0].kind, "focus": FLOOD[0].focus})
    before = counts(db)
    response = upload(client, "\n".join([line] * 501).encode())
    assert response.status_code == 400
    assert "This file has 501 puzzles; a file may hold at most 500." in text(response)
    assert counts(db) == before


def test_a_teacher_with_2000_puzzles_waiting_can_add_no_more_and_nothing_is_stored(client, teacher, db):
    # 1,999 of the teacher's own puzzles already wait (rows made directly: the quota counts rows).
    db["puzzles"].insert_all(
        {
            "id": f"all-waiting{i:05d}",
            "kind": "all",
            "data": "{}",
            "source": "teacher",
            "teacher_id": teacher,
            "rating": 0.0,
            "rating_count": 0,
            "target": 9,
            "table_size": 3,
            "combo_size": 2,
            "created_at": "2026-01-01T00:00:00Z",
            "status": "pending",
        }
        for i in range(1999)
    )
    db["puzzle_owners"].insert_all(
        {"teacher_id": teacher, "puzzle_id": f"all-waiting{i:05d}", "created_at": "2026-01-01T00:00:00Z"}
        for i in range(1999)
    )
    before = counts(db)
    response = upload(client, flood_file(FLOOD[:2]))
    assert response.status_code == 400
    page = text(response)
    assert "You have 1,999 puzzles of your own waiting" in page and "at most 2,000 may wait" in page
    assert "Nothing was added." in page
    assert counts(db) == before
    # One more still fits.
    assert upload(client, flood_file(FLOOD[:1])).status_code == 303
    assert puzzle_review.waiting(db, teacher) == 2000


def test_the_editor_counts_against_the_same_quota(client, teacher, db, make):
    ids = make.set_and_sheet(teacher)  # its one puzzle is the teacher's, waiting: 1 + 1,999
    db["puzzles"].insert_all(
        {
            "id": f"all-waiting{i:05d}",
            "kind": "all",
            "data": "{}",
            "source": "teacher",
            "teacher_id": teacher,
            "rating": 0.0,
            "rating_count": 0,
            "target": 9,
            "table_size": 3,
            "combo_size": 2,
            "created_at": "2026-01-01T00:00:00Z",
            "status": "pending",
        }
        for i in range(1999)
    )
    db["puzzle_owners"].insert_all(
        {"teacher_id": teacher, "puzzle_id": f"all-waiting{i:05d}", "created_at": "2026-01-01T00:00:00Z"}
        for i in range(1999)
    )
    before = (counts(db), db.execute("SELECT count(*) FROM puzzle_set_items").fetchone()[0])
    response = client.post(
        f"/sets/{ids['set_id']}/puzzles", data={"table": "R1a", "hand": "B4", "target": "5", "kind": "all"}
    )
    assert response.status_code == 400 and "at most 2,000 may wait" in text(response)
    assert (counts(db), db.execute("SELECT count(*) FROM puzzle_set_items").fetchone()[0]) == before
