"""Exact search once the deck is empty, checked against a plain minimax on engine states."""

import random

import pytest

from trainer.bots import make_bot
from trainer.bots.endgame import exact_values
from trainer.bots.search import distinct, utility
from trainer.bots.sim import Sim, decision_of
from trainer.engine.moves import UseThief
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import new_round
from trainer.engine.view import view_of


def minimax(state, seat):
    """Seat's utility (point margin only) with best play by everyone, Thief draws averaged."""
    if state.over:
        return utility(state.scores(), seat, 0.0)
    mover = state.current_player
    best = None
    for move in legal_moves(state):
        v = after(state, move, seat, mover)
        if best is None or (v[1] > best[1]):
            best = v
    return best[0]


def after(state, move, seat, mover):
    if isinstance(move, UseThief):
        hand = state.hands[move.victim]
        outs = [apply(state, UseThief(move.card, move.victim, c)) for c in hand]
        mine = sum(minimax(s, seat) for s in outs) / len(outs)
        theirs = sum(minimax(s, mover) for s in outs) / len(outs)
        return mine, theirs
    s = apply(state, move)
    return minimax(s, seat), minimax(s, mover)


def endgames(count, seed):
    rng = random.Random(seed)
    casual = make_bot("casual")
    out = []
    while len(out) < count:
        state = new_round(2, rng)
        while not state.over:
            if not state.deck and len(legal_moves(state)) > 1 and sum(map(len, state.hands)) <= 4:
                out.append(state)
                break
            state = apply(state, casual.choose(view_of(state, state.current_player), rng), rng)
    return out


@pytest.mark.parametrize("state", endgames(6, seed=2))
def test_exact_values_match_plain_minimax(state):
    seat = state.current_player
    sim = Sim.from_state(state)
    candidates = distinct([decision_of(m) for m in legal_moves(state)])
    values = exact_values(sim, candidates, seat, 0.0, node_budget=100_000)
    by_move = {decision_of(m): m for m in legal_moves(state)}
    for d, v in zip(candidates, values):
        assert v == pytest.approx(after(state, by_move[d], seat, seat)[0])


def test_node_budget_gives_up_cleanly():
    state = endgames(1, seed=5)[0]
    sim = Sim.from_state(state)
    candidates = distinct([decision_of(m) for m in legal_moves(state)])
    assert exact_values(sim, candidates, state.current_player, 0.5, node_budget=1) is None


def test_with_an_empty_deck_two_players_know_each_other_hands():
    """Card counting (R9): with two players and no deck, the unseen cards are the other hand."""
    from trainer.bots.knowledge import Knowledge
    from trainer.bots.sim import INDEX

    state = endgames(1, seed=8)[0]
    seat = state.current_player
    k = Knowledge(view_of(state, seat))
    assert sorted(k.unseen) == sorted(INDEX[c] for c in state.hands[1 - seat])


def positions_before_the_deck_runs_out(count, seed, deck_left):
    """Two-player simulator positions with a few cards left in the deck, at a turn's start."""
    from trainer.bots.policy import casual
    from trainer.bots.sim import OVER, START
    from trainer.engine.state import deal, shuffled_setup

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        sim = Sim.from_state(deal(shuffled_setup(2, rng)))
        while sim.phase != OVER and not (len(sim.deck) == deck_left and sim.phase == START):
            sim.do(casual(sim, rng), rng)
        if sim.phase != OVER:
            out.append(sim)
    return out


@pytest.mark.parametrize("deck_left", [1, 2])
def test_alpha_beta_agrees_with_full_max_n_before_the_deck_is_empty(deck_left):
    """A determinised deal fixes the deck's order, so the exact search may start before the deck
    is empty (R6.1 draws are then known); pruning must not change a single value."""
    from trainer.bots.endgame import AlphaBeta, Endgame

    for sim in positions_before_the_deck_runs_out(4, seed=10 + deck_left, deck_left=deck_left):
        candidates = distinct(sim.legal())
        seat = sim.turn
        full = Endgame(seat, 0.5, 10**7).values(sim, candidates)
        pruned = AlphaBeta(seat, 0.5, 10**7)
        assert pruned.values(sim, candidates) == pytest.approx(full)
        assert pruned.nodes > 0


EXPERT_WIN_WEIGHT = make_bot("expert").exact_win_weight


def true_values(state, seat, win_weight=EXPERT_WIN_WEIGHT):
    """{move: seat's utility with best play} of a fully known position, by max^n without
    pruning (equal to alpha-beta above, which equals plain minimax)."""
    from trainer.bots.endgame import Endgame

    moves = legal_moves(state)
    search = Endgame(seat, win_weight, 10**7)
    values = search.values(Sim.from_state(state), [decision_of(m) for m in moves])
    return dict(zip(moves, values))


def one_deal_positions(count, seed):
    """Two-player positions, one card left in the deck, that the bot to move can read exactly:
    no other unseen card shares the back of the deck's top (R4.1), so the other hand is what
    is left; every [T!] card is owned and used, so no [T!] order is hidden either."""
    from trainer.bots.scenario import make_state
    from trainer.engine.cards import card_table, default_colors

    cards = card_table()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pool = list(cards.deck_for(default_colors(2)))
        rng.shuffle(pool)
        mine, theirs, table, top = pool[:3], pool[3:6], pool[6:9], pool[9]
        if any(cards.back[c] == cards.back[top] for c in theirs):
            continue
        state = make_state(
            [mine, theirs], table, (top,), rest="won", owned=[(), cards.action_ids], used=[(), cards.action_ids]
        )
        values = true_values(state, 0)
        if max(values.values()) - min(values.values()) > 0.05:
            out.append((state, values))
    return out


@pytest.mark.parametrize("state,values", one_deal_positions(3, seed=4))
def test_expert_solves_the_last_cards_of_the_deck_exactly(state, values):
    """With at most `exact_deck` cards left the expert's search is exact on its deals; with
    one possible deal it plays a best move of the true position for any seed, although its
    sampling search is given too few playouts to tell the moves apart."""
    view = view_of(state, 0)
    for seed in range(4):
        expert = make_bot("expert", playouts=2, exact_deck=1)
        move = expert.choose(view, random.Random(seed))
        assert values[move] == pytest.approx(max(values.values()))
