"""An answer that arrives after the puzzle's time limit plus the grace period counts as a
time-out, whatever it says, and a page cannot claim much less time than the server saw.

ASVS 5.0 V2.3.1 (a step is processed only in its place in the flow: a puzzle's answer within
its time), V2.2.2 (the server's clock decides, not the page's claim), V2.3.2 (the limits
documented in docs/puzzles.md, "Timing plausibility", are the ones enforced).
"""
import pytest

from drill_helpers import DrillWorld, right_answer
from trainer.puzzles.timing import CLIENT_MUCH_SHORTER, check_timing
from trainer.web.drills import flow


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


@pytest.mark.parametrize("late_by", [1, 3600])
def test_a_right_answer_after_the_limit_and_grace_is_stored_as_a_time_up(world, late_by):
    # The attack: a right answer sent 36 s after issue (limit 20 s + 15 s grace) claiming
    # 18.3 s was stored as right and rated; one an hour late counted on the dashboard.
    attempt = world.first_puzzle()
    assert attempt["time_limit_s"] == 20
    world.age(attempt["id"], attempt["time_limit_s"] + flow.GRACE_SECONDS + late_by)
    combos = right_answer(world.puzzle_of(attempt))
    world.answer(attempt["id"], combos, client_ms=18_300, answer_ms=[18_000] * len(combos))
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "time_up" and row["outcome"]["passed"]
    assert row["correct"] == 0 and row["score"] == 0 and row["submitted"] == []
    assert flow.LATE in row["flags"]
    day = world.db.execute("SELECT answered, correct FROM pupil_days WHERE pupil_id = ?",
                           [world.pupil_id]).fetchone()
    assert day == (1, 0)                      # the dashboard counts no right answer
    # Rated like any time-out (as a puzzle left open is): the score is 0, not a win.
    assert row["pupil_rating_after"] <= row["pupil_rating_before"]


def test_a_right_answer_within_the_grace_period_still_counts(world):
    attempt = world.first_puzzle()
    world.age(attempt["id"], attempt["time_limit_s"] + flow.GRACE_SECONDS - 2)
    combos = right_answer(world.puzzle_of(attempt))
    world.answer(attempt["id"], combos, client_ms=19_000, answer_ms=[18_000] * len(combos))
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "answer" and row["correct"] == 1 and flow.LATE not in row["flags"]


def test_a_claim_much_shorter_than_the_servers_interval_is_flagged():
    # 36 s seen by the server, 18.3 s claimed: the old rule believed anything within half the
    # interval (18 s of "loading"); now only the 5 s loading allowance (+2%) is.
    t = check_timing(18.3, 36.0, 3)
    assert t.flags == (CLIENT_MUCH_SHORTER,) and t.source == "server" and t.seconds == pytest.approx(31.0)
    t = check_timing(9.0, 20.0, 3)
    assert t.flags == (CLIENT_MUCH_SHORTER,)
    # A slow page load (4.5 s at 12 s) is honest.
    assert check_timing(7.5, 12.0, 3).plausible
