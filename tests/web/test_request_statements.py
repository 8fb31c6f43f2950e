"""How many SQL statements the hot requests run (issue 36.3; bench/request_cost.py measures
their CPU against the floor app). Each page reads what it needs in as few queries as it takes:
a drill request stays under a fixed number, the teacher's pages do not grow with the pupils or
the tables they show, and settings are read once a request however many puzzles it renders."""

import time

import pytest

import trainer.web.db as web_db
from drill_helpers import DrillWorld
from trainer.games.service import new_game
from trainer.games.settings import TableSettings
from trainer.store import class_tables
from web_helpers import AuthActions

# Measured when these limits were set (2026-12-06, issue 50): next puzzle 25 (the first of the
# day, which makes the sitting: 30), answer 17 as a plain form posts it (redirected) and 22 as
# the tablet's htmx posts it (with the feedback screen); before issue 50, 28, 33, 19 and 26;
# before the changes of issue 36.3, 61 and 40.
NEXT_PUZZLE_AT_MOST = 31
ANSWER_AT_MOST = 23
ANSWER_SCREEN_AT_MOST = 24
HTMX = {"HX-Request": "true"}


class Statements:
    """The SQL statements of the app's connections (trigger steps included), from now on."""

    def __init__(self):
        self.seen: list[str] = []
        self.response = None

    def of(self, call) -> list[str]:
        self.seen.clear()
        self.response = call()
        assert self.response.status_code in (200, 303), self.response.status_code
        return list(self.seen)


@pytest.fixture
def statements(monkeypatch, app):
    counter = Statements()
    opened = web_db.connect

    def counting(path, *args, **kwargs):
        db = opened(path, *args, **kwargs)
        # This test's app only: a browser test's live server in the same test process (its
        # pages may still poll) opens its connections through the same function.
        if str(path) == str(app.config["DATABASE"]):
            db.conn.set_trace_callback(counter.seen.append)
        return db

    monkeypatch.setattr(web_db, "connect", counting)
    return counter


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


def reads_of(sql: list[str], table: str) -> int:
    return sum(f"FROM {table} " in s + " " for s in sql)


def test_a_drill_request_runs_a_bounded_number_of_statements(world, statements):
    world.set_drill(puzzles=10)
    world.next()  # the sitting is made
    world.answer_right()
    issued = statements.of(lambda: world.client.post("/practice/next", data={"mode": "drill"}, headers=HTMX))
    assert len(issued) <= NEXT_PUZZLE_AT_MOST, "\n".join(issued)
    answered = statements.of(lambda: world.answer_right()[1])
    assert len(answered) <= ANSWER_AT_MOST, "\n".join(answered)
    world.next()
    answered = statements.of(lambda: world.answer_right(headers=HTMX)[1])
    assert "data-feedback" in statements.response.get_data(as_text=True)
    assert len(answered) <= ANSWER_SCREEN_AT_MOST, "\n".join(answered)


def test_a_puzzle_screen_reads_the_settings_once_however_many_puzzles_it_renders(world, statements):
    world.set_drill(puzzles=10)
    sql = statements.of(lambda: world.client.post("/practice/next", data={"mode": "drill"}, headers=HTMX))
    # The puzzle shown and the two handed ahead (drills/ahead.py), each rendered with its settings.
    assert statements.response.get_data(as_text=True).count('name="ahead"') == 2
    assert reads_of(sql, "pupil_settings") == 1
    assert reads_of(sql, "drill_settings") == 1


def test_reads_run_without_sqlite_utils_savepoint(world, statements):
    world.set_drill(puzzles=10)
    sql = statements.of(lambda: world.client.post("/practice/next", data={"mode": "drill"}, headers=HTMX))
    assert not [s for s in sql if "sqlite_utils_query" in s]
    assert not [s for s in sql if "sqlite_master" in s]  # no table-name look-ups either


def overview_statements(app, make, db, statements, pupils: int) -> int:
    client = app.test_client()
    teacher_id = AuthActions(client, make).login_new_teacher(email=f"t{pupils}@school.example")
    class_id = make.klass(teacher_id)
    for _ in range(pupils):
        pupil_id = make.pupil(class_id)
        # Something in the columns the overview shows: a rating and a level.
        db.execute(
            "INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, 0.5, 3, '2026-12-01')",
            [pupil_id],
        )
        db.execute("INSERT INTO pupil_levels (pupil_id, level, day) VALUES (?, 1, '2026-12-01')", [pupil_id])
    return len(statements.of(lambda: client.get(f"/classes/{class_id}/dashboard")))


def test_the_class_overview_does_not_grow_with_its_pupils(app, make, db, statements):
    assert overview_statements(app, make, db, statements, 2) == overview_statements(app, make, db, statements, 25)


def projector_statements(app, make, db, statements, tables: int) -> int:
    client = app.test_client()
    teacher_id = AuthActions(client, make).login_new_teacher(email=f"t{tables}@school.example")
    class_id = make.klass(teacher_id)
    now = time.time()
    for n in range(tables):
        first, second = make.pupil(class_id), make.pupil(class_id)
        table_id = class_tables.open_table(db, class_id, first, 2, "full", None, now)
        class_tables.join(db, table_id, second, now)
        row, layout, moved = class_tables.start_plan(db, table_id, first, False)
        class_tables.start(db, row, moved, new_game(TableSettings(layout, "full"), n + 1), now)
    return len(statements.of(lambda: client.get(f"/classes/{class_id}/play")))


def test_the_projector_page_does_not_grow_with_its_tables(app, make, db, statements):
    assert projector_statements(app, make, db, statements, 1) == projector_statements(app, make, db, statements, 4)
