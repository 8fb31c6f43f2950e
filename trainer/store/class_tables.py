"""Class play tables (issue 16): a class's tables, who sits where, and the game played there.

SQLite is the one source of truth for every server process: each change is one write
transaction (BEGIN IMMEDIATE) that reads the table, checks the version the caller saw, and
writes the new state with `version = version + 1 ... WHERE version = ?`. So of two requests
made on the same version (a double tap, two tabs, two processes) only the first changes the
table; the second finds a newer version and is refused, or, when it is the very same move,
answered as done. Times (`now`, epoch seconds) come from the caller.
"""
from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.engine.moves import Play
from trainer.games.analysis import MoveAnalysis, analyse_play
from trainer.games.service import normalise_move
from trainer.games.table import MAX_SEATS, MIN_SEATS, PERSON, TableGame, TableSettings, decide, helper_turn, \
    new_table_game, next_round, table_from_json
from trainer.store.db import write_transaction

UNFINISHED = ("open", "playing")
AWAY_AFTER = 20.0     # seconds without a poll or a move: the child closed the tablet, is away
SEEN_EVERY = 5.0      # a seat's seen_at is written at most this often (polls come every second)
HELPER_ROUNDS = 100   # helper turns in one catch-up at most (a table where everyone is away)


class TableRefused(Exception):
    """A change the table's state does not allow; `code` says why, for friendly words."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class Stale(TableRefused):
    """The move was made on an older version of the table: nothing was changed."""

    def __init__(self):
        super().__init__("stale")


def _dump(data) -> str:
    return json.dumps(data, separators=(",", ":"))


# ---------------------------------------------------------------- reading

def get(db: Database, table_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM class_tables WHERE id = ?", [table_id]))
    return rows[0] if rows else None


def poll_of(db: Database, table_id: int) -> tuple[int, int] | None:
    """(class_id, version): the cheap read behind polling, one row by its key, no game rebuilt."""
    row = db.execute("SELECT class_id, version FROM class_tables WHERE id = ?", [table_id]).fetchone()
    return (row[0], row[1]) if row else None


def class_signature(db: Database, class_id: int) -> str:
    """Changes whenever any table of the class changes, opens or goes: the lobby's and the
    teacher's watch page's ETag."""
    count, versions, top = db.execute(
        "SELECT count(*), coalesce(sum(version), 0), coalesce(max(id), 0) FROM class_tables"
        " WHERE class_id = ?", [class_id]).fetchone()
    return f"{count}-{versions}-{top}"


def seats_of(db: Database, table_id: int) -> dict[int, dict]:
    """seat -> {"pupil_id", "name"} for the seats children took."""
    return {row["seat"]: {"pupil_id": row["pupil_id"], "name": row["name"], "seen_at": row["seen_at"]}
            for row in db.query(
        "SELECT s.seat, s.pupil_id, p.name, s.seen_at FROM class_table_seats s JOIN pupils p ON p.id = s.pupil_id"
        " WHERE s.table_id = ? ORDER BY s.seat", [table_id])}


def seat_of(db: Database, table_id: int, pupil_id: int) -> int | None:
    row = db.execute("SELECT seat FROM class_table_seats WHERE table_id = ? AND pupil_id = ?",
                     [table_id, pupil_id]).fetchone()
    return row[0] if row else None


def for_class(db: Database, class_id: int, statuses=UNFINISHED) -> list[dict]:
    marks = ",".join("?" for _ in statuses)
    return list(db.query(f"SELECT * FROM class_tables WHERE class_id = ? AND status IN ({marks})"
                         " ORDER BY id", [class_id, *statuses]))


def pupils_tables(db: Database, pupil_id: int) -> list[int]:
    """Every unfinished table the pupil sits at (one, unless seated by hand), newest first."""
    return [row[0] for row in db.execute(
        "SELECT t.id FROM class_table_seats s JOIN class_tables t ON t.id = s.table_id"
        " WHERE s.pupil_id = ? AND t.status IN ('open', 'playing') ORDER BY t.id DESC", [pupil_id])]


def pupils_table(db: Database, pupil_id: int) -> int | None:
    """The unfinished table the pupil sits at, if any: a child sits at one table at a time."""
    row = db.execute(
        "SELECT t.id FROM class_table_seats s JOIN class_tables t ON t.id = s.table_id"
        " WHERE s.pupil_id = ? AND t.status IN ('open', 'playing') ORDER BY t.id DESC LIMIT 1",
        [pupil_id]).fetchone()
    return row[0] if row else None


def away_seats(seats: dict[int, dict], now: float) -> set[int]:
    """The seats whose child has not polled or moved for AWAY_AFTER seconds."""
    return {seat for seat, s in seats.items() if s.get("seen_at") is None or now - s["seen_at"] > AWAY_AFTER}


def helped_of(row: dict) -> list[list]:
    """The helper bot's moves at the table: [round, step, seat, "clock" | "away"]."""
    return json.loads(row.get("helped") or "[]")


