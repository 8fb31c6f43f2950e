"""tweak-round/1 and tweak-match/1 records (FORMATS.md): writing, reading, replaying, exact errors."""

import copy
import random

import pytest

from examples import load
from trainer.bots import make_bot
from trainer.bots.play import play_match, play_round
from trainer.engine.match import new_match
from trainer.engine.records import (
    RecordError,
    ReplayError,
    match_record,
    replay_match,
    replay_result,
    replay_round,
    round_record,
)
from trainer.engine.state import new_round


@pytest.mark.parametrize("example", load("rounds.jsonl"), ids=lambda e: f"{e['record']['players']}p")
def test_replay_matches_the_worked_rounds(example):
    assert replay_result(replay_round(example["record"])) == example["result"]


@pytest.mark.parametrize("example", load("rounds.jsonl"), ids=lambda e: f"{e['record']['players']}p")
def test_writing_the_replayed_round_gives_the_same_record(example):
    assert round_record(replay_round(example["record"])) == example["record"]


@pytest.mark.parametrize("example", load("illegal.jsonl"))
def test_illegal_worked_example_is_refused_at_the_same_move(example):
    with pytest.raises(ReplayError) as err:
        replay_round(example["record"])
    assert err.value.move == example["result"]["move"]
    assert "R5.2" in err.value.message and "target 8" in err.value.message


def played(players=2, seed=1):
    rng = random.Random(seed)
    return play_round(new_round(players, rng), [make_bot("random")] * players, rng)


def test_a_played_round_replays_to_the_same_state_result():
    state = played(4, 3)
    assert replay_result(replay_round(round_record(state))) == replay_result(state)


def test_an_unfinished_record_replays_to_the_position_reached():
    record = round_record(played(2, 4))
    record["moves"] = record["moves"][:5]
    result = replay_result(replay_round(record))
    assert result["finished"] is False and result["turns"] == 5


def first_move(record, **changes):
    bad = copy.deepcopy(record)
    bad["moves"][0].update(changes)
    return bad


@pytest.mark.parametrize(
    "change, message",
    [
        ({"player": 9}, "turn"),
        ({"play": "R6", "capture": []}, None),
        ({"capture": ["O6", "O6"]}, "R5.2"),
    ],
)
def test_a_broken_first_move_is_reported_with_its_index_and_rule(change, message):
    state = played(2, 5)
    record = round_record(state)
    if "play" in change:
        # A card that is certainly not in the first player's hand.
        hand = set(replay_round({**record, "moves": []}).hands[record["moves"][0]["player"]])
        change["play"] = next(c for c in record["deck"] if c not in hand)
        message = "not in the hand"
    with pytest.raises(ReplayError) as err:
        replay_round(first_move(record, **change))
    assert err.value.move == 0 and message in err.value.message


def test_moves_after_the_end_of_the_round_are_refused():
    record = round_record(played(2, 6))
    record["moves"].append(dict(record["moves"][-1]))
    with pytest.raises(ReplayError, match="R6.4") as err:
        replay_round(record)
    assert err.value.move == len(record["moves"]) - 1


def find_round_with(action_kind, players=3):
    for seed in range(500):
        record = round_record(played(players, seed))
        for i, move in enumerate(record["moves"]):
            if move.get("action", {}).get("card", "").startswith(action_kind):
                return record, i
    raise AssertionError(f"no {action_kind} in 500 rounds")


def test_a_thief_record_must_name_a_card_the_victim_holds():
    record, i = find_round_with("thief")
    record["moves"][i]["action"]["stolen"] = record["moves"][i]["play"]  # the thief's own card
    with pytest.raises(ReplayError) as err:
        replay_round(record)
    assert err.value.move == i and "R7.1" in err.value.message


def test_a_bomb_record_must_name_one_card_for_exactly_the_players_it_hits():
    record, i = find_round_with("bomb")
    record["moves"][i]["action"]["discards"] = {}
    with pytest.raises(ReplayError) as err:
        replay_round(record)
    assert err.value.move == i and "R7.4" in err.value.message


def test_an_action_card_the_player_does_not_own_is_refused():
    record = round_record(played(2, 7))
    record["moves"][0]["action"] = {"card": "joker-1", "delta": 1}
    with pytest.raises(ReplayError, match="does not own joker-1") as err:
        replay_round(record)
    assert err.value.move == 0


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "tweak-round/2"}, "format"),
        ({"players": 7}, "players"),
        ({"colors": ["O", "Y"]}, "red"),
        ({"dealer": 2}, "dealer"),
        ({"deck": ["R1a"]}, "every numeric card"),
        ({"tweak_deck": []}, "ten action cards"),
        ({"moves": {}}, "moves"),
    ],
)
def test_a_malformed_record_is_bad_input(change, message):
    record = {**round_record(played(2, 8)), **change}
    with pytest.raises(RecordError, match=message):
        replay_round(record)


def test_unknown_card_in_a_move_is_reported_at_that_move():
    record = round_record(played(2, 9))
    record["moves"][2]["play"] = "Z9"
    with pytest.raises(ReplayError, match="unknown card") as err:
        replay_round(record)
    assert err.value.move == 2


def played_match(seed=2, players=2, threshold=40):
    rng = random.Random(seed)
    match, rounds = play_match(new_match(players, rng, threshold=threshold), [make_bot("random")] * players, rng)
    return match, match_record(threshold, [round_record(r) for r in rounds])


def test_a_match_record_replays_to_its_totals_and_winner():
    match, record = played_match()
    result = replay_match(record)
    assert result["finished"] is True
    assert result["totals"] == match.totals and result["winner"] == match.winner
    assert len(result["rounds"]) == len(record["rounds"])


def test_d3_match_rounds_must_rotate_the_dealer():
    _, record = played_match(seed=3, threshold=60)
    assert len(record["rounds"]) >= 2
    record["rounds"][1]["dealer"] = record["rounds"][0]["dealer"]
    with pytest.raises(ReplayError, match="dealer") as err:
        replay_match(record)
    assert err.value.round == 1


def test_r8_2_no_round_after_the_match_is_over():
    _, record = played_match(seed=4, threshold=20)
    extra = copy.deepcopy(record["rounds"][-1])
    extra["dealer"] = (extra["dealer"] + 1) % 2
    record["rounds"].append(extra)
    with pytest.raises(ReplayError, match="already over"):
        replay_match(record)
