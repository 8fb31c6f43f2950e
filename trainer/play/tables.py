"""A class table's changes that need the game, and who is at it (issue 16, one game core since
issue 35, one move pipeline since issue 48): read the table, work out the change with the game
core (trainer.games), save it as the table's next version (trainer.store.class_tables.save).
The game logic runs outside the write lock, and the save refuses a change worked out from an
older version, so two server processes can never both apply a move. The views call these; so
do the tests and benches that play tables.
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.engine.moves import Move
from trainer.games.service import Game, GameError, new_game
from trainer.games.settings import PERSON, TableSettings
from trainer.games.table import helper_turn
from trainer.play import moves, presence
from trainer.play.kinds import ClassTable
from trainer.store import class_tables
from trainer.store.class_tables import Stale, TableRefused
from trainer.store.handles import Database

HELPER_ROUNDS = 100  # helper turns in one catch-up at most (a table where everyone is away)
SEEN_EVERY = 5.0  # a seat's seen_at is written at most this often (polls come every second)


def start(
    db: Database, table_id: int, pupil_id: int, with_bots: bool, seed: int, now: float, turn_clock: int = 0
) -> None:
    """The opener starts the game (class_tables.start_plan says who may and how seats go)."""
    row, layout, moved = class_tables.start_plan(db, table_id, pupil_id, with_bots)
    game = new_game(TableSettings(layout, row["length"]), seed)
    class_tables.start(db, row, moved, game, now, turn_clock)


def move(db: Database, row: dict, pupil_id: int, claim: moves.Claim) -> moves.Outcome:
    """The pupil's move at the table of `row` (read once), through the one move pipeline
    (trainer.play.moves); `claim.version` is the table's version the board showed and
    `claim.token` the move's key (the same move sent twice has the same key). A move made on a
    version that is gone still says its child is at the tablet (issue 46.1): they tapped the
    board they saw."""
    outcome = moves.play(ClassTable(db), row, class_tables.seat_of(db, row["id"], pupil_id), claim)
    if outcome.kind in (moves.STALE, moves.CHANGED):
        here(db, row["id"], pupil_id, claim.now)
    return outcome


def play(
    db: Database,
    table_id: int,
    pupil_id: int,
    version: int,
    move_key: str,
    make_move: Callable[[Game, int], Move] | None,
    now: float,
    decision_ms: int | None = None,
    queued_ms: int = 0,
) -> str:
    """`move` for a table read by its id, as the tests and benches play: returns "done", or
    "again" when this very move was already applied; raises Stale for any other move on an old
    version, TableRefused or GameError for a move that may not be made (nothing stored).
    `make_move(game, seat)` turns the request into a Move; `move_key` "next-round" deals the
    next round (no `make_move` needed)."""
    row = _table(db, table_id)
    claim = moves.Claim(
        version,
        move_key,
        read_move=None if move_key == moves.NEXT_ROUND else make_move,
        now=now,
        queued_ms=queued_ms,
        decision_ms=decision_ms,
    )
    outcome = move(db, row, pupil_id, claim)
    if outcome.kind in (moves.STALE, moves.CHANGED):
        raise Stale()
    if outcome.kind == moves.REFUSED:
        assert outcome.code is not None  # a refusal always says why
        raise GameError(outcome.code, **outcome.params) if outcome.by_rules else TableRefused(outcome.code)
    return outcome.kind


def here(db: Database, table_id: int, pupil_id: int | None, now: float) -> tuple[int, bool] | None:
    """What every poll (and a move on a version that is gone) notes, lazily, instead of a
    background thread: that `pupil_id`'s child is here (at most every SEEN_EVERY seconds; a
    child who comes back starts the turn's clock again). Returns the version and whether a
    helper turn is due; None when there is no such table. Reads only, unless something must
    change. Being here is not a move: the version stays (issue 46.3); the boards learn who is
    here from presence.look."""
    found = class_tables.presence_of(db, table_id)
    if found is None:
        return None
    table, seats = found
    mine = next((seat for seat, s in seats.items() if s["pupil_id"] == pupil_id), None)
    if mine is not None and (seats[mine]["seen_at"] is None or now - seats[mine]["seen_at"] >= SEEN_EVERY):
        came_back = table["status"] == "playing" and presence.comes_back(
            seats[mine]["seen_at"], table["created_at"], now
        )
        class_tables.note_seen(db, table_id, mine, now, came_back)
        seats[mine]["seen_at"] = now
        if came_back:
            table["updated_at"] = now
    return table["version"], presence.table_due(table, seats, now) is not None


def tick(db: Database, table_id: int, pupil_id: int | None, now: float) -> int | None:
    """What every poll does: notes that the child is here, and lets the helper bot play every
    turn that is due. Returns the table's version (None: no such table)."""
    found = here(db, table_id, pupil_id, now)
    if found is None:
        return None
    version, due = found
    return catch_up(db, table_id, now) if due else version


def catch_up(db: Database, table_id: int, now: float) -> int:
    """The helper bot (trainer.games.table.helper_turn) plays every turn that is due now, each
    one a new version, noted in `helped` so the boards can say so. Of several processes
    noticing the same due turn only one saves it; the others read the table again. Returns
    the version."""
    row = _table(db, table_id)
    for _ in range(HELPER_ROUNDS):
        seats = {
            seat: {"seen_at": s["seen_at"], "untimed": s["untimed"]}
            for seat, s in class_tables.seats_of(db, table_id).items()
        }
        why = presence.table_due(row, seats, now)
        if why is None:
            break
        game, seat = class_tables.load(row), row["to_act"]
        assert game is not None  # a turn falls due only at a table being played
        after, steps = helper_turn(game, seat)
        helped = class_tables.helped_of(row) + [[game.round_no, step, seat, why] for step in steps]
        class_tables.save(db, row, after, now, f"{seat}@{row['version']}:helper", helped=helped)
        row = _table(db, table_id)
    return row["version"]


def _table(db: Database, table_id: int) -> dict:
    """The table's row; a table that is gone refuses the change."""
    row = class_tables.get(db, table_id)
    if row is None:
        raise TableRefused("gone")
    return row


def look_of(db: Database, table_id: int, now: float) -> str:
    """presence.look of one table ("" unless it is being played)."""
    found = class_tables.seen_of(db, table_id)
    if found is None or found[0] != "playing":
        return ""
    _status, started, seats = found
    return presence.look(seats, now, started)


def class_signature(db: Database, class_id: int, now: float) -> str:
    """The class's tables' signature (class_tables.class_signature), which also changes when a
    child playing comes or goes: the teacher's pages show who is here (presence.look)."""
    looks = [
        f"{table_id}:{look}"
        for table_id, (started, seats) in class_tables.played_of_class(db, class_id).items()
        if (look := presence.look(seats, now, started))
    ]
    return "-".join([class_tables.class_signature(db, class_id), *looks])


def tournament_games(tables: list[list[int]], length: str, seed: int) -> list:
    """The games of a tournament's tables (children only), each dealt from its own seed."""
    if any(not class_tables.MIN_SEATS <= len(t) <= class_tables.MAX_SEATS for t in tables):
        raise TableRefused("settings")
    return [new_game(TableSettings((PERSON,) * len(t), length), seed * 100 + n) for n, t in enumerate(tables)]
