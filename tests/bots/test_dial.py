"""The strength dial `dial:X` (issue 17): a child's slips, fewer as X rises; R9 like every level."""

import dataclasses
import math
import random

import pytest

from trainer.bots import make_bot
from trainer.bots.dial import DialBot, Skills, dial_strength
from trainer.bots.sim import INDEX, subsets_by_sum
from trainer.bots.tournament import run_games, summarize
from trainer.engine.cards import card_table
from trainer.engine.moves import Play, UseJoker
from trainer.engine.rules import apply
from trainer.engine.state import Phase, new_round
from trainer.engine.view import view_of

DIALS = (0.0, 0.35, 0.7, 1.0)


def decision_points(players, count, seed, level="casual"):
    """States where the player to act has more than one legal move, from seeded rounds."""
    rng = random.Random(seed)
    bot = make_bot(level)
    out = []
    while len(out) < count:
        state = new_round(players, rng)
        while not state.over:
            seat = state.current_player
            view = view_of(state, seat)
            if len(view.legal_moves()) > 1:
                out.append(state)
            state = apply(state, bot.choose(view, rng), rng)
    return out[:count]


def with_hidden_cards_dealt_again(state, seat, rng):
    """Others' hands and the deck get new cards (the deck's top keeps its back, the visible
    target R4.1); the [T!] deck is reordered. The view of `seat` does not change."""
    back = card_table().back
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    deck = []
    if state.deck:
        top = next(c for c in pool if back[c] == back[state.deck[0]])
        pool.remove(top)
        deck.append(top)
    hands = list(state.hands)
    k = 0
    for s in others:
        hands[s] = tuple(pool[k : k + len(state.hands[s])])
        k += len(state.hands[s])
    deck += pool[k:]
    tweak = list(state.tweak_deck)
    rng.shuffle(tweak)
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(deck), tweak_deck=tuple(tweak))


@pytest.mark.parametrize("x", DIALS)
@pytest.mark.parametrize("players", [2, 4])
def test_same_view_same_decision(x, players):
    """R9: dealing the hidden cards again changes nothing the dial bot decides."""
    bot = make_bot(f"dial:{x}")
    rng = random.Random(5)
    changed = 0
    for state in decision_points(players, 60, seed=players)[::4]:
        seat = state.current_player
        other = with_hidden_cards_dealt_again(state, seat, rng)
        changed += other.hands != state.hands or other.deck != state.deck
        assert view_of(other, seat) == view_of(state, seat)
        for seed in (0, 1, 2):
            assert bot.choose(view_of(state, seat), random.Random(seed)) == bot.choose(
                view_of(other, seat), random.Random(seed)
            )
    assert changed >= 10  # the hidden cards really were different


def test_the_dial_uses_its_random_numbers():
    """The converse of the test above: below 1 the bot does draw on its RNG (its slips), so the
    same decision for a view is not merely a bot that ignores chance."""
    bot = make_bot("dial:0.35")
    varied = 0
    for state in decision_points(2, 40, seed=3):
        view = view_of(state, state.current_player)
        varied += len({bot.choose(view, random.Random(s)) for s in range(8)}) > 1
    assert varied >= 10


def test_at_1_the_dial_decides_as_casual():
    casual = make_bot("casual")
    top = make_bot("dial:1")
    phases = set()
    for players in (2, 3, 4):
        for state in decision_points(players, 150, seed=10 + players):
            view = view_of(state, state.current_player)
            phases.add((view.phase, bool(view.unused)))
            assert top.choose(view, random.Random(1)) == casual.choose(view, random.Random(1))
    # Turn starts with and without action cards, plays after one, and Bomb discards were all met.
    assert {(Phase.START, True), (Phase.START, False), (Phase.PLAY, True), (Phase.DISCARD, False)} <= phases


def test_every_skill_rises_with_the_dial_and_big_groups_come_last():
    grid = [k / 20 for k in range(21)]
    skills = [Skills.at(x) for x in grid]
    for low, high in zip(skills, skills[1:]):
        for name in ("weigh", "lay", "joker", "fish", "give"):
            assert getattr(low, name) <= getattr(high, name)
        assert all(a <= b for a, b in zip(low.notice, high.notice))
        assert low.whim >= high.whim
    for s in skills[:-1]:
        assert s.sees(1) > s.sees(2) > s.sees(3) > s.sees(4) == s.sees(6)
    top = skills[-1]
    assert top.whim == 0 and all(top.sees(k) == 1 for k in range(1, 8))
    assert all(getattr(top, n) == 1 for n in ("weigh", "lay", "joker", "fish", "give"))


