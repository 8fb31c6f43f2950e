"""The administrator's review of teachers' puzzles (issue 38.1, /school/puzzles): who may use
it, accepting and keeping out, removing a puzzle with what it was served, and that a removed
puzzle's answers stay on the dashboard."""

import html
import io
import json

import pytest

from drill_helpers import DrillWorld, right_answer
from trainer.engine.positions import Position
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import puzzle_review, puzzle_sets, puzzles
from web_helpers import AuthActions

# The RULES.md example: Bo's own puzzle.
BO_PUZZLE = make_puzzle("all", Position(9, ("R1a", "O3a", "Y3a"), ("B4", "P6", "G2a")))


class School:
    """Head (the administrator), Bo with the pupil Noor and his own puzzle, Cy with the pupil Ann."""

    def __init__(self, app, db, make):
        self.app, self.db, self.make = app, db, make
        self.head = make.teacher(email="head@school.example", name="Head")
        self.bo = DrillWorld(app.test_client(), db, make, bank=[])
        db.execute(
            "UPDATE teachers SET display_name = 'Bo', email = 'bo@school.example' WHERE id = ?", [self.bo.teacher_id]
        )
        puzzle_review.store_own(db, self.bo.teacher_id, [BO_PUZZLE])
        self.set_id = puzzle_sets.create(db, self.bo.teacher_id, "Nines")
        puzzle_sets.add_puzzle(db, self.set_id, BO_PUZZLE.id, 24)
        self.cy = make.teacher(email="cy@school.example", name="Cy")
        self.ann = make.pupil(make.klass(self.cy, "Cy's class"), "Ann")

    def client_of(self, email):
        client = self.app.test_client()
        assert AuthActions(client, self.make).login(email).status_code == 303
        return client

    def offered_to(self, pupil_id) -> bool:
        """Whether the pupil's next adaptive puzzle at this puzzle's rating would be Bo's."""
        nearest = puzzles.nearest_unseen(
            self.db, ["all"], puzzles.rating(self.db, BO_PUZZLE.id).value, pupil_id, "2026-12-04"
        )
        return BO_PUZZLE.id in {pid for pid, _ in nearest}

    def status(self) -> str:
        return self.db.execute("SELECT status FROM puzzles WHERE id = ?", [BO_PUZZLE.id]).fetchone()[0]


@pytest.fixture
def school(app, db, make):
    return School(app, db, make)


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def review(client, decision, puzzle_id=BO_PUZZLE.id):
    return client.post(f"/school/puzzles/{puzzle_id}/review", data={"decision": decision, "show": "pending"})


def test_a_teacher_is_not_an_administrator_here(school):
    bo = school.client_of("bo@school.example")
    assert bo.get("/school/puzzles").status_code == 403
    assert review(bo, "accept").status_code == 403
    assert bo.post(f"/school/puzzles/{BO_PUZZLE.id}/remove").status_code == 403
    assert school.status() == "pending"


def test_the_administrator_finds_the_review_from_the_school_page(school):
    head = school.client_of("head@school.example")
    page = text(head.get("/school"))
    assert 'href="/school/puzzles"' in page
    page = text(head.get("/school/puzzles"))
    assert "Waiting (1)" in page and "In the shared bank (0)" in page
    assert f'data-review-puzzle="{BO_PUZZLE.id}"' in page and "Bo" in page and "Target 9" in page


def test_accepting_puts_the_puzzle_in_every_class(school):
    assert school.offered_to(school.bo.pupil_id) and not school.offered_to(school.ann)
    head = school.client_of("head@school.example")
    response = review(head, "accept")
    assert response.status_code == 303 and response.headers["Location"].startswith("/school/puzzles?show=pending")
    assert school.status() == "shared"
    assert school.offered_to(school.bo.pupil_id) and school.offered_to(school.ann)
    assert "The puzzle is in the shared puzzle bank" in text(head.get("/school/puzzles"))
    assert review(head, "accept").status_code == 404  # nothing waits any more


def test_keeping_out_leaves_the_puzzle_to_its_teacher(school):
    head = school.client_of("head@school.example")
    assert review(head, "keep_out").status_code == 303
    assert school.status() == "private"
    assert school.offered_to(school.bo.pupil_id) and not school.offered_to(school.ann)
    assert "Kept out (1)" in text(head.get("/school/puzzles?show=private"))
    assert review(head, "accept").status_code == 303  # a second thought
    assert school.status() == "shared"