def load(row: dict) -> TableGame | None:
    return table_from_json(json.loads(row["state"])) if row.get("state") else None


def rounds_of(db: Database, table_id: int) -> list[dict]:
    return [json.loads(r["record"]) for r in db.query(
        "SELECT record FROM class_table_rounds WHERE table_id = ? ORDER BY round", [table_id])]


# ---------------------------------------------------------------- changing

def _bump(db: Database, table_id: int, version: int, now: float, **columns) -> None:
    sets = "".join(f", {name} = :{name}" for name in columns)
    changed = db.execute(
        f"UPDATE class_tables SET version = version + 1, updated_at = :now{sets}"
        " WHERE id = :id AND version = :version",
        {"id": table_id, "version": version, "now": now, **columns}).rowcount
    if not changed:        # cannot happen inside BEGIN IMMEDIATE; kept as the last guard
        raise Stale()


def _locked(db: Database, table_id: int) -> dict:
    row = get(db, table_id)
    if row is None:
        raise TableRefused("gone")
    return row


def open_table(db: Database, class_id: int, pupil_id: int, seats: int, length: str,
               bot_level: str | None, now: float) -> int:
    """A new open table with the pupil in seat 0. Settings are checked by the caller against
    the class's limits (trainer.games.settings)."""
    with write_transaction(db):
        if pupils_table(db, pupil_id) is not None:
            raise TableRefused("already_seated")
        table_id = db.execute(
            "INSERT INTO class_tables (class_id, seats, length, bot_level, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)", [class_id, seats, length, bot_level, now, now]).lastrowid
        db.execute("INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, 0, ?, ?)",
                   [table_id, pupil_id, now])
    return table_id


def join(db: Database, table_id: int, pupil_id: int, now: float) -> int:
    """Seats the pupil in the first free seat of an open table; returns the seat."""
    with write_transaction(db):
        row = _locked(db, table_id)
        if pupils_table(db, pupil_id) == table_id:
            return seat_of(db, table_id, pupil_id)
        if row["status"] != "open":
            raise TableRefused("not_open")
        if pupils_table(db, pupil_id) is not None:
            raise TableRefused("already_seated")
        taken = set(seats_of(db, table_id))
        free = [s for s in range(row["seats"]) if s not in taken]
        if not free:
            raise TableRefused("full")
        db.execute("INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, ?)",
                   [table_id, free[0], pupil_id, now])
        _bump(db, table_id, row["version"], now)
        return free[0]


