"""The watcher: every subscriber of a school is served by one query a tick.

`Hub.tick()` reads each school that has subscribers once (trainer.play.live.tables:
one indexed statement, whatever the number of tablets), compares with the last tick and
hands each subscriber its events. It is plain synchronous code, so the tests count its
statements and drive its clock; trainer.push.server runs it every TICK seconds.

An event carries ids and versions only, never a card or a name (R9 stays in the web app,
which renders each seat's own view when the tablet asks for it):
- {"table": T, "version": V} to a table's subscribers when T changed (V None: T finished or
  went, so the tablet asks once and is shown how it ended);
- {"table": T, "version": V, "due": true} when a turn of T fell due (turn clock, away child,
  a child who never came: trainer.play.presence, the rule the web app follows too), at the
  moment it did, so a tablet asks and the web app's lazy tick lets the helper bot play
  (docs/class-play.md); again whenever that moment moves (the child came back, then left);
- "look": L beside a table's version when who is here changed (presence.look, "" left out):
  being here is not a move, so the version stays and a board asks when its look differs;
- {"class": C, "version": N} to a class's subscribers (the teacher's projector, the lobby)
  when any of its tables opened, changed, finished or went, or who is at one changed; N only
  counts.
A new subscriber gets its key's current value at the next tick, so what changed while it
was away is never missed: the tablet compares with the version it shows.

Presence: a child whose tablet holds its table's stream open is here. `presence_due(now)`
says, per school, which seats to note (trainer.play.live.mark_here: one write for
all of them) every PRESENCE_EVERY seconds, and within a second when a seat connects; a seat
whose ticket has expired is left out (and its stream ends, trainer.push.server), so only the
checks a stream's opening makes ever mark anyone present. `recheck()` ends, within
RECHECK_EVERY, a stream whose login ended or whose child left the table (issue 46.5).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Callable

from trainer.play import live
from trainer.store import live_tables

TICK = 0.1  # seconds between reads of a school (the issue: at most 100 ms)
QUEUE_LIMIT = 64  # a subscriber this far behind gets only the latest; it compares versions anyway
PRESENCE_EVERY = 5.0  # seconds between a school's presence writes: a seat is away after 20 s
PRESENCE_SOONEST = 1.0  # a newly connected seat is noted at once, but a school is written at most this often
RECHECK_EVERY = 2.0  # seconds between a school's checks that its streams' logins and seats still hold


@dataclass(eq=False)
class Subscriber:
    school: str
    kind: str  # "table" or "class"
    thing: int
    person: int | None = None  # the pupil seated at `thing`, for a table's ticket
    expires: float = float("inf")  # when its ticket stops being good (epoch seconds)
    login: tuple[float, str, int] | None = None  # (session began, who, person) its ticket is bound to
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    fresh: bool = True

    def send(self, event: dict | None) -> None:
        """Queues an event; None ends the stream."""
        if self.queue.full():
            # Only the newest matters: the page compares it with what it shows.
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(event)


@dataclass
class SchoolState:
    tables: dict[int, tuple[int, int, float | None, str]] | None = None
    class_seq: dict[int, int] = field(default_factory=dict)
    nudged: set[tuple[int, int, float]] = field(default_factory=set)
    subscribers: set[Subscriber] = field(default_factory=set)
    noted: frozenset[tuple[int, int]] = frozenset()  # the seats of the last presence write
    noted_at: float = float("-inf")
    checked_at: float = float("-inf")
    rolls: dict[int, tuple] = field(default_factory=dict)  # live_tables.rolls at the last check


class Hub:
    """`connect(school)` gives the school's reading connection (kept by the caller)."""

    def __init__(self, connect: Callable[[str], object], clock: Callable[[], float] = time.time):
        self.connect = connect
        self.clock = clock
        self.schools: dict[str, SchoolState] = {}

    def subscribe(
        self,
        school: str,
        kind: str,
        thing: int,
        person: int | None = None,
        expires: float = float("inf"),
        login: tuple[float, str, int] | None = None,
    ) -> Subscriber:
        sub = Subscriber(school, kind, thing, person, expires, login)
        self.schools.setdefault(school, SchoolState()).subscribers.add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        state = self.schools.get(sub.school)
        if state is None:
            return
        state.subscribers.discard(sub)
        if not state.subscribers:
            # Nobody watches the school: stop reading it; a next subscriber starts afresh.
            del self.schools[sub.school]

    def subscribers(self, school: str | None = None) -> int:
        """One school's open streams (the health answer names no other: issue 45); all: None."""
        if school is None:
            return sum(len(s.subscribers) for s in self.schools.values())
        state = self.schools.get(school)
        return len(state.subscribers) if state else 0

    def presence_due(self, now: float) -> list[tuple[str, frozenset[tuple[int, int]]]]:
        """(school, its connected seats) for each school whose presence write is due now; the
        caller writes them (or calls presence_failed). One write per school, whatever the
        number of subscribers."""
        due = []
        for school, state in self.schools.items():
            seats = self.connected(school, now)
            since = now - state.noted_at
            if seats and (since >= PRESENCE_EVERY or (since >= PRESENCE_SOONEST and seats - state.noted)):
                state.noted, state.noted_at = seats, now
                due.append((school, seats))
        return due

    def connected(self, school: str, now: float) -> frozenset[tuple[int, int]]:
        """(table, pupil) of every seat whose stream is open now with a good ticket."""
        state = self.schools.get(school)
        return frozenset(
            (sub.thing, sub.person)
            for sub in (state.subscribers if state else ())
            if sub.kind == "table" and sub.person is not None and now < sub.expires
        )

    def presence_failed(self, school: str) -> None:
        """The write did not happen (the lock stayed busy): try again a second later."""
        state = self.schools.get(school)
        if state is not None:
            state.noted = frozenset()

    def recheck(self, force: bool = False) -> None:
        """Ends the streams whose login ended (logout, archive, removal, "log out everywhere")
        or whose child no longer sits at the table (issue 46.5): they get None (the server
        closes them) and are dropped at once, so no presence is ever written for them. Each
        school every RECHECK_EVERY seconds (and before each presence write), three statements
        at most (logins, seats, the class roll call) whatever its number of streams."""
        now = self.clock()
        for school, state in list(self.schools.items()):
            if not force and now - state.checked_at < RECHECK_EVERY:
                continue
            state.checked_at = now
            subs = list(state.subscribers)
            logins = [sub.login for sub in subs if sub.login is not None]
            seats = [(sub.thing, sub.person) for sub in subs if sub.kind == "table" and sub.person is not None]
            conn = self.connect(school)
            alive = live_tables.live_sessions(conn, logins) if logins else set()
            still = live_tables.seated(conn, seats) if seats else set()
            self._roll_call(state, conn, subs)
            for sub in subs:
                if (sub.login is not None and sub.login not in alive) or (
                    sub.kind == "table" and sub.person is not None and (sub.thing, sub.person) not in still
                ):
                    self.unsubscribe(sub)
                    sub.send(None)

    @staticmethod
    def _roll_call(state: SchoolState, conn, subs: list[Subscriber]) -> None:
        """A class's watchers (the projector's "who is here") hear when a child of the class
        logged in or out, as when a table changed: no page has to ask every 2 s (issue 46.6)."""
        classes = {sub.thing for sub in subs if sub.kind == "class"}
        if not classes:
            state.rolls = {}
            return
        now = live_tables.rolls(conn, classes)
        for class_id in classes:
            if class_id in state.rolls and state.rolls[class_id] != now.get(class_id):
                state.class_seq[class_id] = state.class_seq.get(class_id, 0) + 1
                event = {"class": class_id, "version": state.class_seq[class_id]}
                for sub in subs:
                    if sub.kind == "class" and sub.thing == class_id:
                        sub.send(event)
        state.rolls = now

    def tick(self) -> None:
        now = self.clock()
        for school, state in list(self.schools.items()):
            self._tick_school(state, live.tables(self.connect(school), now), now)

    def _tick_school(self, state: SchoolState, tables: dict, now: float) -> None:
        before = state.tables
        events: dict[tuple[str, int], dict] = {}
        if before is not None:
            changed_classes = set()
            for table_id, (class_id, version, _due, look) in tables.items():
                was = before.get(table_id, (None, None, None, ""))
                if (was[1], was[3]) != (version, look):
                    events["table", table_id] = _table_event(table_id, version, look)
                    changed_classes.add(class_id)
            for table_id, (class_id, _version, _due, _look) in before.items():
                if table_id not in tables:
                    events["table", table_id] = {"table": table_id, "version": None}
                    changed_classes.add(class_id)
            for class_id in changed_classes:
                state.class_seq[class_id] = state.class_seq.get(class_id, 0) + 1
                events["class", class_id] = {"class": class_id, "version": state.class_seq[class_id]}
        for table_id, (_class_id, version, due, look) in tables.items():
            # Once per moment a turn falls due: when it moves (the child was back a while,
            # then left), the table is nudged again, so it never waits for ever.
            if due is not None and (table_id, version, due) not in state.nudged:
                state.nudged.add((table_id, version, due))
                events["table", table_id] = {**_table_event(table_id, version, look), "due": True}
        state.nudged = {(t, v, d) for t, v, d in state.nudged if t in tables and tables[t][1:3] == (v, d)}
        state.tables = tables
        for sub in state.subscribers:
            event = events.get((sub.kind, sub.thing))
            if sub.fresh:
                sub.fresh = False
                event = event or self._current(state, sub, tables)
            if event is not None:
                sub.send(event)

    @staticmethod
    def _current(state: SchoolState, sub: Subscriber, tables: dict) -> dict:
        if sub.kind == "table":
            found = tables.get(sub.thing)
            return _table_event(sub.thing, found[1], found[3]) if found else {"table": sub.thing, "version": None}
        return {"class": sub.thing, "version": state.class_seq.get(sub.thing, 0)}


def _table_event(table_id: int, version: int, look: str) -> dict:
    return {"table": table_id, "version": version, **({"look": look} if look else {})}
