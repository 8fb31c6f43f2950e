"""`trainer tournament`: duplicate deals, win shares, 95% intervals over deals, Bradley-Terry Elo."""

import json
import math
import subprocess
import sys

import pytest

from trainer.bots import tournament as T
from trainer.bots.tournament import (
    Game,
    bradley_terry,
    elo,
    lineup,
    make_deals,
    mean_ci95,
    pairwise_results,
    run_games,
    summarize,
    win_shares,
)

CLI = [sys.executable, "-m", "trainer.cli.main", "tournament"]


def run_cli(*args):
    return subprocess.run(CLI + list(args), capture_output=True, text=True)


def test_json_shape():
    done = run_cli("--bots", "casual,random", "--rounds", "4", "--seed", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"players", "rounds", "bots", "elo"}
    assert out["players"] == 2 and out["rounds"] == 4
    assert set(out["bots"]) == set(out["elo"]) == {"casual", "random"}
    for stats in out["bots"].values():
        assert set(stats) == {"win_rate", "ci95", "mean_points"}
        lo, hi = stats["ci95"]
        assert 0.0 <= lo <= stats["win_rate"] <= hi <= 1.0
    assert out["bots"]["casual"]["win_rate"] + out["bots"]["random"]["win_rate"] == pytest.approx(1.0)
    assert out["elo"]["casual"] == 0  # the first bot is the reference
    assert "deals" in done.stderr  # progress goes to stderr


def test_progress_can_be_silenced_and_output_is_deterministic():
    a = run_cli("--bots", "beginner,random", "--rounds", "3", "--seed", "9", "--quiet")
    b = run_cli("--bots", "beginner,random", "--rounds", "3", "--seed", "9", "--quiet", "--jobs", "2")
    assert a.returncode == b.returncode == 0
    assert a.stderr == "" and a.stdout == b.stdout


def test_duplicate_deals_play_every_deck_in_every_seat_rotation(monkeypatch):
    seen = []
    real = T.play_round

    def spy(state, bots, rng):
        seen.append((state.setup, tuple(b.name for b in bots)))
        return real(state, bots, rng)

    monkeypatch.setattr(T, "play_round", spy)
    games = run_games(["casual", "beginner", "random"], 3, rounds=2, seed=5)
    assert len(games) == len(seen) == 6
    for deal in range(2):
        rotations = seen[3 * deal : 3 * deal + 3]
        assert len({setup for setup, _ in rotations}) == 1  # same decks and dealer
        seatings = [names for _, names in rotations]
        for seat in range(3):  # each bot in each seat
            assert {names[seat] for names in seatings} == {"casual", "beginner", "random"}
    assert seen[0][0] != seen[3][0]  # deals differ


def test_two_bots_at_four_seats_alternate_round_the_table():
    assert lineup(["a", "b"], 4, 0) == ("a", "b", "a", "b")
    assert lineup(["a", "b"], 4, 1) == ("b", "a", "b", "a")
    assert lineup(["a", "b", "c"], 3, 2) == ("c", "a", "b")


def test_deals_come_from_the_seed():
    assert make_deals(2, 3, 11) == make_deals(2, 3, 11)
    assert make_deals(2, 3, 11) != make_deals(2, 3, 12)


def test_win_shares_split_a_shared_top():
    assert win_shares([30, 20]) == [1.0, 0.0]
    assert win_shares([25, 25]) == [0.5, 0.5]
    assert win_shares([10, 12, 12]) == [0.0, 0.5, 0.5]
    assert win_shares([7, 7, 7]) == pytest.approx([1 / 3] * 3)


def test_confidence_interval_by_hand():
    # Deal means 1, 0, 1, 1: mean 0.75, sample sd 0.5, half width 1.96 * 0.5 / 2 = 0.49.
    mean, lo, hi = mean_ci95([1.0, 0.0, 1.0, 1.0])
    assert mean == 0.75
    assert lo == pytest.approx(0.75 - 1.959964 * 0.25, abs=1e-6)
    assert hi == 1.0  # clipped
    assert mean_ci95([0.5, 0.5, 0.5]) == (0.5, 0.5, 0.5)


def test_interval_is_over_deals_not_rounds():
    # Two deals; in each, A wins one rotation and loses the other: deal means 0.5, 0.5.
    games = [
        Game(0, 0, ("A", "B"), (10, 5)),
        Game(0, 1, ("B", "A"), (10, 5)),
        Game(1, 0, ("A", "B"), (10, 5)),
        Game(1, 1, ("B", "A"), (10, 5)),
    ]
    out = summarize(games, ["A", "B"], 2, 2)
    assert out["bots"]["A"] == {"win_rate": 0.5, "ci95": [0.5, 0.5], "mean_points": 7.5}


def test_bradley_terry_two_bots_by_hand():
    # A beat B 3 times out of 4: strengths 3:1, Elo difference 400 log10 3.
    wins = {("A", "B"): 3.0, ("B", "A"): 1.0}
    p = bradley_terry(["A", "B"], wins)
    assert p["A"] / p["B"] == pytest.approx(3.0)
    assert elo(["A", "B"], wins)["B"] == pytest.approx(-400 * math.log10(3))


def test_bradley_terry_recovers_exact_strengths():
    # Results exactly as strengths 4:2:1 predict: A-B 4:2, A-C 4:1, B-C 2:1.
    wins = {("A", "B"): 4, ("B", "A"): 2, ("A", "C"): 4, ("C", "A"): 1, ("B", "C"): 2, ("C", "B"): 1}
    ratings = elo(["A", "B", "C"], wins)
    assert ratings["A"] == 0
    assert ratings["B"] == pytest.approx(-400 * math.log10(2), abs=1e-6)
    assert ratings["C"] == pytest.approx(-400 * math.log10(4), abs=1e-6)


def test_pairwise_results_count_ties_as_half():
    games = [Game(0, 0, ("A", "B", "C"), (5, 5, 1))]
    wins = pairwise_results(games, ["A", "B", "C"])
    assert wins[("A", "B")] == wins[("B", "A")] == 0.5
    assert wins[("A", "C")] == 1.0 and wins[("C", "A")] == 0.0


def test_a_bot_that_never_wins_keeps_a_finite_rating():
    ratings = elo(["A", "B"], {("A", "B"): 10.0, ("B", "A"): 0.0})
    assert math.isfinite(ratings["B"]) and ratings["B"] < -400


@pytest.mark.parametrize(
    "args,message",
    [
        (["--bots", "casual,wizard"], "unknown bot level 'wizard'"),
        (["--bots", "casual,casual"], "names a level twice"),
        (["--bots", "casual"], "at least two"),
        (["--bots", "casual,,random"], "empty name"),
        (["--bots", "casual,random", "--players", "7"], "--players must be 2 to 6"),
        (["--bots", "casual,random,beginner", "--players", "2"], "do not fit"),
        (["--bots", "casual,random", "--rounds", "0"], "--rounds must be at least 1"),
        (["--bots", "casual,random", "--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args, message):
    if "--rounds" not in args:
        args = args + ["--rounds", "2"]
    done = run_cli(*args, "--seed", "1")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