def test_removing_a_puzzle_shows_what_it_was_served_and_keeps_its_answers(school):
    world = school.bo
    world.login()
    world.set_drill(puzzles=1)
    world.next()
    attempt = world.pending()
    assert attempt["puzzle_id"] == BO_PUZZLE.id
    world.age(attempt["id"], 10)
    world.answer(attempt["id"], right_answer(BO_PUZZLE), answer_ms=[4000] * 3)
    head = school.client_of("head@school.example")
    row = text(head.get("/school/puzzles")).split(f'data-review-puzzle="{BO_PUZZLE.id}"')[1].split("</tr>")[0]
    served = [
        cell.split(">")[-1]
        for cell in row.split("</td>")
        if any(f'data-label="{label}"' in cell for label in ("Served", "Answered", "Right"))
    ]
    assert served == ["1", "1", "1"]

    attempts_before = school.db.execute("SELECT * FROM attempts").fetchall()
    response = head.post(f"/school/puzzles/{BO_PUZZLE.id}/remove", data={"show": "pending"})
    assert response.status_code == 303
    assert school.status() == "removed"
    assert not school.offered_to(school.bo.pupil_id) and not school.offered_to(school.ann)
    assert puzzle_sets.puzzle_ids(school.db, school.set_id) == []
    assert school.db.execute("SELECT * FROM attempts").fetchall() == attempts_before
    assert "Removed (1)" in text(head.get("/school/puzzles?show=removed"))
    # Bo's dashboard still shows the answer, with its puzzle.
    bo = school.client_of("bo@school.example")
    page = bo.get(f"/pupils/{world.pupil_id}/attempts")
    assert page.status_code == 200
    assert 'class="attempt attempt--right"' in text(page) and 'data-card="G2a"' in text(page)
    assert head.post(f"/school/puzzles/{BO_PUZZLE.id}/remove").status_code == 404

    # Neither the editor nor an upload brings it back.
    again = bo.post(
        f"/sets/{school.set_id}/puzzles",
        data={"table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"], "target": "9", "kind": "all"},
    )
    assert again.status_code == 400 and "removed this puzzle" in text(again)
    assert puzzle_sets.puzzle_ids(school.db, school.set_id) == []
    line = json.dumps({**BO_PUZZLE.position.to_json(), "kind": "all"}).encode()
    bo.post("/puzzles/upload", data={"file": (io.BytesIO(line), "p.jsonl")}, content_type="multipart/form-data")
    assert "1 puzzle was removed by the school's administrator and is not added." in text(bo.get("/puzzles/upload"))
    assert school.status() == "removed"


def test_any_puzzle_of_the_shared_bank_can_be_removed(school):
    shared = make_puzzle("all", Position(5, ("R1a",), ("B4",)))
    puzzles.store(school.db, [shared], "generated")
    head = school.client_of("head@school.example")
    assert shared.id in text(head.get("/school/puzzles?show=shared"))
    assert head.post(f"/school/puzzles/{shared.id}/remove").status_code == 303
    assert school.db.execute("SELECT status FROM puzzles WHERE id = ?", [shared.id]).fetchone()[0] == "removed"


@pytest.mark.parametrize(
    "path, data, status",
    [
        ("/school/puzzles/all-000000000000/review", {"decision": "accept"}, 404),
        ("/school/puzzles/all-000000000000/remove", {}, 404),
        (f"/school/puzzles/{BO_PUZZLE.id}/review", {"decision": "maybe"}, 400),
        (f"/school/puzzles/{BO_PUZZLE.id}/review", {}, 400),
    ],
)
def test_bad_requests_change_nothing(school, path, data, status):
    head = school.client_of("head@school.example")
    before = school.db.execute("SELECT id, status FROM puzzles ORDER BY id").fetchall()
    assert head.post(path, data=data).status_code == status
    assert school.db.execute("SELECT id, status FROM puzzles ORDER BY id").fetchall() == before


def test_odd_page_arguments_are_read_safely(school):
    head = school.client_of("head@school.example")
    for query in ("show=nonsense", "page=-1", "page=٣", "page=99999999999", "show=pending&page=7"):
        assert head.get(f"/school/puzzles?{query}").status_code == 200


def test_a_teachers_own_puzzles_are_in_their_account_download(school):
    puzzle_review.store_own(school.db, school.cy, [BO_PUZZLE])  # Cy uploaded the same content
    for email, teacher in (("bo@school.example", school.bo.teacher_id), ("cy@school.example", school.cy)):
        download = school.client_of(email).get(f"/teachers/{teacher}/export.json").get_json()
        assert download["uploaded_puzzles"] == [BO_PUZZLE.id]
    assert school.offered_to(school.ann)  # and so Cy's class gets it too
