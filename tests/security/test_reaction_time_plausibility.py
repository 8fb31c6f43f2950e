"""Reaction times the page reports are checked against the server's own clock: impossible ones
are flagged and replaced, inhumanly fast answers are flagged and never move a rating, whatever
the client sends.

This tests the pure function trainer.puzzles.timing.check_timing and score_attempt, for every
input a hostile page could send (hypothesis). The worked cases are in
tests/puzzles/test_timing.py; the drill endpoint that calls them has its own end-to-end tests
(tests/security/test_late_answers.py, tests/web/drills/).
"""

import math

from hypothesis import given, settings, strategies as st

from puzzle_helpers import RULES_EXAMPLE
from trainer.puzzles import Rating, check_timing, make_puzzle, score_attempt
from trainer.puzzles.timing import (
    CLIENT_LONGER,
    CLIENT_MUCH_SHORTER,
    CLOCK_DRIFT,
    CLOCK_TOLERANCE,
    LOAD_ALLOWANCE,
    MIN_SECONDS_PER_TAP,
    NO_CLIENT_TIME,
    TOO_FAST,
)

SETTINGS = settings(max_examples=300, deadline=None)
# Anything a page (or a script posing as one) could put where the client time goes.
client_claims = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**9), 10**9),
    st.text(max_size=8),
    st.sampled_from(["0", "1e9", "NaN", "-0", [], {}, [1.0]]),
)
server_intervals = st.floats(min_value=0, max_value=3600, allow_nan=False)
taps = st.integers(min_value=1, max_value=12)


def _is_time(value) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value >= 0


@SETTINGS
@given(client=client_claims, server=server_intervals, n=taps)
def test_the_client_cannot_claim_more_time_than_the_server_saw(client, server, n):
    # ASVS 5.0 V2.2.2: validation at the trusted layer; the page's number is believed only
    # when it fits the server's own interval, else flagged and replaced.
    t = check_timing(client, server, n)
    assert t.seconds <= server * (1 + CLOCK_DRIFT) + CLOCK_TOLERANCE
    if not _is_time(client):
        assert NO_CLIENT_TIME in t.flags and (t.source, t.seconds) == ("server", server)
    elif client > server * (1 + CLOCK_DRIFT) + CLOCK_TOLERANCE:
        assert CLIENT_LONGER in t.flags and (t.source, t.seconds) == ("server", server)
    elif server - client > LOAD_ALLOWANCE + server * CLOCK_DRIFT:
        # ...and the page cannot claim far less than it could have taken either.
        assert CLIENT_MUCH_SHORTER in t.flags and (t.source, t.seconds) == ("server", server - LOAD_ALLOWANCE)
    else:
        assert t.source == "client" and t.seconds == float(client)
    assert t.plausible == (t.flags == ())
    assert t.to_json()["flags"] == list(t.flags)  # what is stored for the teacher to see


@SETTINGS
@given(client=client_claims, server=server_intervals, n=taps)
def test_an_answer_faster_than_a_human_is_never_rated(client, server, n):
    # ASVS 5.0 V2.4.2: realistic human timing: no rating moves on an answer faster than
    # MIN_SECONDS_PER_TAP per tapped card, by the server's clock or by the time used.
    t = check_timing(client, server, n)
    floor = MIN_SECONDS_PER_TAP * n
    if t.rated:
        assert server >= floor and t.seconds >= floor and TOO_FAST not in t.flags
    if server < floor:
        assert TOO_FAST in t.flags and not t.rated


PUZZLE = make_puzzle("tweak", RULES_EXAMPLE)
SWEEP = [{"play": "G2a", "capture": ["R1a", "O3a", "Y3a"]}]  # 4 cards tapped: floor 1 s


@settings(max_examples=150, deadline=None)
@given(
    client=client_claims,
    server=st.floats(min_value=0, max_value=0.999),
    pupil=st.floats(-3, 3),
    puzzle=st.floats(-3, 3),
    count=st.integers(0, 500),
)
def test_a_scripted_instant_answer_moves_no_rating(client, server, pupil, puzzle, count):
    # ASVS 5.0 V2.4.2 / V2.3.2: a bot answering right at once gains nothing, and cannot sink
    # a puzzle's rating either, whatever time it claims.
    out = score_attempt(
        PUZZLE,
        SWEEP,
        pupil=Rating(pupil, count),
        puzzle_rating=Rating(puzzle, count),
        client_seconds=client,
        server_seconds=server,
    )
    assert out.grade.correct
    assert out.update is None and TOO_FAST in out.timing.flags
    assert out.pupil_after == Rating(pupil, count) and out.puzzle_after == Rating(puzzle, count)
    assert out.to_json()["rated"] is False


@settings(max_examples=150, deadline=None)
@given(claim=st.floats(min_value=0, max_value=100), server=st.floats(min_value=0, max_value=30))
def test_no_claimed_time_rates_better_than_the_human_floor(claim, server):
    # ASVS 5.0 V2.2.2 / V2.4.2: the page may claim less time than the server saw (the network's
    # share cannot be measured), but a claim that moves a rating is never below the human
    # floor: for these 4 taps at most S = 1 - 1.0/20 = 0.95, a real child's best.
    out = score_attempt(
        PUZZLE, SWEEP, pupil=Rating(), puzzle_rating=Rating(), client_seconds=claim, server_seconds=server
    )
    floor = MIN_SECONDS_PER_TAP * 4
    if out.update is not None:
        assert out.timing.seconds >= floor and out.score <= 1 - floor / out.limit + 1e-9
    else:
        assert TOO_FAST in out.timing.flags
