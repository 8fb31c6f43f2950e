"""The solver (R5.2, R5.3, R5.4, D5): every capture once, checked against examples and brute force."""

import itertools
import random

import pytest

from examples import load
from trainer.engine.cards import card_table
from trainer.engine.positions import parse_position
from trainer.engine.solver import best_capture, call_text, solve


def comparable(capture_json):
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in capture_json.items() if k != "call"))


@pytest.mark.parametrize("example", load("positions.jsonl"), ids=lambda e: str(e["position"])[:40])
def test_solver_matches_the_worked_examples(example):
    p = parse_position(example["position"])
    got = sorted(comparable(c.to_json()) for c in solve(p.hand, p.table, p.target, p.joker))
    assert got == sorted(comparable(c) for c in example["captures"])


def brute_force(hand, table, target):
    value, points = card_table().value, card_table().points
    out = set()
    for play in hand:
        for k in range(1, len(table) + 1):
            for combo in itertools.combinations(table, k):
                if value[play] + sum(value[c] for c in combo) == target:
                    out.add((target, play, combo, k == len(table), points[play] + sum(points[c] for c in combo)))
    return out


def test_solver_agrees_with_brute_force_on_random_small_tables():
    rng = random.Random(2024)
    ids = list(card_table().numeric_ids)
    for _ in range(600):
        cards = rng.sample(ids, rng.randint(1, 13))
        hand, table = cards[: rng.randint(1, 3)], cards[3:] if len(cards) > 3 else []
        target = rng.randint(6, 11)
        got = [(c.target, c.play, c.capture, c.tweak, c.points) for c in solve(hand, table, target)]
        assert len(got) == len(set(got)), "a card set is listed twice"
        assert set(got) == brute_force(hand, table, target)


def test_d5_no_capture_without_a_table_card():
    # Target 6 (7 with a Joker -1) and a 6 in hand: the hand card alone is not a capture.
    assert solve(["P6"], ["R1a"], 6) == []
    assert [c.capture for c in solve(["P5"], ["R1a", "O1a"], 6)] == [("R1a",), ("O1a",)]


def test_r5_2_capture_keeps_the_table_order():
    captures = solve(["G2a"], ["Y3a", "R1a", "O3a"], 9)
    assert [c.capture for c in captures] == [("Y3a", "R1a", "O3a")]


def test_r5_4_call_is_a_running_sum_starting_with_the_hand_card():
    assert call_text("G2a", ["R1a", "O3a", "Y3a"]) == "2 plus 1 is 3, plus 3 is 6, plus 3 is 9"
    assert call_text("P6", ["O3a"]) == "6 plus 3 is 9"


def test_r5_3_tweak_flag_only_when_the_whole_table_is_taken():
    flags = {c.capture: c.tweak for c in solve(["G2a", "P6"], ["R1a", "O3a", "Y3a"], 9)}
    assert flags == {("R1a", "O3a", "Y3a"): True, ("O3a",): False, ("Y3a",): False}


def test_r2_points_count_played_and_captured_cards():
    (capture,) = [c for c in solve(["O4"], ["R5", "G1a"], 9)]
    assert capture.points == 1 + 5


def test_r7_2_joker_lists_captures_for_target_minus_and_plus_one():
    targets = {c.target for c in solve(["O4"], ["G4", "Y5", "B6"], 9, joker=True)}
    assert targets == {8, 9, 10}


def test_d5_joker_to_six_with_a_six_in_hand_and_an_empty_table_captures_nothing():
    assert solve(["P6"], [], 7, joker=True) == []


def test_best_capture_is_the_one_worth_most_points():
    best = best_capture(solve(["B4", "P6", "G2a"], ["R1a", "O3a", "Y3a"], 9))
    assert best.capture == ("R1a", "O3a", "Y3a") and best.points == 6
    assert best_capture([]) is None


def test_a_30_card_table_is_solved_completely():
    rng = random.Random(30)
    cards = rng.sample(list(card_table().numeric_ids), 33)
    hand, table = cards[:3], cards[3:]
    captures = solve(hand, table, 10)
    assert len(captures) == len({(c.play, c.capture) for c in captures})
    value = card_table().value
    assert all(value[c.play] + sum(value[t] for t in c.capture) == 10 for c in captures)
    # Completeness without 2^30 subsets: count the subsets per sum by dynamic programming.
    ways = [1] + [0] * 10
    for card in table:
        for s in range(10, value[card] - 1, -1):
            ways[s] += ways[s - value[card]]
    assert len(captures) == sum(ways[10 - value[h]] for h in hand)


def test_r5_4_calls_built_during_the_search_equal_the_call_of_each_capture():
    from trainer.engine.solver import solve_with_calls

    rng = random.Random(54)
    ids = list(card_table().numeric_ids)
    for _ in range(100):
        cards = rng.sample(ids, 14)
        target = rng.randint(7, 10)
        pairs = solve_with_calls(cards[:3], cards[3:], target, joker=True)
        assert [c for c, _ in pairs] == solve(cards[:3], cards[3:], target, joker=True)
        assert all(call == c.call() for c, call in pairs)
