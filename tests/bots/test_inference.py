"""Reading hands from play: the public history a view allows, and the weights of guesses."""

import random

import pytest

from bot_helpers import real_cards_guessed
from trainer.bots import make_bot
from trainer.bots.expert import ExpertBot
from trainer.bots.inference import HandModel, public_turns
from trainer.bots.scenario import dealt_state
from trainer.bots.sim import INDEX
from trainer.engine.moves import Play
from trainer.engine.rules import apply
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def play_with_history(players, rng, bots):
    """A round, with the true table / hand size / deck size at each Play."""
    state = new_round(players, rng)
    history = []
    while not state.over:
        seat = state.current_player
        move = bots[seat].choose(view_of(state, seat), rng)
        if isinstance(move, Play):
            history.append((seat, sorted(INDEX[c] for c in state.table), len(state.hands[seat]), len(state.deck)))
        state = apply(state, move, rng)
        yield state, history


@pytest.mark.parametrize("players", [2, 3, 5])
def test_public_history_matches_what_happened(players):
    rng = random.Random(players)
    levels = ["random", "casual", "beginner"]
    bots = [make_bot(levels[s % 3]) for s in range(players)]
    unsure = total = 0
    for _ in range(15):
        for state, history in play_with_history(players, rng, bots):
            if state.over:
                break
            turns = public_turns(view_of(state, state.current_player))
            assert turns is not None
            for seat in range(players):
                truth = [h for h in history if h[0] == seat]
                got = list(reversed(turns[seat]))
                assert len(truth) == len(got)
                for (_, table, hand_size, deck_size), t in zip(truth, got):
                    assert (t.hand_size, t.deck_size) == (hand_size, deck_size)
                    total += 1
                    if t.table is None:  # blanks of two arrivals: honestly unknown
                        unsure += 1
                    else:
                        assert sorted(t.table) == table
    assert unsure < 0.05 * total


def test_the_true_hand_is_never_ruled_out():
    rng = random.Random(4)
    bots = [make_bot("casual"), make_bot("beginner"), make_bot("random")]
    for _ in range(20):
        for state, _ in play_with_history(3, rng, bots):
            if state.over:
                break
            view = view_of(state, state.current_player)
            turns = public_turns(view)
            for seat in range(3):
                if seat != view.seat:
                    model = HandModel(turns[seat], memory=3, slip=0.1)
                    assert model.weight([INDEX[c] for c in state.hands[seat]]) > 0


def _after_turns(state, moves):
    for move in moves:
        state = apply(state, move)
    return state


def test_a_capture_tells_the_back_of_the_card_drawn_next():
    # Seat 1 captures 6 + 3 = 9 (target 9, R4.1); the card it then draws from the deck's top
    # had back 9 (D1). Hands in which no card has back 9 are impossible.
    state = dealt_state([("G1a", "G1b", "G2a"), ("Y6", "O1a", "O2b")], ("Y3a", "R6"), ("O1b", "Y1a"), dealer=0)
    assert state.turn == 1 and state.target == 9
    after = _after_turns(state, [Play("Y6", ("Y3a",))])
    view = view_of(after, 0)
    model = HandModel(public_turns(view)[1], memory=1, slip=0.1)
    # Real hand O1a O2b O1b: only "O1b was the card drawn" fits (backs 8, 7, 9): 1 way in 3.
    assert model.weight([INDEX[c] for c in after.hands[1]]) == pytest.approx(1 / 3)
    assert model.weight([INDEX[c] for c in ("O1b", "Y1a", "O2b")]) == pytest.approx(2 / 3)
    assert model.weight([INDEX[c] for c in ("O1a", "O2b", "Y2a")]) == 0.0  # no back 9 at all


def test_a_lay_when_a_capture_was_there_is_unlikely():
    # Target 7 (deck top O2b, back 7). Seat 1 holds O1a Y1a G2b, none of which captures on
    # R3a Y1b, and lays O1a; it then draws O2b.
    state = dealt_state([("G1a", "G2a", "G1b"), ("O1a", "Y1a", "G2b")], ("R3a", "Y1b"), ("O2b",), dealer=0)
    assert state.turn == 1 and state.target == 7
    after = _after_turns(state, [Play("O1a")])
    model = HandModel(public_turns(view_of(after, 0))[1], memory=1, slip=0.1)
    assert model.weight([INDEX[c] for c in after.hands[1]]) == 1.0
    # Guess Y4 Y1a O2b. Which card was drawn decides the target it faced (the drawn card's
    # back): O2b drawn -> target 7, kept Y4 would take R3a: slip 0.1; Y1a drawn (back 9) or
    # Y4 drawn (back 7, kept Y1a O2b) -> no capture: 1. Average (0.1 + 1 + 1) / 3.
    assert model.weight([INDEX[c] for c in ("Y4", "Y1a", "O2b")]) == pytest.approx(0.7)


def test_informed_guesses_hit_the_real_cards_more_often():
    uniform, informed = real_cards_guessed(ExpertBot(memory=3, backs=False))
    assert informed > 1.15 * uniform
