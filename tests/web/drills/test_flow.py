"""A pupil's day: today's drill with its progress, puzzles chosen without repeats, free
practice after the drill, time limits with extra time, puzzles left open, streaks."""

import html
from datetime import date, timedelta

import pytest

from drill_helpers import CURATED, DrillWorld, right_answer
from trainer.practice import flow as practice_flow
from trainer.puzzles.rating import Rating
from trainer.store import drills, practice
from trainer.web.core import school_day


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def answer_pending(world, right=True):
    attempt = world.pending()
    world.age(attempt["id"], 10)
    combos = right_answer(world.puzzle_of(attempt)) if right else []
    world.answer(attempt["id"], combos, client_ms=5000, final="done" if right else "pass")
    return attempt


def test_the_home_page_shows_todays_drill_before_it_starts(world):
    world.set_drill(puzzles=6)
    page = text(world.client.get("/me"))
    assert "Today's drill" in page and "0 of 6 puzzles done" in page
    assert '<progress id="drill-progress" max="6" value="0">' in page
    assert "Start today's drill" in page and "Do today's drill to start a streak." in page


def test_a_five_puzzle_drill_counts_up_finishes_and_never_repeats_a_puzzle(world):
    world.set_drill(puzzles=5)
    seen = []
    for done in range(5):
        response = world.next()
        assert response.status_code == 303 and response.headers["Location"] == "/practice"
        attempt = world.pending()
        seen.append(attempt["puzzle_id"])
        answer_pending(world)
        page = text(world.client.get("/practice"))
        assert f"{done + 1} of 5 puzzles done" in page
    assert len(set(seen)) == 5
    session = world.db.execute("SELECT mode, planned, finished_at FROM practice_sessions").fetchone()
    assert session[0] == "drill" and session[1] == 5 and session[2] is not None
    page = text(world.client.get("/practice"))
    assert "Today's drill is done. Well done!" in page and "1 day in a row!" in page
    assert "Practise more" in page
    # Asking for more of the drill gives nothing new.
    world.next()
    assert world.pending() is None
    assert "Practise more" in text(world.client.get("/me"))


def test_free_practice_follows_the_drill_without_repeating_todays_puzzles(world):
    world.set_drill(puzzles=3)
    for _ in range(3):
        world.next()
        answer_pending(world)
    drill_puzzles = {r[0] for r in world.db.execute("SELECT puzzle_id FROM attempts")}
    practice_puzzles = []
    for _ in range(6):
        world.next("practice")
        practice_puzzles.append(world.pending()["puzzle_id"])
        answer_pending(world, right=False)
    assert len(set(practice_puzzles)) == 6 and not drill_puzzles & set(practice_puzzles)
    modes = [r[0] for r in world.db.execute("SELECT mode FROM practice_sessions ORDER BY id")]
    assert modes == ["drill", "practice"]
    assert "6 puzzles practised" in text(world.client.get("/practice"))


def test_practice_before_the_drill_is_done_gives_the_drill(world):
    world.set_drill(puzzles=3)
    world.next("practice")
    assert world.db.execute("SELECT mode FROM practice_sessions").fetchall() == [("drill",)]


def test_when_today_used_every_puzzle_practice_may_repeat_the_drill_but_never_within_itself(client, db, make):
    bank = [p for p in CURATED if p.kind == "quick"][:3]
    world = DrillWorld(client, db, make, bank=bank)
    world.login()
    world.set_drill(puzzles=3, kinds=["quick"])
    for _ in range(3):
        world.next()
        answer_pending(world)
    practised = []
    for _ in range(3):
        world.next("practice")
        practised.append(world.pending()["puzzle_id"])
        answer_pending(world)
    assert sorted(practised) == sorted(p.id for p in bank)
    response = world.next("practice")
    assert response.headers["Location"] == "/me"
    assert "You have done every puzzle there is for today." in text(world.client.get("/me"))


def test_next_and_reload_give_the_same_unanswered_puzzle(world):
    world.set_drill(puzzles=5)
    world.next()
    first = world.pending()["id"]
    world.next()
    page = text(world.client.get("/practice"))
    assert world.pending()["id"] == first and f'value="{first}"' in page
    assert world.db.execute("SELECT count(*) FROM attempts").fetchone()[0] == 1


def test_a_puzzle_left_open_past_its_time_is_closed_as_a_time_out(world):
    attempt = world.first_puzzle()
    world.age(attempt["id"], attempt["time_limit_s"] + practice_flow.GRACE_SECONDS + 1)
    page = text(world.client.get("/practice"))
    assert "Time's up!" in page and "You could have taken" in page
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "abandoned" and row["outcome"]["passed"] and row["score"] == 0
    assert row["flags"] == ["no_client_time"] and row["client_ms"] is None
    assert world.pupil_rating()[1] == 1  # a time-out is an answer: the rating takes it in
    world.next()
    assert world.pending()["id"] != attempt["id"]


