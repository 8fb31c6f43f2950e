"""The story the board tells (issue 6.3): the pupil's own latest turn, then each public move
after it, one by one, with the round as it stood before and after each."""

from game_helpers import bomb_hits_pupil, find_game, turn_lost_since_pupil
from trainer.engine.moves import Discard, LostTurn, Play, UseBomb
from trainer.engine.rules import legal_moves
from trainer.games.service import PUPIL, decide, new_game
from trainer.games.settings import GameSettings
from trainer.games.story import states_along, story


def test_replaying_the_log_from_the_deal_reaches_the_round_exactly():
    game = find_game(lambda g: len(g.state.log) > 30, GameSettings(("random", "random")))
    assert states_along(game.state)[-1] == game.state


def test_a_new_round_tells_the_bots_turns_before_the_pupils_first():
    game = next(g for g in (new_game(GameSettings(("random",) * 3), seed) for seed in range(20)) if g.news())
    told = story(game)
    assert told.mine == ()
    assert [(s.seat, s.move) for s in told.later] == game.news()
    assert all(s.seat != PUPIL for s in told.later)
    assert told.later[-1].after == game.state


def test_each_step_starts_where_the_one_before_ended():
    game = find_game(lambda g: len(g.news()) >= 4, GameSettings(("random",) * 3))
    steps = story(game).later
    for earlier, later in zip(steps, steps[1:]):
        assert later.before == earlier.after


def test_the_pupils_own_play_comes_first_and_the_bots_turns_after_it():
    game = new_game(GameSettings(("random", "random")), seed=4)
    move = legal_moves(game.state)[0]
    game, _ = decide(game, move)
    told = story(game)
    assert [(s.seat, s.move) for s in told.mine] == [(PUPIL, move)]
    assert [(s.seat, s.move) for s in told.later] == game.news()


def test_r7_4_the_pupils_bomb_comes_first_then_each_bot_gives_up_a_card():
    game = find_game(
        lambda g: g.pupil_to_act and any(isinstance(m, UseBomb) for m in legal_moves(g.state)),
        GameSettings(("random", "random")),
    )
    bomb = next(m for m in legal_moves(game.state) if isinstance(m, UseBomb))
    game, _ = decide(game, bomb)
    told = story(game)
    assert [(s.seat, s.move) for s in told.mine] == [(PUPIL, bomb)]
    assert [type(s.move) for s in told.later] == [Discard, Discard]
    assert [s.seat for s in told.later] == [1, 2]
    game, _ = decide(game, Play(game.state.hands[PUPIL][0]))
    assert [type(s.move) for s in story(game).mine] == [Play]


def test_d7_turns_lost_right_after_the_pupils_play_are_told_too():
    game = find_game(turn_lost_since_pupil, GameSettings(("random",)))
    told = story(game)
    lost = [s for s in told.later if isinstance(s.move, LostTurn)]
    assert lost
    logged = [m for _, m in game.state.log[len(game.state.log) - len(told.later) :]]
    assert [s.move for s in told.later] == logged


def test_r7_4_a_bomb_that_hits_the_pupil_ends_the_story_until_they_choose():
    game = find_game(bomb_hits_pupil, GameSettings(("random",) * 3))
    later = story(game).later
    assert any(isinstance(s.move, UseBomb) for s in later)
    assert later[-1].after == game.state


def test_r5_3_a_tweak_step_names_the_action_card_it_won():
    def swept(g):
        return any(s.tweak and s.won_action for s in story(g).mine)

    game = find_game(swept, GameSettings(("random",)))
    step = next(s for s in story(game).mine if s.tweak)
    assert step.won_action == step.before.tweak_deck[0]
    assert set(step.move.capture) == set(step.before.table)
