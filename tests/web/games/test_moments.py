"""The bots' turns told step by step (issue 15.6; trainer.web.games.board.moment): frame 0 is
the board right after the pupil's move, frame k tells the k-th move after it with its player
as the one playing and its cards marked, then the board as it is."""

from game_helpers import find_game
from trainer.engine.moves import Play
from trainer.games.settings import GameSettings
from trainer.games.story import story
from trainer.web.games.board import moment


def test_each_frame_marks_the_move_it_tells_and_its_player(app):
    game = find_game(
        lambda g: (
            g.pupil_to_act
            and story(g).mine
            and any(isinstance(s.move, Play) and s.move.capture for s in story(g).later)
        ),
        GameSettings(("random",) * 3),
    )
    later = story(game).later
    with app.test_request_context():
        first = moment(game, 0)
        assert first.steps == len(later) + 1 and not first.live and first.acting == 0
        for k, step in enumerate(later, start=1):
            m = moment(game, k)
            assert m.acting == step.seat and m.news[-1]["latest"]
            if isinstance(step.move, Play) and step.move.capture:
                # A capture is shown before it happens: its cards still on the table, marked.
                assert m.state == step.before and m.marked == frozenset(step.move.capture) <= set(m.state.table)
                assert m.played == (step.move.card, *step.move.capture) and m.call.endswith(f"= {step.before.target}")
            elif isinstance(step.move, Play):
                assert m.state == step.after and m.marked == {step.move.card}
        assert moment(game, None).live and moment(game, None).state == game.state
