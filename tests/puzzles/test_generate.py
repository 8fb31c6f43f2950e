"""Generated puzzles: positions from self-play, every answer agrees with the solver, kinds and
variants balanced, no duplicates, reproducible from the seed."""

import itertools
import random
from collections import Counter

import pytest

from puzzle_helpers import expected_answer, key
from trainer.engine.cards import card_table
from trainer.puzzles import KINDS, generate
from trainer.puzzles.generate import GEN_ALL_ANSWERS, GEN_TABLE, signature
from trainer.puzzles.selfplay import GreedyPolicy, decision_positions

COUNT = 250


@pytest.fixture(scope="module")
def puzzles():
    return generate(COUNT, random.Random(11))


def test_every_generated_answer_agrees_with_the_solver(puzzles):
    for p in puzzles:
        assert {key(c) for c in p.answer} == expected_answer(p.kind, p.position, p.focus), p.to_json()


def test_kinds_come_in_turn(puzzles):
    assert [p.kind for p in puzzles[:10]] == list(KINDS) * 2
    assert Counter(p.kind for p in puzzles) == {kind: COUNT // 5 for kind in KINDS}


def test_variants_are_mixed(puzzles):
    tweaks = [p for p in puzzles if p.kind == "tweak"]
    jokers = [p for p in puzzles if p.kind == "joker"]
    alls = [p for p in puzzles if p.kind == "all"]
    assert sum(p.none_is_right for p in tweaks) == len(tweaks) // 4  # every 4th: "there is none"
    assert sum(p.features.joker_moves_best for p in jokers) == len(jokers) // 2
    assert sum(p.focus != "hand" for p in alls) == len(alls) // 2


def test_generated_puzzles_keep_to_the_limits(puzzles):
    low, high = GEN_TABLE
    for p in puzzles:
        assert low <= len(p.position.table) <= high and 1 <= len(p.position.hand) <= 3
        assert p.position.joker == (p.kind == "joker")
        if p.kind == "all":
            assert 1 <= len(p.answer) <= GEN_ALL_ANSWERS
        if p.kind == "best":
            assert p.features.captures >= 2


def test_no_two_puzzles_alike(puzzles):
    assert len({p.id for p in puzzles}) == COUNT
    assert len({signature(p.kind, p.position, p.focus) for p in puzzles}) == COUNT


def test_difficulties_spread(puzzles):
    difficulties = [p.difficulty for p in puzzles]
    assert min(difficulties) < 0 < 2 < max(difficulties)


def test_the_same_seed_gives_the_same_puzzles():
    a = [p.to_json() for p in generate(20, random.Random(4))]
    b = [p.to_json() for p in generate(20, random.Random(4))]
    c = [p.to_json() for p in generate(20, random.Random(5))]
    assert a == b and a != c


def test_one_kind_only():
    assert {p.kind for p in generate(12, random.Random(2), kinds=("joker",))} == {"joker"}


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown puzzle kind"):
        generate(3, random.Random(1), kinds=("riddle",))


def test_self_play_positions_are_decision_points_with_real_cards():
    ids = set(card_table().numeric_ids)
    sizes = Counter()
    for position in itertools.islice(decision_positions(random.Random(3)), 3000):
        cards = position.table + position.hand
        assert position.table and 1 <= len(position.hand) <= 3
        assert len(set(cards)) == len(cards) and set(cards) <= ids
        assert 7 <= position.target <= 10  # R4.1 at the start of a turn
        sizes[len(position.table)] += 1
    assert len(sizes) >= 5  # real games give a range of table sizes


def test_greedy_policy_takes_the_capture_worth_most():
    from trainer.engine.moves import Play
    from trainer.engine.state import new_round
    from trainer.engine.view import view_of

    state = new_round(2, random.Random(0))
    view = view_of(state, state.current_player)
    move = GreedyPolicy().choose(view, random.Random(0))
    assert isinstance(move, Play) and move.card in view.hand and move in view.legal_moves()
