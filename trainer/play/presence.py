"""Who is at a class table and when a turn falls due to the helper bot (issue 46.2): the one
rule the web app (trainer.play.tables, on every poll and move) and the live channel
(trainer.play.live for trainer.push, which nudges the tablets at that moment) both call, so
they never disagree. The store only reads and writes what these rules are asked about.

A seat's `seen_at` is the last time its child's tablet did something at that table (an open
stream for it, a poll, a move, a move refused because the board was behind); None while a
tournament seat's child has not opened the table yet. Times are epoch seconds, given by the caller. Whether a turn is due
is one function of the time (`due`), which only ever turns true as time goes on: the channel
asks it every tick and nudges the tablets when it does, so the web app, asked a moment later,
lets the helper play. `due_from` names that moment, so the channel nudges once for each.

A seat whose child has "no timer" (issue 49.3, the teacher's setting: seat -> {"untimed": True})
has no turn clock: the helper bot never plays for them while they are here, only once they are
away, as for everyone.
"""

from __future__ import annotations

from collections.abc import Mapping

AWAY_AFTER = 20.0  # seconds without a sign of the tablet: the child closed it, is away
# A tournament seat's child has not opened the table yet: the table waits for them this long
# after its start before the helper bot plays for them (issue 39.1). Their away clock starts
# only when they first open the table.
ARRIVE_WITHIN = 180.0
NEVER = float("inf")


def away_from(seen_at: float | None, started_at: float | None) -> float:
    """After when the seat's child counts as away (not here yet: ARRIVE_WITHIN after the
    table's start; a seat with neither time never is)."""
    if seen_at is None:
        return NEVER if started_at is None else started_at + ARRIVE_WITHIN
    return seen_at + AWAY_AFTER


def is_away(seen_at: float | None, started_at: float | None, now: float) -> bool:
    return now > away_from(seen_at, started_at)


def comes_back(seen_at: float | None, started_at: float | None, now: float) -> bool:
    """A child seen at `now` who was away, or whose tablet opens the table for the first time:
    the turn's clock starts again, as it runs only while its child is here (the web app's poll
    and the live channel's presence write alike)."""
    return seen_at is None or is_away(seen_at, started_at, now)


def away_seats(seats: Mapping[int, Mapping], now: float, started_at: float | None = None) -> set[int]:
    """The seats (seat -> {"seen_at": ...}) whose child is away now."""
    return {seat for seat, s in seats.items() if is_away(s.get("seen_at"), started_at, now)}


def not_here_yet(seats: Mapping[int, Mapping]) -> set[int]:
    """The seats whose child has not opened the table since the tournament started."""
    return {seat for seat, s in seats.items() if s.get("seen_at") is None}


def look(seats: Mapping[int, Mapping], now: float, started_at: float | None) -> str:
    """Who is not here, as the boards show it: "" when everyone is, else each such seat with
    "a" (away: the helper plays for them) or "n" (not here yet), "1a3n". It changes with the
    clock alone, without a write: the live channel tells the boards when it does, and a board
    asks whenever its own differs (static/js/push.js)."""
    away = away_seats(seats, now, started_at)
    waiting = not_here_yet(seats) - away
    return "".join(f"{seat}{'a' if seat in away else 'n'}" for seat in sorted(away | waiting))


def due_from(
    seen_at: float | None, started_at: float | None, turn_began: float, turn_clock: int | None
) -> tuple[float, str]:
    """(when, why) the helper bot may play the turn of the seat to act: "away" (its child is
    away or never came) or "clock" (the turn took the table's clock, counted from the table's
    last change, `turn_began`; only once the child is here). `due` says whether that moment
    has come."""
    when, why = away_from(seen_at, started_at), "away"
    if turn_clock and seen_at is not None and turn_began + turn_clock <= when:
        when, why = turn_began + turn_clock, "clock"
    return when, why


def due(
    seen_at: float | None, started_at: float | None, turn_began: float, turn_clock: int | None, now: float
) -> str | None:
    """Why the helper bot must play the turn now ("away" before "clock"), or None."""
    if is_away(seen_at, started_at, now):
        return "away"
    if turn_clock and seen_at is not None and now - turn_began >= turn_clock:
        return "clock"
    return None


def seat_clock(table: Mapping, seat: Mapping) -> int | None:
    """The turn clock for this seat's child: the table's, none for a child with "no timer"."""
    return None if seat.get("untimed") else table.get("turn_clock")


def table_due(table: Mapping, seats: Mapping[int, Mapping], now: float) -> str | None:
    """Why the helper bot must play the seat to act at a table now: "away" (its child is),
    "clock" (its turn took longer than the table's clock; the turn began at the table's last
    change), or None. `table` holds the row's status, to_act, created_at, updated_at and
    turn_clock; `seats` seat -> {"seen_at", "untimed"}. Seats of bots never wait (they play in
    the game core), so `to_act` is a child's."""
    seat = table.get("to_act")
    if table["status"] != "playing" or seat is None or seat not in seats:
        return None
    return due(
        seats[seat].get("seen_at"), table.get("created_at"), table["updated_at"], seat_clock(table, seats[seat]), now
    )


def table_due_since(table: Mapping, seats: Mapping[int, Mapping], now: float) -> float | None:
    """The moment the helper turn due now at a table fell due (the live channel nudges its
    tablets once for each); None while none is due."""
    if table_due(table, seats, now) is None:
        return None
    seat = seats[table["to_act"]]
    return due_from(seat.get("seen_at"), table.get("created_at"), table["updated_at"], seat_clock(table, seat))[0]
