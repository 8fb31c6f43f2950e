"""Every bot level plays whole, legal rounds for 2-6 players (R3.1), replayable from the record."""

import json
import random
import subprocess
import sys

import pytest

from trainer.bots import LEVELS, make_bot
from trainer.bots.play import play_round
from trainer.engine.records import replay_round, round_record
from trainer.engine.state import new_round

# Small search budgets keep the suite fast; the defaults are exercised below and in bench/.
SMALL = {"clever": {"playouts": 16, "endgame_nodes": 300}, "expert": {"playouts": 16, "endgame_nodes": 300}}
LEVEL_NAMES = ["random", "beginner", "casual", "clever", "expert"]


def small_bot(level):
    return make_bot(level, **SMALL.get(level, {}))


def test_all_levels_are_registered():
    assert list(LEVELS) == LEVEL_NAMES


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_level_plays_legal_rounds_that_replay(level, players):
    rng = random.Random(players * 31 + len(level))
    bot = small_bot(level)
    state = play_round(new_round(players, rng), [bot] * players, rng)
    assert state.over
    record = round_record(state)
    replayed = replay_round(json.loads(json.dumps(record)))
    assert replayed.over and replayed.scores() == state.scores()
    # R6.4: the round ends with the deck and every hand empty.
    assert not replayed.deck and not any(replayed.hands)


@pytest.mark.parametrize("level", ["beginner", "casual", "clever", "expert"])
def test_level_against_other_levels_in_one_round(level):
    rng = random.Random(7)
    bots = [small_bot(level), make_bot("random"), small_bot("casual"), make_bot("beginner")]
    state = play_round(new_round(4, rng), bots, rng)
    assert replay_round(round_record(state)).scores() == state.scores()


def test_default_search_levels_play_a_legal_round():
    rng = random.Random(3)
    state = play_round(new_round(2, rng), [make_bot("clever"), make_bot("expert")], rng)
    assert replay_round(round_record(state)).scores() == state.scores()


def test_same_seed_same_round():
    def record(seed):
        rng = random.Random(seed)
        bots = [small_bot("expert"), small_bot("clever"), small_bot("beginner")]
        return round_record(play_round(new_round(3, rng), bots, rng))

    assert record(5) == record(5)


def test_trainer_play_records_replay_through_trainer_replay():
    cmd = [sys.executable, "-m", "trainer.cli.main"]
    played = subprocess.run(
        cmd + ["play", "--players", "3", "--bots", "beginner,casual,random", "--seed", "4", "--rounds", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    replayed = subprocess.run(
        cmd + ["replay", "--lines"], input=played.stdout, capture_output=True, text=True, check=True
    )
    results = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(results) == 2 and all(r["finished"] for r in results)
