"""The backs of the cards as card counting (R4.1, D1): every card that leaves the deck was its
top card first, so everyone saw its back as the target; the expert reads the other hands so."""

import random
from collections import Counter

import pytest

from bot_helpers import real_cards_guessed
from trainer.bots import make_bot
from trainer.bots.backs import hand_stories
from trainer.bots.expert import ExpertBot
from trainer.bots.scenario import dealt_state
from trainer.bots.sim import BACK, INDEX
from trainer.engine.moves import Play
from trainer.engine.rules import apply
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def rounds(players, rng, count):
    """Every position of `count` rounds of mixed bots (Thief, Bomb, Shifter and lost turns
    all happen in these)."""
    levels = ["random", "casual", "beginner"]
    bots = [make_bot(levels[s % 3]) for s in range(players)]
    for _ in range(count):
        state = new_round(players, rng)
        while not state.over:
            yield state
            seat = state.current_player
            state = apply(state, bots[seat].choose(view_of(state, seat), rng), rng)


def walk(players, rng, count):
    """Consecutive positions (before, after) of `count` rounds of mixed bots."""
    before = None
    for state in rounds(players, rng, count):
        if before is not None and before.setup is state.setup:
            yield before, state
        before = state


@pytest.mark.parametrize("players", [2, 4])
def test_the_view_remembers_each_target_a_card_showed_as_it_left_the_deck(players):
    # R4.1: the deck's top card's back is the target, shown to all. Whenever cards leave the
    # deck, the first of them is the card that was on top, so its back is the target that was
    # showing (Joker aside); the view gains one back per card gone.
    grew = 0
    for before, after in walk(players, random.Random(players), 3):
        old = view_of(before, before.current_player).backs_shown
        new = view_of(after, after.current_player).backs_shown
        assert new[: len(old)] == old
        assert len(new) - len(old) == len(before.deck) - len(after.deck)
        if len(new) > len(old):
            assert new[len(old)] == before.target - before.delta
            grew += 1
    assert grew > 20
    assert view_of(after, 0).backs_shown == view_of(after, 1).backs_shown  # public


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_true_hand_is_never_ruled_out(players):
    for state in rounds(players, random.Random(10 + players), 12):
        view = view_of(state, state.current_player)
        stories = hand_stories(view)
        assert stories is not None
        for seat, told in stories.items():
            assert sum(p for p, _ in told) == pytest.approx(1.0)
            held = Counter(BACK[INDEX[c]] for c in state.hands[seat])
            assert any(p > 0 and not (backs - held) for p, backs in told)


def test_a_drawn_card_keeps_the_back_the_target_showed():
    # Target 9: the deck's top is O1b (back 9, D1). Seat 1 lays Y6 and draws it.
    state = dealt_state([("G1a", "G1b", "G2a"), ("Y6", "O1a", "O2b")], ("Y3a", "R6"), ("O1b", "Y1a"), dealer=0)
    assert state.turn == 1 and state.target == 9
    after = apply(state, Play("Y6"))
    assert view_of(after, 0).backs_shown == (9,)
    assert hand_stories(view_of(after, 0))[1] == [(1.0, Counter({9: 1}))]


def test_a_card_that_left_may_have_been_dealt_or_drawn():
    # Seat 1 draws a card of back 9 after its first turn, then plays O1b (back 9). The others
    # see O1b's name, not which of seat 1's cards it was: the drawn one (weight 1), or one of
    # the two dealt cards, each of back 9 one time in four (weight 2 x 1/4). So 2/3 : 1/3 that
    # the back-9 card is gone.
    state = dealt_state(
        [("G1a", "G1b", "G2a"), ("Y6", "O1a", "O2b")], ("Y3a", "R6"), ("O1b", "Y1a", "G3a", "G3b"), dealer=0
    )
    after = apply(apply(state, Play("Y6")), Play("G1a"))
    assert after.turn == 1
    after = apply(after, Play("O1b"))
    told = dict((tuple(sorted(backs.elements())), p) for p, backs in hand_stories(view_of(after, 0))[1])
    drew_next = BACK[INDEX["G3a"]]
    assert told[(drew_next,)] == pytest.approx(2 / 3)
    assert told[tuple(sorted((9, drew_next)))] == pytest.approx(1 / 3)


def test_guesses_that_read_the_backs_hit_the_real_cards_more_often():
    uniform, informed = real_cards_guessed(ExpertBot(memory=0, backs=True))
    assert informed > 1.3 * uniform
