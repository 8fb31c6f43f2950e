"""The helper bot's turns are not the child's (issue 39.1): left out of their points and
TWEAKs (trainer.games.fair.own_results, the tournament's standings), and counted for the
child who comes back (helped_since_own_turn)."""

from trainer.engine.rules import legal_moves
from trainer.games.fair import helped_since_own_turn, own_results
from trainer.games.service import decide, new_game
from trainer.games.settings import PERSON, TableSettings
from trainer.games.table import helper_turn

AWAY = 2


def _play(game, helped, helper_for=lambda seat, turn: False, until=None):
    """Plays the round: the helper plays the turns `helper_for(seat, n)` says (noting them in
    `helped` as turns.catch_up does), the children their first legal move."""
    turns = {}
    while not game.state.over and (until is None or not until(game)):
        seat = game.to_act
        if helper_for(seat, turns.get(seat, 0)):
            before = game.round_no
            game, steps = helper_turn(game, seat)
            helped += [[before, step, seat, "away"] for step in steps]
            turns[seat] = turns.get(seat, 0) + 1
        else:
            move = legal_moves(game.state)[0]
            game, _ = decide(game, move, seat=seat)
            if type(move).__name__ == "Play":
                turns[seat] = turns.get(seat, 0) + 1
    return game


def _game(seed):
    return new_game(TableSettings((PERSON,) * 3, "round"), seed)


def test_without_helper_turns_a_seats_own_results_are_its_score():
    helped = []
    game = _play(_game(7), helped)
    record = game.rounds[0]
    points, tweaks = own_results(record, 0, helped)
    assert points == game.state.scores()
    assert tweaks == [len(owned) for owned in game.state.owned]


def test_a_seat_the_helper_played_throughout_earns_nothing_and_the_others_keep_theirs():
    for seed in range(1, 40):
        helped = []
        game = _play(_game(seed), helped, helper_for=lambda seat, _n: seat == AWAY)
        raw = game.state.scores()
        if raw[AWAY]:
            break
    assert raw[AWAY] > 0, "some deal lets the helper win points"
    points, tweaks = own_results(game.rounds[0], 0, helped)
    assert points[AWAY] == 0 and tweaks[AWAY] == 0
    assert points[:AWAY] == raw[:AWAY]
    assert tweaks[:AWAY] == [len(o) for o in game.state.owned[:AWAY]]


def test_a_turn_the_helper_played_in_another_round_is_not_taken_away_in_this_one():
    helped = []
    game = _play(_game(3), helped)
    far = [[5, step, seat, "away"] for step in range(len(game.state.log)) for seat in range(3)]
    assert own_results(game.rounds[0], 0, far)[0] == game.state.scores()


def test_the_child_back_is_told_the_helper_turns_since_their_own_last_turn():
    helped = []
    # Seat 1 plays its first turn, the helper its next two; then it is seat 1's turn again.
    game = _play(
        _game(11),
        helped,
        helper_for=lambda seat, n: seat == 1 and n in (1, 2),
        until=lambda g: (
            g.to_act == 1
            and sum(h[2] == 1 for h in helped)
            and len([1 for who, m in g.state.log if who == 1 and type(m).__name__ == "Play"]) == 3
        ),
    )
    assert not game.state.over
    assert helped_since_own_turn(game, 1, helped) == 2
    assert helped_since_own_turn(game, 0, helped) == 0
    assert helped_since_own_turn(game, -1, helped) == 0  # someone watching is told nothing
    game, _ = decide(game, legal_moves(game.state)[0], seat=1)
    while game.to_act != 1 and not game.state.over:  # their own turn ends it
        game, _ = decide(game, legal_moves(game.state)[0], seat=game.to_act)
    assert helped_since_own_turn(game, 1, helped) == 0
