"""R8 matches: totals, thresholds, dealer rotation (R3.2, D3) and the tie rule (D9)."""

import random
from dataclasses import replace

import pytest

from engine_helpers import make_state
from trainer.bots import make_bot
from trainer.bots.play import play_match
from trainer.engine.match import Match, default_threshold, new_match
from trainer.engine.state import Phase


def finished(dealer, scores_won):
    """A finished 2-player round whose won piles score as given (one R1 card = 3 points)."""
    won = [["R1a"] * (s // 3) for s in scores_won]
    return _over(make_state([[], []], won=won, deck=[], dealer=dealer))


def _over(state):
    return replace(state, phase=Phase.OVER)


@pytest.mark.parametrize("players, threshold", [(2, 140), (3, 120), (4, 100), (5, 80), (6, 60)])
def test_r8_2_thresholds_by_number_of_players(players, threshold):
    assert default_threshold(players) == threshold
    assert new_match(players, random.Random(1)).threshold == threshold


def test_r8_1_round_points_add_up_to_match_totals():
    match = Match(2, ("R", "O", "Y", "G"), 140, first_dealer=0)
    match = match.with_round(finished(0, [30, 12]))
    match = match.with_round(finished(1, [9, 21]))
    assert match.totals == [39, 33]


def test_r3_2_each_later_round_is_dealt_by_the_next_seat():
    match = Match(3, ("R", "O", "Y", "G"), 120, first_dealer=2)
    assert match.next_dealer == 2
    match = Match(3, match.colors, 120, 2, ((1, 1, 1),))
    assert match.next_dealer == 0
    with pytest.raises(ValueError, match="dealer must be seat 0"):
        match.with_round(_over(make_state([[], [], []], deck=[], dealer=2)))


def test_d3_first_dealer_is_drawn_with_the_rng():
    dealers = {new_match(4, random.Random(seed)).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_r8_2_match_ends_after_the_round_in_which_a_total_reaches_the_threshold():
    match = Match(2, ("R",), 30, 0).with_round(finished(0, [27, 3]))
    assert not match.over
    match = match.with_round(finished(1, [3, 6]))
    assert match.over and match.winner == 0


def test_d9_a_shared_top_total_means_another_round():
    match = Match(2, ("R",), 30, 0).with_round(finished(0, [30, 30]))
    assert not match.over and match.winner is None
    match = match.with_round(finished(1, [3, 0]))
    assert match.over and match.winner == 0


def test_r8_no_round_after_the_match_is_over():
    match = Match(2, ("R",), 3, 0).with_round(finished(0, [3, 0]))
    with pytest.raises(ValueError, match="over"):
        match.with_round(finished(1, [3, 0]))


def test_r8_1_only_finished_rounds_count():
    with pytest.raises(ValueError, match="finished"):
        Match(2, ("R",), 30, 0).with_round(make_state([["R1a"], []], deck=[], dealer=0))


def test_r8_a_played_match_runs_until_the_threshold_with_rotating_dealers():
    rng = random.Random(11)
    match = new_match(3, rng, threshold=60)
    bots = [make_bot("random")] * 3
    match, rounds = play_match(match, bots, rng)
    assert match.over and max(match.totals) >= 60
    assert [r.setup.dealer for r in rounds] == [(match.first_dealer + k) % 3 for k in range(len(rounds))]
    assert match.totals == [sum(r.scores()[s] for r in rounds) for s in range(3)]
