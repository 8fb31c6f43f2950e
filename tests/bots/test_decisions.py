"""What each level does in hand-made positions: captures (R5.2, R5.3), Joker (R7.2),
Thief (R7.1), Bomb discards (R7.4)."""

import random
from collections import Counter

import pytest

from trainer.bots import make_bot
from trainer.bots.scenario import make_state
from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseThief
from trainer.engine.rules import apply, legal_moves
from trainer.engine.state import Phase
from trainer.engine.view import view_of

TOP_7, TOP_8, TOP_9, TOP_10 = "O2b", "R1b", "O1b", "O2a"  # deck tops with those backs (D1)


def decide(level, state, seed=0, **settings):
    return make_bot(level, **settings).choose(view_of(state, state.current_player), random.Random(seed))


def decisions(level, state, seeds=200, **settings):
    bot = make_bot(level, **settings)
    view = view_of(state, state.current_player)
    return Counter(bot.choose(view, random.Random(s)) for s in range(seeds))


# ---------------------------------------------------------------- casual


def test_casual_takes_the_tweak_first():
    # The clarifying example of RULES.md: target 9, table R1a O3a Y3a.
    state = make_state([("G6", "G2a", "O4"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (TOP_9,))
    assert decide("casual", state) == Play("G2a", ("R1a", "O3a", "Y3a"))


def test_casual_takes_the_most_points_when_no_tweak():
    # Target 8: G5+R3a is 4+3=7 points, G5+O3b 5, G6+Y2a 2.
    state = make_state([("G5", "G6", "O1a"), ("Y1a", "Y1b", "G1a")], ("R3a", "O3b", "Y2a", "G4"), (TOP_8,))
    assert decide("casual", state) == Play("G5", ("R3a",))


def test_casual_lays_the_card_that_leaves_no_sweep():
    # Target 9, table Y3a (3). No capture with G1a, G2a, O6? O6+Y3a = 9 is a capture.
    # Hand G1a, G2a, O5: no capture (1+3, 2+3, 5+3 = 8). Laying O5 makes the table 8 and
    # exposes 4 points; laying G2a makes 5, G1a makes 4. Casual keeps the 5 (R2: 4 points).
    state = make_state([("G1a", "G2a", "O5"), ("Y1a", "Y1b", "G1b")], ("Y3a",), (TOP_9,))
    move = decide("casual", state)
    assert isinstance(move, Play) and move.is_lay and move.card != "O5"


@pytest.mark.parametrize("top,delta", [(TOP_8, +1), (TOP_10, -1)])
def test_casual_uses_the_joker_when_it_opens_a_tweak(top, delta):
    # Table R1a O3a Y3a (7) and G2a in hand: 9 is a TWEAK, so +1 from 8 or -1 from 10.
    # (At 7 and 10 there are only smaller captures; at 11 none.)
    state = make_state(
        [("G2a", "G6", "Y5"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (top,), owned=[("joker-1",), ()]
    )
    move = decide("casual", state)
    assert move == UseJoker("joker-1", delta)
    after = apply(state, move)
    assert decide("casual", after) == Play("G2a", ("R1a", "O3a", "Y3a"))


def test_casual_keeps_the_joker_when_it_opens_nothing_better():
    state = make_state(
        [("G6", "G2a", "O4"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (TOP_9,), owned=[("joker-1",), ()]
    )
    assert decide("casual", state) == Play("G2a", ("R1a", "O3a", "Y3a"))


def test_casual_thief_takes_a_last_card_then_from_the_next_player():
    hands = [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a"), ("G2b",)]
    state = make_state(hands, ("R6",), (TOP_10,), owned=[("thief-1",), (), ()])
    assert decide("casual", state) == UseThief("thief-1", 2)  # D7: seat 2 loses a turn
    hands = [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a"), ("G2b", "G3a", "O3a")]
    state = make_state(hands, ("R6",), (TOP_10,), owned=[("thief-1",), (), ()])
    assert decide("casual", state) == UseThief("thief-1", 1)


def test_casual_fishes_with_action_cards_only_without_a_capture():
    hands = [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a")]
    fish = make_state(hands, ("R6",), (TOP_10,), owned=[("shifter-1", "bomb"), ()])
    assert decide("casual", fish) == UseBomb("bomb")
    capture = make_state(hands, ("R6", "O3a"), (TOP_10,), owned=[("shifter-1", "bomb"), ()])
    assert decide("casual", capture) == Play("G1a", ("R6", "O3a"))


def test_casual_bomb_discard_keeps_points_and_gives_no_sweep():
    # Seat 1 bombed seat 0. Target 10, table Y2a. Giving G6 makes the table 8 (the bomber
    # sweeps it with any 2); G1a makes 3, which no single card lifts to 10. R5 is 5 points.
    state = make_state(
        [("R5", "G1a", "G6"), ("Y1a", "Y1b", "O3a")],
        ("Y2a",),
        (TOP_10,),
        turn=1,
        phase=Phase.DISCARD,
        pending=(0,),
        owned=[(), ("bomb",)],
        used=[(), ("bomb",)],
    )
    assert decide("casual", state) == Discard("G1a")


# ---------------------------------------------------------------- beginner


def test_beginner_never_sees_a_capture_of_three_table_cards():
    # Target 9: only G2a + R1a + O3a + Y3a (three table cards) captures.
    state = make_state([("G2a", "G4", "O4"), ("Y1a", "Y1b", "Y2a")], ("R1a", "O3a", "Y3a"), (TOP_9,))
    assert all(m.is_lay for m in decisions("beginner", state))


def test_beginner_overlooks_some_captures_but_not_most():
    # Target 9: G6 + Y3a (one table card) is the only capture.
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y3a", "O1b"), (TOP_9,)[:0] + ("Y6",))
    counts = decisions("beginner", state, seeds=400)
    taken = sum(n for m, n in counts.items() if m.capture)
    assert 0.5 < taken / 400 < 0.9  # about a quarter overlooked (0.68 chance to see it)


def test_beginner_misses_two_card_sums_more_often_than_pairs():
    pair = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y3a",), ("Y6",))
    sum_of_two = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y2b", "G1b"), ("Y6",))
    seen_pair = sum(n for m, n in decisions("beginner", pair, 400).items() if m.capture)
    seen_two = sum(n for m, n in decisions("beginner", sum_of_two, 400).items() if m.capture)
    assert seen_two < seen_pair


def test_beginner_prefers_taking_more_cards(monkeypatch):
    # Target 9: G6+Y3a (1 table card) and G6+Y2b+G1b (2). When it notices both, it takes two.
    import trainer.bots.policy as policy

    monkeypatch.setitem(policy.BEGINNER_SEES, 1, 1.0)
    monkeypatch.setitem(policy.BEGINNER_SEES, 2, 1.0)
    monkeypatch.setattr(policy, "BEGINNER_ACTION_WHIM", 0.0)
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y3a", "Y2b", "G1b"), ("Y6",))
    assert set(decisions("beginner", state, 100)) == {Play("G6", ("Y2b", "G1b"))}


def test_beginner_action_cards_come_at_odd_moments():
    # It holds a Joker and has a plain capture: now and then it still plays the Joker.
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y3a",), ("Y6",), owned=[("joker-1",), ()])
    counts = decisions("beginner", state, 400)
    jokers = sum(n for m, n in counts.items() if isinstance(m, UseJoker))
    assert 0 < jokers < 200


def test_beginner_joker_direction_goes_to_a_sum_it_sees():
    # Target 8 with table Y3a and G6 in hand: +1 makes 9 = 6 + 3.
    state = make_state([("G6", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("Y3a",), (TOP_8,), owned=[("joker-1",), ()])
    jokers = Counter()
    for m, n in decisions("beginner", state, 600).items():
        if isinstance(m, UseJoker):
            jokers[m.delta] += n
    assert jokers[+1] > jokers[-1]


def test_beginner_thief_takes_from_whoever_is_winning():
    hands = [("G1a", "G1b", "O1a"), ("Y1a", "Y1b", "Y2a"), ("G2b", "G3a", "O3a")]
    state = make_state(hands, ("R6",), (TOP_10,), owned=[("thief-1",), (), ()], won=[(), (), ("R5", "R4")])
    thefts = {m for m in decisions("beginner", state, 300) if isinstance(m, UseThief)}
    assert thefts == {UseThief("thief-1", 2)}


def test_beginner_bomb_discard_gives_up_a_small_card():
    state = make_state(
        [("R5", "G1a", "G6"), ("Y1a", "Y1b", "O3a")],
        ("Y2a",),
        (TOP_10,),
        turn=1,
        phase=Phase.DISCARD,
        pending=(0,),
        owned=[(), ("bomb",)],
        used=[(), ("bomb",)],
    )
    assert set(decisions("beginner", state, 50)) == {Discard("G1a")}


# ---------------------------------------------------------------- clever and expert


@pytest.mark.parametrize("level", ["clever", "expert"])
def test_search_levels_use_the_joker_for_a_big_tweak(level):
    # Target 10: nothing captures (2 and 1 would need 8 and 9 from 1, 3, 3). Joker -1
    # makes 9 = G2a + R1a + R3a + O3a, a TWEAK worth 1 + 3 + 3 + 1 = 8 points and a [T!] card.
    state = make_state(
        [("G2a", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R1a", "R3a", "O3a"), (TOP_10,), owned=[("joker-1",), ()]
    )
    assert not [m for m in legal_moves(state) if isinstance(m, Play) and m.capture]
    move = decide(level, state)
    assert move == UseJoker("joker-1", -1)
    assert decide(level, apply(state, move)) == Play("G2a", ("R1a", "R3a", "O3a"))


@pytest.mark.parametrize("level", ["clever", "expert"])
def test_search_levels_bomb_discard_keeps_the_red_five(level):
    state = make_state(
        [("R5", "G1a", "G6"), ("Y1a", "Y1b", "O3a")],
        ("Y2a",),
        (TOP_10,),
        turn=1,
        phase=Phase.DISCARD,
        pending=(0,),
        owned=[(), ("bomb",)],
        used=[(), ("bomb",)],
    )
    assert decide(level, state) != Discard("R5")


@pytest.mark.parametrize("level", ["clever", "expert"])
def test_search_levels_steal_a_last_card_at_the_end(level):
    # Deck empty (target 7, R1.4). Seat 2 holds one card, G6, which would take the table's
    # R1a (6 + 1 = 7: 4 points). A Thief on seat 2 puts G6 on the table instead (R7.1, R7.5),
    # seat 2 has nothing left to play (D7), and seat 0 takes G6 with O1a. Stealing from
    # seat 1 would not stop seat 2. The exact search sees it.
    hands = [("O1a", "O1b", "O2a"), ("Y1a", "Y1b"), ("G6",)]
    state = make_state(hands, ("R1a",), (), rest="won", owned=[("thief-1",), (), ()])
    move = decide(level, state)
    assert move == UseThief("thief-1", 2)


def test_expert_ismcts_search_finds_the_joker_tweak_and_plays_legal_rounds():
    from trainer.bots.play import play_round
    from trainer.engine.records import replay_round, round_record
    from trainer.engine.state import new_round

    state = make_state(
        [("G2a", "G1a", "O1a"), ("Y1a", "Y1b", "Y2a")], ("R1a", "R3a", "O3a"), (TOP_10,), owned=[("joker-1",), ()]
    )
    assert decide("expert", state, search="ismcts", playouts=300) == UseJoker("joker-1", -1)
    rng = random.Random(2)
    bot = make_bot("expert", search="ismcts", playouts=30, endgame_nodes=300)
    final = play_round(new_round(3, rng), [bot] * 3, rng)
    assert replay_round(round_record(final)).scores() == final.scores()