def leave(db: Database, table_id: int, pupil_id: int, now: float) -> None:
    """Leaves an open table; the last child to leave closes it (it is deleted: nothing was played)."""
    with write_transaction(db):
        row = _locked(db, table_id)
        if row["status"] != "open":
            raise TableRefused("not_open")
        db.execute("DELETE FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [table_id, pupil_id])
        if not seats_of(db, table_id):
            db.execute("DELETE FROM class_tables WHERE id = ?", [table_id])
        else:
            _bump(db, table_id, row["version"], now)


def start(db: Database, table_id: int, pupil_id: int, with_bots: bool, seed: int, now: float,
          turn_clock: int = 0) -> None:
    """The opener starts the game once at least two children sit there. Empty seats go to
    bots (`with_bots`, the table's bot level) or are removed; children keep their order.
    `turn_clock` is the class's setting (seconds a turn may take, 0 = no clock)."""
    with write_transaction(db):
        row = _locked(db, table_id)
        seats = seats_of(db, table_id)
        if row["status"] != "open":
            raise TableRefused("not_open")
        if seat_of(db, table_id, pupil_id) != min(seats):     # the opener, or who sits first now
            raise TableRefused("not_opener")
        if len(seats) < MIN_SEATS:
            raise TableRefused("need_two")
        if with_bots and row["bot_level"]:
            layout = [PERSON if s in seats else row["bot_level"] for s in range(row["seats"])]
            moved = {s: s for s in seats}
        else:
            layout = [PERSON] * len(seats)
            moved = {old: new for new, old in enumerate(sorted(seats))}
        # Seats are renumbered (children keep their order) before any move is made.
        db.execute("DELETE FROM class_table_seats WHERE table_id = ?", [table_id])
        for old, new in moved.items():
            db.execute("INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, ?)",
                       [table_id, new, seats[old]["pupil_id"], now])
        game = new_table_game(TableSettings(tuple(layout), row["length"]), seed)
        _store_game(db, row, game, now, None, seats=len(layout), turn_clock=max(0, int(turn_clock)))


def _store_game(db: Database, row: dict, game: TableGame, now: float, last_move: str | None,
                **extra) -> None:
    for number, record in enumerate(game.rounds):
        db.execute("INSERT OR IGNORE INTO class_table_rounds (table_id, round, record, created_at)"
                   " VALUES (?, ?, ?, ?)", [row["id"], number, _dump(record), now])
    _bump(db, row["id"], row["version"], now, state=_dump(game.to_json()),
          status="finished" if game.over else "playing", last_move=last_move,
          to_act=None if game.state.over else game.state.current_player, **extra)


def play(db: Database, table_id: int, pupil_id: int, version: int, move_key: str, make_move,
         now: float, decision_ms: int | None = None) -> str:
    """The pupil's move, made on `version`. `make_move(game, seat)` turns the request into a
    Move (raising GameError); the game service applies it (GameError: nothing changes).
    Returns "done", or "again" when this very move was already applied (a double tap, a
    second tab). Raises Stale for any other move on an old version. A card played is
    analysed as in bot games (class_table_moves, in this same transaction); `decision_ms` is
    the board's own measurement, when it sent one."""
    with write_transaction(db):
        row = _locked(db, table_id)
        seat = seat_of(db, table_id, pupil_id)
        if seat is None:
            raise TableRefused("not_seated")
        key = f"{seat}@{version}:{move_key}"
        if row["version"] != version:
            if row["last_move"] == key:
                return "again"
            raise Stale()
        if row["status"] != "playing":
            raise TableRefused("not_playing")
        game = load(row)
        if move_key == "next-round":
            after = next_round(game)
        else:
            move = make_move(game, seat)
            after = decide(game, seat, move)
            if isinstance(move, Play):
                # Analysed on the position it was chosen in, once the engine has accepted it.
                analysis = analyse_play(game.state, normalise_move(game.state, move), game.round_no,
                                        decision_ms, hint_used=False)
                _insert_move(db, table_id, pupil_id, seat, analysis, now)
        db.execute("UPDATE class_table_seats SET seen_at = ? WHERE table_id = ? AND seat = ?",
                   [now, table_id, seat])
        _store_game(db, row, after, now, key)
    return "done"


def _insert_move(db: Database, table_id: int, pupil_id: int, seat: int, a: MoveAnalysis,
                 now: float) -> None:
    db.execute(
        "INSERT INTO class_table_moves (table_id, pupil_id, seat, round, turn, target,"
        " captures_available, best_points, tweak_available, points, tweak, missed_capture,"
        " missed_tweak, decision_ms, hint_used, analysis, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [table_id, pupil_id, seat, a.round, a.turn, a.target, a.captures_available, a.best_points,
         a.tweak_available, a.points, a.tweak, a.missed_capture, a.missed_tweak, a.decision_ms,
         a.hint_used, _dump(a.to_json()), now])


def moves_of(db: Database, table_id: int, pupil_id: int) -> list[dict]:
    """The pupil's analysed plays at the table, in the order they were played."""
    return list(db.query("SELECT * FROM class_table_moves WHERE table_id = ? AND pupil_id = ?"
                         " ORDER BY round, turn", [table_id, pupil_id]))


# ---------------------------------------------------------------- nobody blocks the table

def _due(row: dict, seats: dict[int, dict], now: float) -> str | None:
    """Why the helper bot must play the seat to act now: "away" (its child is), "clock" (its
    turn took longer than the table's clock; the turn began at the table's last change), or
    None. Seats of bots never wait (they play in the game service), so `to_act` is a child's."""
    seat = row.get("to_act")
    if row["status"] != "playing" or seat is None or seat not in seats:
        return None
    if seat in away_seats(seats, now):
        return "away"
    if row.get("turn_clock") and now - row["updated_at"] >= row["turn_clock"]:
        return "clock"
    return None