def test_the_time_limit_follows_the_drill_and_the_pupils_extra_time(world):
    world.set_drill(puzzles=5, kinds=["all"], time_limit=10)
    drills.set_extra_times(world.db, {world.pupil_id: 7})
    world.next()
    attempt = world.pending()
    puzzle = world.puzzle_of(attempt)
    assert attempt["time_limit_s"] == pytest.approx(round(10 * puzzle.time_limit / 20 + 7, 1))
    assert f'data-limit-ms="{int(attempt["time_limit_s"] * 1000)}"' in text(world.client.get("/practice"))


def test_only_the_chosen_kinds_are_given(world):
    world.set_drill(puzzles=4, kinds=["joker", "tweak"])
    kinds = set()
    for _ in range(4):
        world.next()
        kinds.add(world.pending()["kind"])
        answer_pending(world)
    assert kinds <= {"joker", "tweak"}


def test_a_drill_of_minutes_ends_when_the_answering_time_is_used(world):
    world.set_drill(minutes=1, kinds=["quick"], time_limit=20)  # quick puzzles: 20 s each
    for _ in range(3):
        world.next()
        attempt = world.pending()
        assert "0 of 1 minute done" in text(world.client.get("/practice"))
        # Away for 40 s, but a puzzle counts at most its time limit towards the minutes.
        world.age(attempt["id"], 40)
        world.answer(attempt["id"], [], final="pass")
    session = practice.session(world.db, world.stored(attempt["id"])["session_id"])
    progress = practice_flow.progress(world.db, session)
    assert progress.spent == pytest.approx(60, abs=0.01) and progress.finished
    assert session["planned"] is None and session["planned_minutes"] == 1
    assert "1 of 1 minute done" in text(world.client.get("/me"))


def test_a_new_pupil_starts_at_the_median_of_the_settled_pupils_in_the_class(world, make):
    for value in (0.5, 1.5, 2.5):
        other = make.pupil(world.class_id)
        practice.set_pupil_rating(world.db, other, Rating(value, 30))
    world.set_drill(puzzles=5)
    world.next()
    assert world.pupil_rating() == (1.5, 0)


def test_the_streak_counts_school_days_with_the_drill_done(world, monkeypatch):
    wednesday = date(2025, 3, 12)
    monkeypatch.setattr(school_day, "today", lambda: wednesday)
    for back in (1, 2, 5):  # Tuesday, Monday, and the Friday before; the weekend does not break it
        day = (wednesday - timedelta(days=back)).isoformat()
        world.db.execute(
            "INSERT INTO practice_sessions (pupil_id, mode, day, planned, started_at, finished_at)"
            " VALUES (?, 'drill', ?, 3, 0, 1)",
            [world.pupil_id, day],
        )
    assert "3 days in a row!" in text(world.client.get("/me"))
    world.set_drill(puzzles=1)
    world.next()
    answer_pending(world)
    assert "4 days in a row!" in text(world.client.get("/me"))


def test_the_pupil_can_hide_and_show_the_countdown_bar(world):
    world.set_drill(puzzles=5)
    response = world.client.post("/me/countdown", data={"hide": "1"})
    assert response.status_code == 303 and drills.pupil_settings(world.db, world.pupil_id)["hide_countdown"]
    assert "The time bar is hidden. The time still runs." in text(world.client.get("/me"))
    world.next()
    assert "data-countdown" not in text(world.client.get("/practice"))
    world.client.post("/me/countdown", data={"hide": "0"})
    assert "data-countdown" in text(world.client.get("/practice"))


def test_a_bank_that_is_empty_is_filled_before_the_first_drill(client, db, make, app):
    app.config["PUZZLE_BANK_GENERATED"] = 10
    world = DrillWorld(client, db, make, bank=[])
    world.login()
    assert db["puzzles"].count == 0
    world.next()
    assert db["puzzles"].count > len(CURATED) and world.pending() is not None


def test_the_practice_page_without_a_sitting_goes_home(world):
    response = world.client.get("/practice")
    assert response.status_code == 302 and response.headers["Location"] == "/me"


def test_teachers_and_strangers_are_sent_to_the_pupils_login(client, auth):
    assert client.get("/practice").headers["Location"] == "/join"
    auth.login_new_teacher()
    for url in ("/practice/next", "/practice/answer", "/me/countdown"):
        assert client.post(url, data={}).headers["Location"] == "/join"
