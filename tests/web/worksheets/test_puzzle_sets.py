"""The teacher's puzzle sets (issue 20): the tap-to-build editor without JavaScript and its live
answer, the puzzle checks of an upload, saving into a set, printing it, and a set as today's
drill instead of the adaptive choice."""

import html

import pytest

from drill_helpers import CURATED, DrillWorld, right_answer
from trainer.store import puzzle_sets, puzzles
from trainer.web.drills.upload import read_upload
from web_helpers import AuthActions

RULES_EXAMPLE = {"table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"], "target": "9", "kind": "all"}


def text(response):
    return html.unescape(response.get_data(as_text=True))


@pytest.fixture
def set_id(client, teacher):
    response = client.post("/sets", data={"name": "Nines"})
    assert response.status_code == 303
    return int(response.headers["Location"].rsplit("/", 1)[1])


def test_a_set_needs_a_name(client, teacher, db):
    for name, message in (("  ", "Give the set a name."), ("x" * 61, "A name of at most 60 characters, please.")):
        response = client.post("/sets", data={"name": name})
        assert response.status_code == 400 and message in text(response)
    assert db["puzzle_sets"].count == 0


def test_tapping_without_javascript_moves_cards_and_shows_the_answer(client, set_id):
    form = {"table": ["R1a", "O3a"], "hand": ["B4", "P6"], "target": "9", "kind": "all", "place": "table"}
    page = text(client.post(f"/sets/{set_id}/draft", data={**form, "tap": "Y3a"}))
    assert page.count('name="table" value=') == 3  # Y3a went onto the table
    assert "6 plus 3 is 9" in page and "purple 6 + yellow 3:" in page
    page = text(client.post(f"/sets/{set_id}/draft", data={**form, "place": "hand", "tap": "G2a"}))
    assert 'name="hand" value="G2a"' in page and "2 plus 1 is 3, plus 3 is 7" not in page
    page = text(client.post(f"/sets/{set_id}/draft", data={**form, "tap": "P6"}))  # tapped again: back
    assert 'name="hand" value="P6"' not in page and 'aria-pressed="false"' in page


def test_the_live_answer_is_a_fragment_and_ignores_the_tap_the_script_made(client, set_id):
    response = client.post(
        f"/sets/{set_id}/draft", data={**RULES_EXAMPLE, "tap": "G2a"}, headers={"HX-Request": "true"}
    )
    body = text(response)
    assert "<html" not in body and "<form" not in body
    assert body.count("data-key-sum") == 3 and "2 plus 1 is 3, plus 3 is 6, plus 3 is 9" in body  # R5.4


@pytest.mark.parametrize(
    "change, line",
    [
        ({"hand": []}, '{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": [], "kind": "all"}'),
        ({"hand": ["B4"]}, '{"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4"], "kind": "all"}'),
        ({"target": "31"}, '{"target": 31, "table": ["R1a"], "hand": ["B4"], "kind": "all"}'),
        ({"table": []}, '{"target": 9, "table": [], "hand": ["B4"], "kind": "all"}'),
    ],
)
def test_a_bad_position_gets_the_message_an_upload_gets(client, set_id, db, change, line):
    response = client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, **change})
    ((_, message),) = read_upload(line.encode())[1]
    assert response.status_code == 400 and message in text(response)
    assert db["puzzle_set_items"].count == 0


def test_a_puzzle_saved_goes_into_the_bank_and_the_set_once(client, set_id, teacher, db):
    assert client.post(f"/sets/{set_id}/puzzles", data=RULES_EXAMPLE).status_code == 303
    assert "The puzzle is in the set." in text(client.get(f"/sets/{set_id}"))
    client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, "table": ["Y3a", "O3a", "R1a"]})
    assert "The set already holds this puzzle." in text(client.get(f"/sets/{set_id}"))
    assert db.execute("SELECT kind, source, teacher_id FROM puzzles").fetchall() == [("all", "teacher", teacher)]
    assert db["puzzle_set_items"].count == 1


def test_a_focus_card_left_from_another_kind_is_dropped(client, set_id, db):
    response = client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, "kind": "best", "focus": "P6"})
    assert response.status_code == 303
    assert db.execute("SELECT kind FROM puzzles").fetchone() == ("best",)


def test_a_full_set_takes_no_more(client, set_id, db):
    puzzles.store(db, CURATED[:24], "curated")
    for puzzle in CURATED[:24]:
        puzzle_sets.add_puzzle(db, set_id, puzzle.id, 24)
    bank = db["puzzles"].count
    # Issue 38.6: three refused adds once put three puzzles into the bank all the same (31 → 34).
    for target in ("5", "6", "7"):
        response = client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, "target": target})
        assert response.status_code == 400 and "a set holds at most 24 puzzles" in text(response)
    assert db["puzzles"].count == bank
    assert db["puzzle_set_items"].count == 24