def tick(db: Database, table_id: int, pupil_id: int | None, now: float) -> int | None:
    """What every poll (and the table page) does, lazily, instead of a background thread (any
    number of server processes, SQLite the one truth): notes that `pupil_id`'s child is here
    (at most every SEEN_EVERY seconds), and lets the helper bot play every turn that is due.
    Reads only, unless something must change; the change re-checks inside BEGIN IMMEDIATE, so
    of several processes noticing the same due turn only one plays it. Returns the version."""
    row = db.execute("SELECT status, version, updated_at, turn_clock, to_act FROM class_tables WHERE id = ?",
                     [table_id]).fetchone()
    if row is None:
        return None
    light = dict(zip(("status", "version", "updated_at", "turn_clock", "to_act"), row))
    seats = {seat: {"pupil_id": pid, "seen_at": seen} for seat, pid, seen in db.execute(
        "SELECT seat, pupil_id, seen_at FROM class_table_seats WHERE table_id = ?", [table_id])}
    mine = next((seat for seat, s in seats.items() if s["pupil_id"] == pupil_id), None)
    version = light["version"]
    if mine is not None and (seats[mine]["seen_at"] is None or now - seats[mine]["seen_at"] >= SEEN_EVERY):
        came_back = light["status"] == "playing" and mine in away_seats(seats, now)
        seats[mine]["seen_at"] = now
        with write_transaction(db):
            db.execute("UPDATE class_table_seats SET seen_at = ? WHERE table_id = ? AND seat = ?",
                       [now, table_id, mine])
            if came_back:
                # The boards show who is away: they must learn that the child is back.
                version = _locked(db, table_id)["version"]
                _bump(db, table_id, version, now)
                version += 1
    if _due(light, seats, now) is None:
        return version
    return catch_up(db, table_id, now)


def catch_up(db: Database, table_id: int, now: float) -> int:
    """The helper bot (trainer.games.table.helper_turn) plays every turn that is due now, each
    one a new version, noted in `helped` so the boards can say so. Returns the version."""
    with write_transaction(db):
        row = _locked(db, table_id)
        seats = {seat: {"seen_at": s["seen_at"]} for seat, s in seats_of(db, table_id).items()}
        for _ in range(HELPER_ROUNDS):
            why = _due(row, seats, now)
            if why is None:
                break
            game = load(row)
            round_no, seat = game.round_no, row["to_act"]
            after, steps = helper_turn(game, seat)
            helped = helped_of(row) + [[round_no, step, seat, why] for step in steps]
            _store_game(db, row, after, now, f"{seat}@{row['version']}:helper", helped=_dump(helped))
            row = _locked(db, table_id)
        return row["version"]


def seat_and_start(db: Database, class_id: int, pupil_ids: list[int], length: str, seed: int,
                   now: float, turn_clock: int = 0, tournament_id: int | None = None) -> int:
    """A table the teacher seats (the class tournament): the children in the given order, no
    opener, no bots, started at once. A child waiting at an open table leaves it first (an
    empty one goes); a child already playing is refused ("already_seated")."""
    if not MIN_SEATS <= len(pupil_ids) <= MAX_SEATS or len(set(pupil_ids)) != len(pupil_ids):
        raise TableRefused("settings")
    with write_transaction(db):
        for pupil_id in pupil_ids:
            for table_id in pupils_tables(db, pupil_id):
                row = get(db, table_id)
                if row["status"] != "open":
                    raise TableRefused("already_seated")
                leave(db, table_id, pupil_id, now)
        table_id = db.execute(
            "INSERT INTO class_tables (class_id, seats, length, bot_level, created_at, updated_at,"
            " tournament_id) VALUES (?, ?, ?, NULL, ?, ?, ?)",
            [class_id, len(pupil_ids), length, now, now, tournament_id]).lastrowid
        for seat, pupil_id in enumerate(pupil_ids):
            db.execute("INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, ?)",
                       [table_id, seat, pupil_id, now])
        game = new_table_game(TableSettings((PERSON,) * len(pupil_ids), length), seed)
        _store_game(db, get(db, table_id), game, now, None, turn_clock=max(0, int(turn_clock)))
    return table_id


def stop(db: Database, table_id: int, now: float) -> None:
    """Ends an unfinished table where it stands (the teacher ended the tournament early):
    finished rounds stay, nobody is to act."""
    with write_transaction(db):
        row = _locked(db, table_id)
        if row["status"] in UNFINISHED:
            _bump(db, table_id, row["version"], now, status="finished", to_act=None)
