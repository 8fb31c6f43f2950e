"""Class games are analysed like bot games (issue 16.6): each card a child plays at a class
table is one game_moves row (with the table and the seat), written in the move's
transaction; the helper bot's moves for an away or timed-out child are not the child's."""

import pytest

from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.engine.solver import solve
from trainer.games.service import GameError
from trainer.play import presence, tables as play_tables
from trainer.store import class_tables, game_moves


def _table(db, make, people=2):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    pupils = [make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat")[:people]]
    table_id = class_tables.open_table(db, class_id, pupils[0], people, "round", None, now=1.0)
    for pupil in pupils[1:]:
        class_tables.join(db, table_id, pupil, now=2.0)
    play_tables.start(db, table_id, pupils[0], with_bots=False, seed=11, now=3.0)
    return table_id, pupils


def _lay(game, seat):
    """Lays a card although a capture may be there: the analysis flags it as missed."""
    return next(m for m in legal_moves(game.state) if isinstance(m, Play) and not m.capture)


def _play_round(db, table_id, pupils, choose, now=5.0):
    while True:
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            return
        seat = game.to_act
        play_tables.play(
            db, table_id, pupils[seat], row["version"], f"m{row['version']}", choose, now=now, decision_ms=1200
        )
        now += 1.0


def test_every_card_a_child_plays_is_analysed_in_the_moves_transaction(db, make):
    table_id, pupils = _table(db, make)
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    seat = game.to_act
    state = game.state
    move = _lay(game, seat)
    play_tables.play(db, table_id, pupils[seat], row["version"], "a", _lay, now=5.0, decision_ms=900)
    [m] = game_moves.of_table(db, table_id, pupils[seat])
    captures = solve(state.hands[seat], state.table, state.target)
    assert (m["seat"], m["round"], m["turn"], m["target"]) == (seat, 0, state.turns, state.target)
    assert m["captures_available"] == len(captures)
    assert m["missed_capture"] == (len(captures) > 0)  # a lay while a capture was there
    assert m["decision_ms"] == 900 and m["hint_used"] == 0
    assert m["points"] == 0 and '"play":"%s"' % move.card in m["analysis"]
    # A double tap is applied once, and analysed once.
    assert play_tables.play(db, table_id, pupils[seat], row["version"], "a", _lay, now=5.0) == "again"
    assert len(game_moves.of_table(db, table_id, pupils[seat])) == 1


def test_a_whole_round_gives_each_child_one_row_per_turn_they_played(db, make):
    table_id, pupils = _table(db, make, people=3)
    _play_round(db, table_id, pupils, lambda game, seat: legal_moves(game.state)[0])
    record = class_tables.rounds_of(db, table_id)[0]
    game = class_tables.load(class_tables.get(db, table_id))
    for seat, pupil in enumerate(pupils):
        rows = game_moves.of_table(db, table_id, pupil)
        turns = [i for i, m in enumerate(record["moves"]) if m["player"] == seat]
        assert [r["turn"] for r in rows] == turns
        assert sum(r["points"] for r in rows) <= game.state.scores()[seat]


def test_a_refused_move_stores_no_analysis(db, make):
    table_id, pupils = _table(db, make)
    row = class_tables.get(db, table_id)
    seat = class_tables.load(row).to_act
    other = pupils[1 - seat]
    with pytest.raises(GameError):  # not their turn
        play_tables.play(db, table_id, other, row["version"], "x", _lay, now=5.0)
    assert db.execute("SELECT count(*) FROM game_moves").fetchone()[0] == 0


def test_the_helper_bots_turns_are_not_the_childs_analysis(db, make):
    table_id, pupils = _table(db, make)
    # Nobody polls for longer than AWAY_AFTER: every child is away, the helper plays the round.
    play_tables.catch_up(db, table_id, now=3.0 + presence.AWAY_AFTER + 5)
    assert class_tables.load(class_tables.get(db, table_id)).state.over
    assert db.execute("SELECT count(*) FROM game_moves").fetchone()[0] == 0
