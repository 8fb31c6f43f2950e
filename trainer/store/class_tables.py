"""Class play tables (issue 16): a class's tables, who sits where, and the game played there.

SQLite is the one source of truth for every server process, and a table changes only by a
new version (trainer.store.versions): the caller reads the table, works out the change (the
game logic runs in trainer.play.tables and trainer.play.moves, outside any write lock), and saves it with
`version = version + 1 ... WHERE version = ?`. So of two requests made on the same version (a
double tap, two tabs, two processes) only the first changes the table; the second finds a
newer version and is refused, or, when it is the very same move, answered as done. Times
(`now`, epoch seconds) come from the caller. Reads and writes only: who is here and when a turn
is due are trainer.play.presence's rules, asked by trainer.play.tables.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from trainer.games.analysis import MoveAnalysis
from trainer.games.service import Game, game_from_saved, keep_saved
from trainer.games.settings import MAX_SEATS, MIN_SEATS, PERSON
from trainer.store import drills, game_moves, versions
from trainer.store.db import write_transaction

UNFINISHED = ("open", "playing")


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
    """Changes whenever any table of the class changes, opens or goes: the lobby's ETag (the
    teacher's pages add who is here: trainer.play.tables.class_signature)."""
    count, versions, top = db.execute(
        "SELECT count(*), coalesce(sum(version), 0), coalesce(max(id), 0) FROM class_tables WHERE class_id = ?",
        [class_id],
    ).fetchone()
    return f"{count}-{versions}-{top}"


def played_of_class(db: Database, class_id: int) -> dict[int, tuple[float, dict[int, dict]]]:
    """table id -> (when it was made, its seats as seats_of gives them), for the class's tables
    being played."""
    tables = {
        row[0]: row[1]
        for row in db.execute(
            "SELECT id, created_at FROM class_tables WHERE class_id = ? AND status = 'playing'", [class_id]
        )
    }
    if not tables:
        return {}
    seats = seats_of_tables(db, list(tables))
    return {table_id: (started, seats[table_id]) for table_id, started in tables.items()}


def seen_of(db: Database, table_id: int) -> tuple[str, float, dict[int, dict]] | None:
    """(status, when it was made, seat -> {"seen_at"}) of one table: the cheap read behind who
    is here; None when there is no such table."""
    row = db.execute("SELECT status, created_at FROM class_tables WHERE id = ?", [table_id]).fetchone()
    if row is None:
        return None
    seats = {
        seat: {"seen_at": seen}
        for seat, seen in db.execute("SELECT seat, seen_at FROM class_table_seats WHERE table_id = ?", [table_id])
    }
    return row[0], row[1], seats


def seats_of(db: Database, table_id: int) -> dict[int, dict]:
    """seat -> {"pupil_id", "name", "seen_at", "untimed"} for the seats children took."""
    return {
        row["seat"]: {
            "pupil_id": row["pupil_id"],
            "name": row["name"],
            "seen_at": row["seen_at"],
            "untimed": bool(row["untimed"]),
        }
        for row in db.query(
            f"SELECT s.seat, s.pupil_id, p.name, s.seen_at, {drills.UNTIMED_SQL} AS untimed"
            " FROM class_table_seats s JOIN pupils p ON p.id = s.pupil_id"
            " LEFT JOIN pupil_settings n ON n.pupil_id = s.pupil_id WHERE s.table_id = ? ORDER BY s.seat",
            [table_id],
        )
    }


def seats_of_tables(db: Database, table_ids: list[int]) -> dict[int, dict[int, dict]]:
    """seats_of for many tables in one query (the teacher's watch page shows them all)."""
    seats: dict[int, dict[int, dict]] = {table_id: {} for table_id in table_ids}
    marks = ",".join("?" * len(table_ids))
    for row in db.query(
        "SELECT s.table_id, s.seat, s.pupil_id, p.name, s.seen_at FROM class_table_seats s"
        f" JOIN pupils p ON p.id = s.pupil_id WHERE s.table_id IN ({marks}) ORDER BY s.table_id, s.seat",
        list(table_ids),
    ):
        seats[row["table_id"]][row["seat"]] = {
            "pupil_id": row["pupil_id"],
            "name": row["name"],
            "seen_at": row["seen_at"],
        }
    return seats


def seat_of(db: Database, table_id: int, pupil_id: int) -> int | None:
    row = db.execute(
        "SELECT seat FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [table_id, pupil_id]
    ).fetchone()
    return row[0] if row else None


def for_class(db: Database, class_id: int, statuses=UNFINISHED) -> list[dict]:
    marks = ",".join("?" for _ in statuses)
    return list(
        db.query(
            f"SELECT * FROM class_tables WHERE class_id = ? AND status IN ({marks}) ORDER BY id", [class_id, *statuses]
        )
    )


def pupils_tables(db: Database, pupil_id: int) -> list[int]:
    """Every unfinished table the pupil sits at (one, unless seated by hand), newest first."""
    return [
        row[0]
        for row in db.execute(
            "SELECT t.id FROM class_table_seats s JOIN class_tables t ON t.id = s.table_id"
            " WHERE s.pupil_id = ? AND t.status IN ('open', 'playing') ORDER BY t.id DESC",
            [pupil_id],
        )
    ]


