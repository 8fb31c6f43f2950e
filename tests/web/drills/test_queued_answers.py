"""Answers held on the tablet through a Wi-Fi drop (issue 18.1): sent again by the outbox with
`queued_ms`, they are judged at the moment the child gave them — not late — stored once with
`queued` in the outcome, and the ratings move once. The wait is the page's word: it never
makes an answer faster than the server saw it take (issue 45)."""

import pytest

from drill_helpers import CURATED, DrillWorld, right_answer
from trainer.practice import flow
from trainer.puzzles.timing import CLIENT_MUCH_SHORTER, LOAD_ALLOWANCE
from trainer.store import puzzle_sets, puzzles
from trainer.web.core import school_day

OUTAGE_S = 90  # longer than the 20 s limit and the 15 s grace together


def _send(world, attempt, **extra):
    combos = right_answer(world.puzzle_of(attempt))
    return world.answer(attempt["id"], combos, client_ms=6_000, answer_ms=[6_000] * len(combos), **extra)


def test_an_answer_held_through_an_outage_counts_as_given_in_time(world):
    attempt = world.first_puzzle()
    before = world.pupil_rating()
    world.age(attempt["id"], 7 + OUTAGE_S)  # 7 s to answer, then the Wi-Fi was gone
    response = _send(world, attempt, queued_ms=str(OUTAGE_S * 1000))
    assert response.status_code in (200, 303)

    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "answer" and row["correct"] == 1
    assert row["outcome"]["queued"] is True and row["outcome"]["queued_ms"] == OUTAGE_S * 1000
    assert flow.LATE not in row["flags"], "not late"
    # Not fast either: the server saw 97 s, and no wait it can confirm (issue 45).
    assert row["outcome"]["timing"]["source"] == "server" and CLIENT_MUCH_SHORTER in row["flags"]
    assert row["believed_ms"] >= (7 + OUTAGE_S - LOAD_ALLOWANCE) * 1000
    assert world.pupil_rating()[1] == before[1] + 1


def test_the_same_answer_without_its_wait_is_late(world):
    # The control: what the outbox's `queued_ms` changes.
    attempt = world.first_puzzle()
    world.age(attempt["id"], 7 + OUTAGE_S)
    _send(world, attempt)
    row = world.stored(attempt["id"])
    assert row["outcome"]["ending"] == "time_up" and flow.LATE in row["flags"]
    assert "queued" not in row["outcome"]


def _first_of_a_set(world):
    """The set's first puzzle as the pupil's drill, so two pupils get the same puzzle."""
    set_id = puzzle_sets.create(world.db, world.teacher_id, "One")
    puzzle_sets.add_puzzle(world.db, set_id, CURATED[0].id, 50)
    puzzle_sets.set_drill_set(world.db, world.class_id, school_day.today().isoformat(), set_id)
    world.next()
    return world.pending()


def test_a_claimed_wait_never_buys_speed(clock, world, app, db, make):
    # Issue 45, the attack's figures: a puzzle answered after 12 s with client_ms=1500 and a
    # claimed wait of 10.5 s was believed 1.5 s, unflagged, rating +0.085; without the claim,
    # 7.0 s, flagged, +0.047. Now both are judged on the 12 s the server saw (the clock stopped,
    # so that both took exactly that long).
    plain = DrillWorld(app.test_client(), db, make, bank=[])
    plain.login()
    results = {}
    start = puzzles.rating(db, CURATED[0].id)
    for name, w, extra in (("plain", plain, {}), ("claimed", world, {"queued_ms": "10500"})):
        puzzles.set_rating(db, CURATED[0].id, start)  # both meet the puzzle as it was
        attempt = _first_of_a_set(w)
        w.age(attempt["id"], 12)
        combos = right_answer(w.puzzle_of(attempt))
        w.answer(attempt["id"], combos, client_ms=1500, answer_ms=[1500] * len(combos), **extra)
        row = w.stored(attempt["id"])
        results[name] = (row["believed_ms"], row["flags"], row["pupil_rating_after"] - row["pupil_rating_before"])
    assert results["claimed"][1] == results["plain"][1] == [CLIENT_MUCH_SHORTER]
    assert abs(results["claimed"][0] - results["plain"][0]) < 1000 and results["claimed"][0] > 6_000
    assert results["claimed"][2] <= results["plain"][2]


def test_a_resend_after_the_first_got_through_changes_nothing(world):
    # The acknowledgement was lost, not the answer: the outbox sends again.
    attempt = world.first_puzzle()
    world.age(attempt["id"], 7 + OUTAGE_S)
    _send(world, attempt, queued_ms=str(OUTAGE_S * 1000))
    rating = world.pupil_rating()
    stored = world.stored(attempt["id"])
    _send(world, attempt, queued_ms=str((OUTAGE_S + 5) * 1000))
    assert world.stored(attempt["id"]) == stored
    assert world.pupil_rating() == rating


@pytest.mark.parametrize("claimed_s", [flow.MAX_QUEUED_SECONDS - 1, flow.MAX_QUEUED_SECONDS + 1])
def test_a_wait_longer_than_the_puzzle_was_out_is_not_believed(world, claimed_s):
    attempt = world.first_puzzle()
    world.age(attempt["id"], 7 + OUTAGE_S)
    _send(world, attempt, queued_ms=str(claimed_s * 1000))
    row = world.stored(attempt["id"])
    if claimed_s > flow.MAX_QUEUED_SECONDS:
        # Beyond a Wi-Fi drop the answer is kept but judged on nothing (issue 38.4).
        assert row["outcome"]["ending"] == flow.HELD and row["outcome"]["rated"] is False
    else:
        # At most the time since the puzzle was issued, and it buys no speed (issue 45).
        assert row["outcome"]["queued_ms"] <= (7 + OUTAGE_S + 1) * 1000
        assert row["outcome"]["ending"] == "answer"
        assert row["believed_ms"] >= (7 + OUTAGE_S - LOAD_ALLOWANCE) * 1000


@pytest.mark.parametrize("value", ["-5", "nan", "1e400", "١٢٣", "x"])
def test_a_nonsense_wait_is_ignored(world, value):
    attempt = world.first_puzzle()
    world.age(attempt["id"], 7)
    assert _send(world, attempt, queued_ms=value).status_code in (200, 303)
    row = world.stored(attempt["id"])
    assert "queued" not in row["outcome"] and row["correct"] == 1
