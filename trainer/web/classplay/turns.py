"""A class table's changes that need the game (issue 16, one game core since issue 35): read
the table, work out the change with the game core (trainer.games), save it as the table's
next version (trainer.store.class_tables.save). The game logic runs outside the write lock,
and the save refuses a change worked out from an older version, so two server processes can
never both apply a move. The views call these; so do the tests and benches that play tables.
"""
from __future__ import annotations

from trainer.games.service import decide, new_game, next_round
from trainer.games.settings import PERSON, TableSettings
from trainer.games.table import helper_turn
from trainer.puzzles.timing import believed_decision_ms
from trainer.store import class_tables
from trainer.store.class_tables import Stale, TableRefused
from trainer.web.core.outbox import MAX_QUEUED_SECONDS

HELPER_ROUNDS = 100   # helper turns in one catch-up at most (a table where everyone is away)


def start(db, table_id: int, pupil_id: int, with_bots: bool, seed: int, now: float, turn_clock: int = 0) -> None:
    """The opener starts the game (class_tables.start_plan says who may and how seats go)."""
    row, layout, moved = class_tables.start_plan(db, table_id, pupil_id, with_bots)
    game = new_game(TableSettings(layout, row["length"]), seed)
    class_tables.start(db, row, moved, game, now, turn_clock)


def play(db, table_id: int, pupil_id: int, version: int, move_key: str, make_move, now: float,
         decision_ms: int | None = None, queued_ms: int = 0) -> str:
    """The pupil's move, made on `version`. `make_move(game, seat)` turns the request into a
    Move (raising GameError); the game core applies it (GameError: nothing changes).
    Returns "done", or "again" when this very move was already applied (a double tap, a
    second tab, the outbox sending again a move whose answer the Wi-Fi lost, even after
    classmates moved since). Raises Stale for any other move on an old version. A card
    played is analysed as in bot games (game_moves, in the save's transaction);
    `decision_ms` is the board's own measurement, when it sent one. A move the tablet held
    longer than a Wi-Fi drop lasts (`queued_ms`, core.outbox) is refused: TableRefused.
    A move made on a version that is gone (Stale) still says its child is at the tablet
    (class_tables.here, issue 46.1): they tapped the board they saw. Any other refusal is a
    form that may not be sent now, and stores nothing."""
    try:
        return _play(db, table_id, pupil_id, version, move_key, make_move, now, decision_ms, queued_ms)
    except Stale:
        class_tables.here(db, table_id, pupil_id, now)
        raise


def _play(db, table_id, pupil_id, version, move_key, make_move, now, decision_ms, queued_ms) -> str:
    row = class_tables.get(db, table_id)
    if row is None:
        raise TableRefused("gone")
    seat = class_tables.seat_of(db, table_id, pupil_id)
    if seat is None:
        raise TableRefused("not_seated")
    key = f"{seat}@{version}:{move_key}"
    if row["version"] != version:
        return _again_or_stale(db, row, seat, key)
    if row["status"] != "playing":
        raise TableRefused("not_playing")
    if queued_ms > MAX_QUEUED_SECONDS * 1000:
        raise TableRefused("held_too_long")
    game = class_tables.load(row)
    if move_key == "next-round":
        after, analysis = next_round(game), None
    else:
        # The turn began when the table last changed: a decision time is never shorter than
        # what the server saw since, less the load allowance (issue 45: a claim buys no speed).
        seen = max(0, round((now - row["updated_at"]) * 1000))
        after, analysis = decide(game, make_move(game, seat), believed_decision_ms(decision_ms, seen), seat=seat)
    if not class_tables.save(db, row, after, now, key, seat=seat, analysis=analysis, queued_ms=queued_ms or None):
        return _again_or_stale(db, class_tables.get(db, table_id), seat, key)
    return "done"


def _again_or_stale(db, row: dict | None, seat: int, key: str) -> str:
    # The key names the version the move was made on, so a seat's latest move with this key is
    # this very move, however many moves came after it.
    if row is not None and (row["last_move"] == key or class_tables.seat_made(db, row["id"], seat, key)):
        return "again"
    raise Stale()


def tick(db, table_id: int, pupil_id: int | None, now: float) -> int | None:
    """What every poll does: notes that the child is here, and lets the helper bot play every
    turn that is due. Returns the table's version (None: no such table)."""
    found = class_tables.here(db, table_id, pupil_id, now)
    if found is None:
        return None
    version, due = found
    return catch_up(db, table_id, now) if due else version


def catch_up(db, table_id: int, now: float) -> int:
    """The helper bot (trainer.games.table.helper_turn) plays every turn that is due now, each
    one a new version, noted in `helped` so the boards can say so. Of several processes
    noticing the same due turn only one saves it; the others read the table again. Returns
    the version."""
    row = class_tables.get(db, table_id)
    for _ in range(HELPER_ROUNDS):
        if row is None:
            raise TableRefused("gone")
        seats = {seat: {"seen_at": s["seen_at"]} for seat, s in class_tables.seats_of(db, table_id).items()}
        why = class_tables.due(row, seats, now)
        if why is None:
            break
        game, seat = class_tables.load(row), row["to_act"]
        after, steps = helper_turn(game, seat)
        helped = class_tables.helped_of(row) + [[game.round_no, step, seat, why] for step in steps]
        class_tables.save(db, row, after, now, f"{seat}@{row['version']}:helper", helped=helped)
        row = class_tables.get(db, table_id)
    return row["version"]


def tournament_games(tables: list[list[int]], length: str, seed: int) -> list:
    """The games of a tournament's tables (children only), each dealt from its own seed."""
    if any(not class_tables.MIN_SEATS <= len(t) <= class_tables.MAX_SEATS for t in tables):
        raise TableRefused("settings")
    return [new_game(TableSettings((PERSON,) * len(t), length), seed * 100 + n) for n, t in enumerate(tables)]
