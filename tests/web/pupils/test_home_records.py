"""A home session marks every record it makes: sittings, answers, games; and the teacher
decides whether a home drill is the daily drill or extra practice (issue 37.1)."""

import pytest

from drill_helpers import DrillWorld
from game_helpers import HX, play
from trainer.engine.rules import legal_moves
from trainer.pupils.home_hours import HomeHours
from trainer.store import games, home_practice
from trainer.web.core import school_day
from trainer.web.dashboard.queries import summaries


@pytest.fixture
def world(client, db, make, app, monkeypatch):
    app.config["TIMEZONE"] = "Europe/Amsterdam"
    # 10:00 on a Wednesday in Amsterdam: inside the default hours.
    monkeypatch.setattr(school_day, "now", lambda: 1796202000.0)
    w = DrillWorld(client, db, make)
    w.set_drill(puzzles=3)
    return w


def home_login(world, client, counts=True):
    home_practice.save_hours(world.db, world.class_id, HomeHours(enabled=True, counts=counts))
    token = home_practice.token("test-secret", world.pupil_id, 0)
    assert client.post("/at-home", data={"token": token}).status_code == 303


def sittings(db, pupil_id):
    return list(db.query("SELECT mode, at_home FROM practice_sessions WHERE pupil_id = ?", [pupil_id]))


def test_a_home_drill_marks_its_sitting_and_answers(world, client, db):
    home_login(world, client)
    world.next()
    attempt = world.pending()
    assert attempt["at_home"] == 1
    assert sittings(db, world.pupil_id) == [{"mode": "drill", "at_home": 1}]


def test_a_school_drill_is_not_marked(world, client, db):
    world.login()
    world.next()
    assert world.pending()["at_home"] == 0
    assert sittings(db, world.pupil_id) == [{"mode": "drill", "at_home": 0}]


def test_extra_home_practice_leaves_the_daily_drill_for_school(world, client, db, app):
    home_login(world, client, counts=False)
    world.next(mode="drill")
    assert sittings(db, world.pupil_id) == [{"mode": "practice", "at_home": 1}]
    # At school the same day, the daily drill is still there to do.
    school = app.test_client()
    world.login(school)
    world.next(client=school)
    assert {"mode": "drill", "at_home": 0} in sittings(db, world.pupil_id)


def test_games_started_at_home_are_marked(world, client, db):
    home_login(world, client)
    assert client.post("/me/play").status_code == 303
    assert client.post("/games/new", data={"bot1": "beginner", "length": "round"}).status_code == 303
    assert [r["at_home"] for r in db.query("SELECT at_home FROM games WHERE pupil_id = ?", [world.pupil_id])] == [1, 1]


def test_games_started_at_school_are_not(world, client, db):
    world.login()
    assert client.post("/me/play").status_code == 303
    assert [r["at_home"] for r in db.query("SELECT at_home FROM games")] == [0]


def test_a_puzzle_issued_at_home_and_answered_at_school_is_a_school_answer(world, client, db, app):
    # Issue 47.1: "at home" is decided per answer, not carried over from how a sitting began.
    home_login(world, client)
    world.next()
    begun_at_home = world.pending()
    assert begun_at_home["at_home"] == 1
    school = app.test_client()
    world.login(school)
    world.answer(begun_at_home["id"], [], client=school)
    assert world.stored(begun_at_home["id"])["at_home"] == 0
    world.next(client=school)
    assert world.pending()["at_home"] == 0


def test_an_answer_given_at_home_is_marked_at_home(world, client, db):
    home_login(world, client)
    world.next()
    attempt = world.pending()
    world.answer(attempt["id"], [])
    assert world.stored(attempt["id"])["at_home"] == 1


def _start_game(client) -> int:
    response = client.post("/games/new", data={"bot1": "beginner", "length": "round"})
    assert response.status_code == 303
    return int(response.headers["Location"].rsplit("/", 1)[1])


def _move(client, db, pupil_id, game_id):
    """One of the pupil's moves (or the next round) as the page makes it."""
    game = games.load(games.get_for_pupil(db, pupil_id, game_id))
    if game.round_over:
        assert client.post(f"/games/{game_id}/next", headers=HX).status_code == 200
    else:
        assert play(client, game_id, legal_moves(game.state)[-1]).status_code == 200
    return games.load(games.get_for_pupil(db, pupil_id, game_id))


def _game_mark(db, game_id):
    return db.execute("SELECT at_home FROM games WHERE id = ?", [game_id]).fetchone()[0]


def test_a_game_begun_at_home_and_finished_at_school_is_a_school_game(world, client, db, app):
    # Issue 47.1: a game's mark is where its last move was made, not how the game began.
    home_login(world, client)
    game_id = _start_game(client)
    _move(client, db, world.pupil_id, game_id)
    assert _game_mark(db, game_id) == 1
    school = app.test_client()
    world.login(school)
    for _ in range(500):
        if _move(school, db, world.pupil_id, game_id).over:
            break
    assert games.get_for_pupil(db, world.pupil_id, game_id)["status"] == "finished"
    assert _game_mark(db, game_id) == 0
    assert summaries.home_days(db, [world.pupil_id], "2000-01-01", "2100-01-01") == {}


def test_a_game_begun_at_school_and_played_on_at_home_is_a_home_game(world, client, db, app):
    school = app.test_client()
    world.login(school)
    game_id = _start_game(school)
    assert _game_mark(db, game_id) == 0
    home_login(world, client)
    _move(client, db, world.pupil_id, game_id)
    assert _game_mark(db, game_id) == 1
    assert summaries.home_days(db, [world.pupil_id], "2000-01-01", "2100-01-01") == {world.pupil_id: 1}
