"""A drill for a child with "no timer" (issue 49.3): no countdown on the page and nothing sent at
a limit (the page's script never starts one), an answer that takes minutes is an answer, not a
time-out, and it is rated on accuracy alone."""

from trainer.puzzles.drill_settings import UNTIMED_LIMIT
from trainer.store import drills


def _text(response):
    return response.get_data(as_text=True)


def test_the_puzzle_page_has_no_countdown_and_asks_the_script_for_none(world):
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=True)
    attempt = world.first_puzzle()
    assert attempt["timed"] == 0 and attempt["time_limit_s"] == UNTIMED_LIMIT
    page = _text(world.client.get("/practice"))
    assert "data-untimed" in page
    assert "data-countdown" not in page and "Time left" not in page
    # Nor a switch to hide a bar that is not there.
    assert "Hide the time bar" not in _text(world.client.get("/me"))


def test_a_timed_pupil_still_has_the_countdown(world):
    attempt = world.first_puzzle()
    assert attempt["timed"] == 1 and attempt["time_limit_s"] == 20
    page = _text(world.client.get("/practice"))
    assert "data-countdown" in page and "data-untimed" not in page


def test_two_minutes_over_a_puzzle_is_an_answer_rated_on_accuracy(world):
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=True)
    attempt = world.first_puzzle()
    before = world.pupil_rating()
    world.answer_right(attempt, seconds=120, client_ms=118_000)
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "answer" and row["correct"] == 1
    assert row["outcome"]["timed"] is False
    assert row["score"] == 1.0  # right is +1 whatever the time took
    assert "after_the_time_limit" not in row["flags"]
    assert world.pupil_rating()[0] > (before[0] if before else 0.0)


def test_the_same_slow_answer_with_a_timer_is_a_time_out(world):
    attempt = world.first_puzzle()
    world.answer_right(attempt, seconds=120, client_ms=118_000)
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "time_up" and row["correct"] == 0
    assert "timed" not in row["outcome"]  # timed outcomes are stored as they always were


def test_a_puzzle_issued_timed_stays_timed_when_the_teacher_switches(world):
    attempt = world.first_puzzle()
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=True)
    world.answer_right(attempt, seconds=5, client_ms=4_000)
    row = world.stored(attempt["id"])
    assert "timed" not in row["outcome"] and 0 < row["score"] < 1
