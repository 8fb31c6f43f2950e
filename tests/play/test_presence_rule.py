"""The one rule of who is here and when a turn is due (issue 46.2, trainer.play.presence), as
the live channel relies on it: once a turn is due it stays due as time goes on (so the web
app, asked a moment after the channel's nudge, agrees), `due_from` names the moment it falls
due, and a seat nobody opened is waited for ARRIVE_WITHIN, not nudged at once."""

import itertools

import pytest

from trainer.play import presence
from trainer.play.presence import ARRIVE_WITHIN, AWAY_AFTER

STARTED = 1000.0
SEEN = [None, 990.0, 1000.0, 1050.0]
BEGAN = [1000.0, 1040.0]
CLOCKS = [0, 30, 60]


@pytest.mark.parametrize("seen_at, turn_began, clock", list(itertools.product(SEEN, BEGAN, CLOCKS)))
def test_a_due_turn_stays_due_and_falls_due_at_due_from(seen_at, turn_began, clock):
    when, why = presence.due_from(seen_at, STARTED, turn_began, clock)
    moments = [STARTED + t / 4 for t in range(0, 4 * 400)]
    due = [presence.due(seen_at, STARTED, turn_began, clock, now) for now in moments]
    first = next(i for i, d in enumerate(due) if d is not None)
    assert all(d is not None for d in due[first:])  # never due, then not
    assert moments[first - 1] <= when <= moments[first]  # at the moment named
    assert due[first] == why


def test_a_seat_nobody_opened_is_waited_for_then_away():
    assert presence.due(None, STARTED, STARTED, 30, STARTED + ARRIVE_WITHIN) is None
    assert presence.due(None, STARTED, STARTED, 30, STARTED + ARRIVE_WITHIN + 0.25) == "away"
    assert presence.look({0: {"seen_at": None}, 1: {"seen_at": STARTED}}, STARTED + 10, STARTED) == "0n"
    assert presence.look({0: {"seen_at": None}, 1: {"seen_at": STARTED}}, STARTED + AWAY_AFTER + 1, STARTED) == "0n1a"
    assert presence.look({0: {"seen_at": STARTED}}, STARTED + 1, STARTED) == ""
