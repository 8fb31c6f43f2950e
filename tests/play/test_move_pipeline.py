"""The one move pipeline (issue 48, trainer.play.moves), the same for a game against bots and a
class table: a resend is known by one rule and answered as applied whatever happened since,
a move held longer than a Wi-Fi drop never counts (the next round too), a move that lost the
race to its own twin is answered as applied and another's as changed, and the answer is drawn
from what was saved, exactly as the store keeps it (a game read and built once)."""

import random

import pytest

from trainer.engine.rules import legal_moves
from trainer.games.service import PUPIL, new_game, position_key
from trainer.games.settings import GameSettings
from trainer.play import moves, tables as play_tables
from trainer.play.kinds import BotGame, ClassTable
from trainer.puzzles.timing import MAX_QUEUED_SECONDS
from trainer.store import class_tables, games

HELD = MAX_QUEUED_SECONDS * 1000 + 1


def first_legal(game, seat):
    return legal_moves(game.state)[0]


def claim(version, token, move=first_legal, now=10.0, **extra):
    return moves.Claim(version, token, move, now, **extra)


@pytest.fixture
def bot_game(db, make):
    pupil = make.pupil(make.klass(make.teacher()), "Ann")
    game_id = games.create(db, pupil, new_game(GameSettings(("random", "random", "random"), "short"), seed=3), 1.0)
    return game_id, pupil


def a_row(db, game_id, pupil):
    return games.get_for_pupil(db, pupil, game_id)


def play_on(db, game_id, pupil, until):
    """Plays the pupil's moves (and next rounds) until `until(game, row)`, each from a page
    showing the game as it is; returns the last claim that was applied."""
    rng = random.Random(1)
    last = None
    for n in range(2000):
        row = a_row(db, game_id, pupil)
        game = games.load(row)
        if until(game, row):
            return last
        move = None if game.state.over else (lambda g, s: rng.choice(legal_moves(g.state)))
        last = claim(position_key(game), f"page{n}", move)
        assert moves.play(BotGame(db), row, PUPIL, last).kind == moves.DONE
    raise AssertionError("the game never got there")


def test_the_answer_is_drawn_from_the_row_as_saved(db, bot_game, make):
    game_id, pupil = bot_game
    outcome = moves.play(BotGame(db), a_row(db, game_id, pupil), PUPIL, claim(None, "tok"))
    assert outcome.kind == moves.DONE
    assert outcome.row == a_row(db, game_id, pupil)
    assert outcome.game == games.load(outcome.row)

    class_id = make.klass(make.teacher())
    ann, ben = make.pupil(class_id, "Ann"), make.pupil(class_id, "Ben")
    table_id = class_tables.open_table(db, class_id, ann, 2, "round", None, now=1.0)
    class_tables.join(db, table_id, ben, now=2.0)
    play_tables.start(db, table_id, ann, with_bots=False, seed=11, now=3.0)
    row = class_tables.get(db, table_id)
    mover = (ann, ben)[class_tables.load(row).to_act]
    outcome = play_tables.move(db, row, mover, claim(row["version"], "m"))
    assert outcome.kind == moves.DONE
    assert outcome.row == class_tables.get(db, table_id)
    assert outcome.game == class_tables.load(outcome.row)


def test_a_resend_of_the_move_that_ended_the_game_is_answered_as_applied(db, bot_game):
    """It was refused with "game over" while the game's status was checked first. The game is
    played on until its match ends (RULES.md R8.2); after that, only the resend is applied."""
    game_id, pupil = bot_game
    last = play_on(db, game_id, pupil, lambda game, row: row["status"] != "active")
    finished = a_row(db, game_id, pupil)
    outcome = moves.play(BotGame(db), finished, PUPIL, last)  # its answer was lost: sent again
    assert outcome.kind == moves.AGAIN and outcome.row == finished
    other = claim(last.version, "another-page", last.read_move)
    outcome = moves.play(BotGame(db), finished, PUPIL, other)
    assert (outcome.kind, outcome.code) == (moves.REFUSED, "game_over")
    assert a_row(db, game_id, pupil) == finished


def test_a_next_round_held_longer_than_a_wifi_drop_does_not_count(db, bot_game):
    # A round is over (R6.4) but not the match (R8.2): the next round is the move to deal.
    game_id, pupil = bot_game
    play_on(db, game_id, pupil, lambda game, row: game.state.over and not game.over)
    row = a_row(db, game_id, pupil)
    outcome = moves.play(BotGame(db), row, PUPIL, claim(None, "n", None, queued_ms=HELD))
    assert (outcome.kind, outcome.code) == (moves.REFUSED, "held_too_long")
    assert a_row(db, game_id, pupil) == row
    outcome = moves.play(BotGame(db), row, PUPIL, claim(None, "n", None, queued_ms=HELD - 1))
    assert outcome.kind == moves.DONE


@pytest.mark.parametrize("token, kind", [("same-page", moves.AGAIN), ("another-page", moves.CHANGED)])
def test_a_move_that_lost_the_race_is_its_twin_or_anothers(db, bot_game, token, kind):
    """Both read the game at the same version; the second save finds it moved on."""
    game_id, pupil = bot_game
    row = a_row(db, game_id, pupil)
    assert moves.play(BotGame(db), row, PUPIL, claim(None, "same-page")).kind == moves.DONE
    saved = a_row(db, game_id, pupil)
    outcome = moves.play(BotGame(db), row, PUPIL, claim(None, token))
    assert outcome.kind == kind and outcome.row == saved
    assert a_row(db, game_id, pupil) == saved


def test_a_table_not_being_played_refuses_a_move_before_its_version_is_judged(db, make):
    """The same order for every kind: a resend, then whether this seat may move at all, then
    whether the page is behind."""
    class_id = make.klass(make.teacher())
    ann, ben = make.pupil(class_id, "Ann"), make.pupil(class_id, "Ben")
    table_id = class_tables.open_table(db, class_id, ann, 2, "round", None, now=1.0)
    class_tables.join(db, table_id, ben, now=2.0)
    row = class_tables.get(db, table_id)
    outcome = moves.play(ClassTable(db), row, 0, claim(row["version"] - 1, "m"))
    assert (outcome.kind, outcome.code, outcome.game) == (moves.REFUSED, "not_playing", None)
    outcome = moves.play(ClassTable(db), row, None, claim(row["version"], "m"))
    assert (outcome.kind, outcome.code) == (moves.REFUSED, "not_seated")