def pupils_table(db: Database, pupil_id: int) -> int | None:
    """The unfinished table the pupil sits at, if any: a child sits at one table at a time."""
    row = db.execute(
        "SELECT t.id FROM class_table_seats s JOIN class_tables t ON t.id = s.table_id"
        " WHERE s.pupil_id = ? AND t.status IN ('open', 'playing') ORDER BY t.id DESC LIMIT 1",
        [pupil_id],
    ).fetchone()
    return row[0] if row else None


def helped_of(row: dict) -> list[list]:
    """The helper bot's moves at the table: [round, step, seat, "clock" | "away"]."""
    return json.loads(row.get("helped") or "[]")


def load(row: dict) -> Game | None:
    return game_from_saved(row["state"]) if row.get("state") else None


def rounds_of(db: Database, table_id: int) -> list[dict]:
    return [
        json.loads(r["record"])
        for r in db.query("SELECT record FROM class_table_rounds WHERE table_id = ? ORDER BY round", [table_id])
    ]


# ---------------------------------------------------------------- changing


def _bump(db: Database, table_id: int, version: int, now: float, **columns) -> None:
    if not versions.bump(db, "class_tables", table_id, version, now, **columns):
        raise Stale()


def _locked(db: Database, table_id: int) -> dict:
    row = get(db, table_id)
    if row is None:
        raise TableRefused("gone")
    return row


def open_table(
    db: Database, class_id: int, pupil_id: int, seats: int, length: str, bot_level: str | None, now: float
) -> int:
    """A new open table with the pupil in seat 0. Settings are checked by the caller against
    the class's limits (trainer.games.settings)."""
    with write_transaction(db):
        if pupils_table(db, pupil_id) is not None:
            raise TableRefused("already_seated")
        table_id = db.execute(
            "INSERT INTO class_tables (class_id, seats, length, bot_level, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [class_id, seats, length, bot_level, now, now],
        ).lastrowid
        db.execute(
            "INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, 0, ?, ?)",
            [table_id, pupil_id, now],
        )
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
        db.execute(
            "INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, ?)",
            [table_id, free[0], pupil_id, now],
        )
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


def start_plan(db: Database, table_id: int, pupil_id: int, with_bots: bool) -> tuple[dict, tuple[str, ...], dict]:
    """What starting the table would do, once at least two children sit there, asked by its
    opener: (the table, its seats' layout for the game, old seat -> new seat). Empty seats go
    to bots (`with_bots`, the table's bot level) or are removed; children keep their order."""
    row = _locked(db, table_id)
    seats = seats_of(db, table_id)
    if row["status"] != "open":
        raise TableRefused("not_open")
    if seat_of(db, table_id, pupil_id) != min(seats):  # the opener, or who sits first now
        raise TableRefused("not_opener")
    if len(seats) < MIN_SEATS:
        raise TableRefused("need_two")
    if with_bots and row["bot_level"]:
        return (
            row,
            tuple(PERSON if s in seats else row["bot_level"] for s in range(row["seats"])),
            {s: s for s in seats},
        )
    return row, (PERSON,) * len(seats), {old: new for new, old in enumerate(sorted(seats))}


def start(db: Database, row: dict, moved: dict[int, int], game: Game, now: float, turn_clock: int = 0) -> None:
    """Starts the table of `start_plan` with its new game, if nobody joined or left since
    (Stale otherwise). `turn_clock` is the class's setting (seconds a turn may take, 0 = no clock)."""
    with write_transaction(db):
        seats = seats_of(db, row["id"])
        if not _write_game(db, row, game, now, None, seats=game.settings.players, turn_clock=max(0, int(turn_clock))):
            raise Stale()
        # Seats are renumbered (children keep their order) before any move is made.
        db.execute("DELETE FROM class_table_seats WHERE table_id = ?", [row["id"]])
        for old, new in moved.items():
            db.execute(
                "INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, ?)",
                [row["id"], new, seats[old]["pupil_id"], now],
            )


def _write_game(db: Database, row: dict, game: Game, now: float, last_move: str | None, **extra) -> dict | None:
    """The table's next version with `game`: the row as stored, or None when it changed since."""
    columns = {
        "state": _dump(game.to_json()),
        "status": "finished" if game.over else "playing",
        "last_move": last_move,
        "to_act": None if game.state.over else game.state.current_player,
        **extra,
    }
    if not versions.bump(db, "class_tables", row["id"], row["version"], now, **columns):
        return None
    keep_saved(columns["state"], game)  # every tablet at the table loads this version next
    for number, record in enumerate(game.rounds):
        db.execute(
            "INSERT OR IGNORE INTO class_table_rounds (table_id, round, record, created_at) VALUES (?, ?, ?, ?)",
            [row["id"], number, _dump(record), now],
        )
    return versions.bumped(row, now, **columns)


