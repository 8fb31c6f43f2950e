"""A child's card played through the class table's form is analysed like a bot-game play
(issue 16.6), with the decision time the board's script sends (static/js/games.js)."""

from classplay_helpers import current, form_of, pupils_logged_in, seated_table
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.store import class_tables, game_moves


def _to_act(db, table_id, clients, game):
    return next((p, c) for p, c in clients if class_tables.seat_of(db, table_id, p) == game.to_act)


def _post(client, table_id, row, move, **extra):
    form = {**form_of(move), "version": str(row["version"]), **extra}
    assert client.post(f"/play/tables/{table_id}/move", data=form).status_code in (200, 303)


def _next_play(db, table_id, clients):
    """Plays other decisions (a Bomb's discard, an action card) until a card is to be played."""
    row, game = current(db, table_id)
    while not any(isinstance(m, Play) for m in legal_moves(game.state)):
        _post(_to_act(db, table_id, clients, game)[1], table_id, row, legal_moves(game.state)[0])
        row, game = current(db, table_id)
    return row, game, next(m for m in legal_moves(game.state) if isinstance(m, Play))


def test_the_boards_decision_time_is_stored_with_the_analysis(app, db, make, auth):
    class_id = make.klass(auth.login_new_teacher())
    clients = pupils_logged_in(app, make, class_id, count=2)
    table_id = seated_table(db, clients)
    row, game, play = _next_play(db, table_id, clients)
    pupil, client = _to_act(db, table_id, clients, game)
    _post(client, table_id, row, play, decision_ms="2345")
    [stored] = game_moves.of_table(db, table_id, pupil)
    assert stored["decision_ms"] == 2345 and stored["turn"] == game.state.turns
    # Nonsense from the page is no time at all, not an error.
    row, game, play = _next_play(db, table_id, clients)
    pupil, client = _to_act(db, table_id, clients, game)
    _post(client, table_id, row, play, decision_ms="soon")
    assert game_moves.of_table(db, table_id, pupil)[-1]["decision_ms"] is None