def taken_and_missed(x, states):
    """Over turn-start positions with a capture open: how often the bot takes one, and how
    often it takes one of three or more table cards when such a capture is open."""
    bot = make_bot(f"dial:{x}")
    rng = random.Random(7)
    took = open_ = big_took = big_open = 0
    for state in states:
        view = view_of(state, state.current_player)
        moves = view.legal_moves()
        captures = [m for m in moves if isinstance(m, Play) and m.capture]
        if view.phase is not Phase.START or view.unused or not captures:
            continue
        move = bot.choose(view, rng)
        open_ += 1
        took += isinstance(move, Play) and bool(move.capture)
        if any(len(m.capture) >= 3 for m in captures):
            big_open += 1
            big_took += isinstance(move, Play) and len(move.capture) >= 3
    return took / open_, big_took / big_open, big_open


def test_captures_are_noticed_more_as_the_dial_rises_big_ones_last():
    states = decision_points(3, 2500, seed=21, level="random")  # random play grows big tables
    rates = [taken_and_missed(x, states) for x in (0.0, 0.25, 0.5, 0.75, 1.0)]
    taken = [r[0] for r in rates]
    big = [r[1] for r in rates]
    assert min(r[2] for r in rates) >= 100  # enough positions with a capture of 3+ cards
    assert all(a < b for a, b in zip(taken, taken[1:])), taken
    assert all(a < b for a, b in zip(big, big[1:])), big
    assert taken[-1] == 1.0 and taken[0] < 0.8
    assert big[0] < 0.5 * taken[0]  # groups of 3+ cards are the ones a weak child misses


def joker_openings(states):
    """Turn starts where casual plays a Joker to open a capture (R7.2)."""
    casual = make_bot("casual")
    out = []
    for state in states:
        view = view_of(state, state.current_player)
        if view.phase is Phase.START and isinstance(casual.choose(view, random.Random(0)), UseJoker):
            out.append(view)
    return out


def test_the_joker_is_forgotten_less_as_the_dial_rises():
    views = joker_openings(decision_points(2, 3000, seed=31))
    assert len(views) >= 30
    used = []
    for x in (0.2, 0.5, 0.8, 1.0):
        bot = make_bot(f"dial:{x}")
        used.append(
            sum(isinstance(bot.choose(v, random.Random(k)), UseJoker) for k, v in enumerate(views)) / len(views)
        )
    assert all(a < b for a, b in zip(used, used[1:])), used
    assert used[-1] == 1.0


def test_a_higher_dial_wins_more_on_the_same_deals():
    out = summarize(run_games(["dial:0.8", "dial:0.2"], 2, 80, seed=3), ["dial:0.8", "dial:0.2"], 2, 80)
    assert out["bots"]["dial:0.8"]["ci95"][0] > 0.6


def test_noticed_groups_are_drawn_in_a_fixed_order_whatever_the_dial():
    """Common random numbers: the same seed gives every dial value the same draws, so a higher
    dial notices every group a lower one noticed."""
    from trainer.bots.dial import noticed_groups

    table = [INDEX[c] for c in ("R1a", "O2a", "Y3a", "G1b", "R2b", "O3b")]
    sums = subsets_by_sum(table)
    wanted = {5, 6, 7, 8}
    previous = None
    for x in (0.0, 0.3, 0.6, 1.0):
        seen = noticed_groups(sums, wanted, Skills.at(x), random.Random(4))
        groups = {g for gs in seen.values() for g in gs}
        if previous is not None:
            assert previous <= groups
        previous = groups
    assert previous == {g for t in wanted for g in sums.get(t, ())}


@pytest.mark.parametrize(
    "name, x",
    [("dial:0", 0.0), ("dial:0.35", 0.35), ("dial:1", 1.0), ("dial:.5", 0.5), ("dial:1e-1", 0.1), ("dial:-0", 0.0)],
)
def test_dial_names(name, x):
    bot = make_bot(name)
    assert isinstance(bot, DialBot) and bot.strength == x
    assert dial_strength(name) == x and not bot.name.startswith("dial:-")


def test_other_names_are_not_dials():
    assert dial_strength("casual") is None


@pytest.mark.parametrize(
    "name, message",
    [
        ("dial:abc", "needs a number from 0 to 1, not 'abc'"),
        ("dial:", "needs a number from 0 to 1, not ''"),
        ("dial:nan", "must be from 0 to 1, not nan"),
        ("dial:inf", "must be from 0 to 1, not inf"),
        ("dial:1.01", "must be from 0 to 1, not 1.01"),
        ("dial:-0.2", "must be from 0 to 1, not -0.2"),
        ("Dial:0.5", "unknown bot level 'Dial:0.5'"),
    ],
)
def test_bad_dials_are_refused_with_a_clear_message(name, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.").replace("(", r"\(")):
        make_bot(name)


def test_the_bot_itself_refuses_a_strength_off_the_dial():
    for bad in (math.nan, -0.01, 1.5):
        with pytest.raises(ValueError):
            DialBot(bad)