def save(
    db: Database,
    row: dict,
    game: Game,
    now: float,
    last_move: str,
    *,
    seat: int | None = None,
    analysis: MoveAnalysis | None = None,
    helped: list | None = None,
    queued_ms: int | None = None,
) -> dict | None:
    """Stores `game`, worked out from `row`, as the table's next version, with `last_move`
    (the move's key, also kept as the latest move of the child in `seat`) and the analysis of
    that child's play, if any (with `queued_ms`, how long the tablet held it), or the helper
    bot's moves so far (`helped`). Returns the table's row as stored; None, storing nothing,
    when the table changed since `row` was read."""
    extra = {} if helped is None else {"helped": _dump(helped)}
    with write_transaction(db):
        saved = _write_game(db, row, game, now, last_move, **extra)
        if saved is None:
            return None
        if seat is not None:
            pupil_id = db.execute(
                "SELECT pupil_id FROM class_table_seats WHERE table_id = ? AND seat = ?", [row["id"], seat]
            ).fetchone()[0]
            db.execute(
                "UPDATE class_table_seats SET seen_at = ?, last_move = ? WHERE table_id = ? AND seat = ?",
                [now, last_move, row["id"], seat],
            )
            if analysis is not None:
                game_moves.insert(db, analysis, pupil_id, now, table_id=row["id"], seat=seat, queued_ms=queued_ms)
    return saved


def seat_made(db: Database, table_id: int, seat: int, key: str) -> bool:
    """Whether the latest move of the child in `seat` was the one with this key."""
    found = db.execute(
        "SELECT last_move FROM class_table_seats WHERE table_id = ? AND seat = ?", [table_id, seat]
    ).fetchone()
    return found is not None and found[0] == key


# ---------------------------------------------------------------- who is here


def presence_of(db: Database, table_id: int) -> tuple[dict, dict[int, dict]] | None:
    """What every poll reads (trainer.play.tables.here), without rebuilding the game: the
    table's status, version, updated_at, turn_clock, to_act and created_at, and seat ->
    {"pupil_id", "seen_at", "untimed"} (the child's "no timer", issue 49.3). None when there is
    no such table."""
    row = db.execute(
        "SELECT status, version, updated_at, turn_clock, to_act, created_at FROM class_tables WHERE id = ?", [table_id]
    ).fetchone()
    if row is None:
        return None
    light = dict(zip(("status", "version", "updated_at", "turn_clock", "to_act", "created_at"), row))
    seats = {
        seat: {"pupil_id": pid, "seen_at": seen, "untimed": bool(untimed)}
        for seat, pid, seen, untimed in db.execute(
            f"SELECT s.seat, s.pupil_id, s.seen_at, {drills.UNTIMED_SQL} FROM class_table_seats s"
            " LEFT JOIN pupil_settings n ON n.pupil_id = s.pupil_id WHERE s.table_id = ?",
            [table_id],
        )
    }
    return light, seats


def note_seen(db: Database, table_id: int, seat: int, now: float, restart_clock: bool) -> None:
    """The child in `seat` is here at `now`; with `restart_clock`, the turn's clock starts again
    (they came back). Being here is not a move: the version stays (a tap made on it is still
    good, issue 46.3)."""
    with write_transaction(db):
        db.execute("UPDATE class_table_seats SET seen_at = ? WHERE table_id = ? AND seat = ?", [now, table_id, seat])
        if restart_clock:
            db.execute("UPDATE class_tables SET updated_at = ? WHERE id = ?", [now, table_id])


def seat_and_start(
    db: Database,
    class_id: int,
    pupil_ids: list[int],
    game: Game,
    now: float,
    turn_clock: int = 0,
    tournament_id: int | None = None,
) -> int:
    """A table the teacher seats (the class tournament): the children in the given order, no
    opener, no bots, started at once with `game`. A child waiting at an open table leaves it
    first (an empty one goes); a child already playing is refused ("already_seated"). Nobody
    has opened the table yet: each seat's seen_at stays NULL until its child does (issue 39.1)."""
    if (
        not MIN_SEATS <= len(pupil_ids) <= MAX_SEATS
        or len(set(pupil_ids)) != len(pupil_ids)
        or game.settings.seats != (PERSON,) * len(pupil_ids)
    ):
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
            [class_id, len(pupil_ids), game.settings.length, now, now, tournament_id],
        ).lastrowid
        for seat, pupil_id in enumerate(pupil_ids):
            db.execute(
                "INSERT INTO class_table_seats (table_id, seat, pupil_id, seen_at) VALUES (?, ?, ?, NULL)",
                [table_id, seat, pupil_id],
            )
        _write_game(db, get(db, table_id), game, now, None, turn_clock=max(0, int(turn_clock)))
    return table_id


def stop(db: Database, table_id: int, now: float) -> None:
    """Ends an unfinished table where it stands (the teacher ended the tournament early):
    finished rounds stay, nobody is to act."""
    with write_transaction(db):
        row = _locked(db, table_id)
        if row["status"] in UNFINISHED:
            _bump(db, table_id, row["version"], now, status="finished", to_act=None)
