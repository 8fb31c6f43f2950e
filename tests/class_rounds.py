"""A whole class-play round played through the store (trainer.store.class_tables), as the
class's tablets would: for the tests of what is recorded and analysed (issue 16.6)."""

from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables


def lay_first(game, seat):
    """A careless child: lays a card when it can, so the analysis finds missed captures."""
    moves = legal_moves(game.state)
    return next((m for m in moves if isinstance(m, Play) and not m.capture), moves[0])


def play_class_round(db, make, class_id, names=("Ann", "Ben"), seed=11, choose=lay_first, bots=None, start=1.0):
    """Seats the children (`bots`: a bot level for one more seat), plays the round to its end,
    a move a second from `start` (epoch seconds); returns (table_id, pupil ids by seat)."""
    pupils = [make.pupil(class_id, name) for name in names]
    seats = len(pupils) + (1 if bots else 0)
    table_id = class_tables.open_table(db, class_id, pupils[0], seats, "round", bots, now=start)
    for pupil in pupils[1:]:
        class_tables.join(db, table_id, pupil, now=start + 1)
    play_tables.start(db, table_id, pupils[0], with_bots=bool(bots), seed=seed, now=start + 2)
    by_seat = {s["pupil_id"]: seat for seat, s in class_tables.seats_of(db, table_id).items()}
    now = start + 4
    while True:
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over:
            return table_id, sorted(pupils, key=by_seat.__getitem__)
        pupil = next(p for p, seat in by_seat.items() if seat == game.to_act)
        play_tables.play(db, table_id, pupil, row["version"], f"m{row['version']}", choose, now=now, decision_ms=1500)
        now += 1.0