def test_a_set_prints_as_a_worksheet_in_its_order(client, set_id, db):
    assert "Add a puzzle to the set first." in text(client.post(f"/sets/{set_id}/worksheet", follow_redirects=True))
    client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, "kind": "quick"})
    client.post(f"/sets/{set_id}/puzzles", data=RULES_EXAMPLE)
    response = client.post(f"/sets/{set_id}/worksheet")
    page = text(client.get(response.headers["Location"]))
    order = puzzle_sets.puzzle_ids(db, set_id)
    assert [page.index(f'data-puzzle-id="{i}"') for i in order] == sorted(
        page.index(f'data-puzzle-id="{i}"') for i in order
    )
    assert "Puzzle set: Nines" in page


def test_taking_a_puzzle_out_and_deleting_the_set(client, set_id, db):
    client.post(f"/sets/{set_id}/puzzles", data=RULES_EXAMPLE)
    (puzzle_id,) = puzzle_sets.puzzle_ids(db, set_id)
    assert client.post(f"/sets/{set_id}/puzzles/{puzzle_id}/remove").status_code == 303
    assert puzzle_sets.puzzle_ids(db, set_id) == []
    assert client.post(f"/sets/{set_id}/delete").status_code == 303
    assert db["puzzle_sets"].count == 0 and db["puzzles"].count == 1  # the bank keeps the puzzle


# A set as today's drill ------------------------------------------------------------------------


@pytest.fixture
def drill_world(app, db, make):
    """DrillWorld's class and pupil (curated bank), its teacher logged in on one client with a
    set of two puzzles, the pupil on another."""
    pupil_client = app.test_client()
    world = DrillWorld(pupil_client, db, make)
    world.login()
    teacher_client = app.test_client()
    email = db.execute("SELECT email FROM teachers WHERE id = ?", [world.teacher_id]).fetchone()[0]
    assert AuthActions(teacher_client, make).login(email).status_code == 303
    set_id = int(teacher_client.post("/sets", data={"name": "Two"}).headers["Location"].rsplit("/", 1)[1])
    for kind in ("quick", "all"):
        assert teacher_client.post(f"/sets/{set_id}/puzzles", data={**RULES_EXAMPLE, "kind": kind}).status_code == 303
    world.teacher_client, world.set_id = teacher_client, set_id
    return world


def test_a_set_as_todays_drill_gives_its_puzzles_in_order_then_ends(drill_world, db):
    w = drill_world
    response = w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(w.set_id)})
    assert response.status_code == 303
    assert "Today every pupil does your set Two" in text(w.teacher_client.get(f"/classes/{w.class_id}/drill"))
    assert "0 of 2 puzzles done" in text(w.client.get("/me"))
    issued = []
    for _ in range(2):
        w.next()
        attempt = w.pending()
        issued.append(attempt["puzzle_id"])
        w.answer_right(attempt)
    assert issued == puzzle_sets.puzzle_ids(db, w.set_id)
    assert "Today's drill is done" in text(w.client.get("/me"))
    session = next(db.query("SELECT planned, puzzle_set_id, finished_at FROM practice_sessions WHERE mode = 'drill'"))
    assert session["planned"] == 2 and session["puzzle_set_id"] == w.set_id and session["finished_at"]


def test_a_pupil_who_started_before_keeps_the_drill_they_started(drill_world, db):
    w = drill_world
    w.set_drill(puzzles=5)
    w.next()
    w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(w.set_id)})
    w.answer_right()
    w.next()
    assert db.execute("SELECT planned, puzzle_set_id FROM practice_sessions").fetchone() == (5, None)


def test_back_to_the_adaptive_drill(drill_world, db):
    w = drill_world
    w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(w.set_id)})
    response = w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": ""})
    assert response.status_code == 303 and db["drill_set_days"].count == 0
    w.set_drill(puzzles=3)
    w.next()
    assert db.execute("SELECT planned, puzzle_set_id FROM practice_sessions").fetchone() == (3, None)


def test_only_a_set_of_ones_own_with_puzzles_can_be_the_drill(drill_world, db, make):
    w = drill_world
    empty = puzzle_sets.create(db, w.teacher_id, "Empty")
    response = w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(empty)})
    assert response.status_code == 400 and "Choose one of your sets that holds puzzles." in text(response)
    theirs = make.set_and_sheet(make.teacher(email="c@school.example"))["set_id"]
    response = w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(theirs)})
    assert response.status_code == 404 and db["drill_set_days"].count == 0
    response = w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": "x"})
    assert response.status_code == 400


def test_right_answers_of_a_set_drill_move_the_ratings(drill_world, db):
    w = drill_world
    w.teacher_client.post(f"/classes/{w.class_id}/drill/set", data={"set_id": str(w.set_id)})
    w.next()
    attempt = w.pending()
    assert right_answer(w.puzzle_of(attempt))
    w.answer_right(attempt)
    assert w.stored(attempt["id"])["correct"] == 1 and w.pupil_rating()[1] == 1
