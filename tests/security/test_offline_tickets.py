"""Offline tickets (issue 18.2, drills/ahead.py) belong to one sitting and its school day and
are used once (issue 38.5). The attack: tickets held overnight finished yesterday's drill and
made a streak; one sitting answered the same puzzle three times through the tickets of three
page loads.

ASVS 5.0 V2.3.1 (a step only in its place in the flow), V2.3.4 (a business-logic limit held
under concurrency: a uniqueness constraint in the database), V2.2.2 (the server's clock decides).
"""

import re
import sqlite3
import time
from datetime import date

import pytest

from drill_helpers import CURATED, DrillWorld, right_answer
from trainer.practice import flow
from trainer.store import practice, puzzle_sets
from trainer.web.core import school_day
from trainer.web.drills import ahead

SET = [p.id for p in CURATED[:5]]
TEMPLATE = re.compile(r"<template data-ahead[^>]*>(.*?)</template>", re.S)


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by the test (school_day.now)."""
    now = [time.time()]
    monkeypatch.setattr(school_day, "now", lambda: now[0])
    return now


def set_drill(world, day=None):
    """Today's drill from a set of five puzzles: the tickets of every page load are the same
    next puzzles, in the set's order."""
    set_id = puzzle_sets.create(world.db, world.teacher_id, "Five")
    for puzzle_id in SET:
        puzzle_sets.add_puzzle(world.db, set_id, puzzle_id, 50)
    puzzle_sets.set_drill_set(world.db, world.class_id, (day or school_day.today()).isoformat(), set_id)


def handed(world) -> list[dict]:
    """The tickets on the practice page: [{attempt, ticket, puzzle_id}]."""
    html = world.client.get("/practice").get_data(as_text=True)
    out = []
    for block in TEMPLATE.findall(html):
        attempt = re.search(r'name="attempt" value="([^"]+)"', block).group(1)
        ticket = re.search(r'name="ahead" value="([^"]+)"', block).group(1)
        with world.client.application.app_context():
            out.append({"attempt": attempt, "ticket": ticket, "puzzle_id": ahead.read(ticket)["puzzle_id"]})
    return out


def send(world, item, queued_ms=4_000, **extra):
    combos = right_answer(world.puzzle_of(item))
    return world.answer(
        item["attempt"],
        combos,
        client_ms=6_000,
        answer_ms=[6_000] * len(combos),
        ahead=item["ticket"],
        queued_ms=str(queued_ms),
        **extra,
    )


def rows_of(world, puzzle_id):
    return world.db.execute(
        "SELECT id, answered_at FROM attempts WHERE pupil_id = ? AND puzzle_id = ?", [world.pupil_id, puzzle_id]
    ).fetchall()


def test_a_ticket_sent_three_times_is_one_answer(world, clock):
    set_drill(world)
    world.next()
    tickets = handed(world)
    assert [t["puzzle_id"] for t in tickets] == SET[1:3]
    world.answer_right()
    clock[0] += 12
    for _ in range(3):  # the answer, and two resends after lost replies
        assert send(world, tickets[0]).status_code == 303
    assert len(rows_of(world, SET[1])) == 1
    row = world.stored(tickets[0]["attempt"])
    assert row["correct"] == 1 and row["issued_by"] == "ticket"
    assert world.pupil_rating()[1] == 2, "moved once for each of the two answers"


def test_the_same_puzzle_through_the_tickets_of_three_page_loads_counts_once(world, clock):
    set_drill(world)
    world.next()
    loads = [handed(world) for _ in range(3)]
    same = [load[0] for load in loads]
    assert len({t["attempt"] for t in same}) == 3 and {t["puzzle_id"] for t in same} == {SET[1]}
    world.answer_right()
    clock[0] += 12
    for item in same:
        send(world, item)
    assert len(rows_of(world, SET[1])) == 1
    assert world.pupil_rating()[1] == 2


def test_a_ticket_for_a_puzzle_the_server_issued_since_is_not_used(world, clock):
    set_drill(world)
    world.next()
    tickets = handed(world)
    world.answer_right()
    world.next()  # online after all: the server gives the set's next
    assert world.pending()["puzzle_id"] == SET[1]
    clock[0] += 12
    response = send(world, tickets[0])
    assert response.status_code == 303
    assert [r[0] for r in rows_of(world, SET[1])] == [world.pending()["id"]]
    assert world.pupil_rating()[1] == 1


def test_the_database_holds_a_puzzle_once_in_a_sitting(world):
    # Two server processes could both pass a check before either writes: the unique index is
    # the last word, whichever made the first row.
    set_drill(world)
    world.next()
    first = world.pending()
    copy = {**first, "id": "second-try", "issued_by": "ticket"}
    columns = [c for c in copy if copy[c] is not None]
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        world.db.execute(
            f"INSERT INTO attempts ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [copy[c] for c in columns],
        )
    with pytest.raises(practice.AlreadyIssued):
        practice.new_attempt(
            world.db,
            pupil_id=world.pupil_id,
            session_id=first["session_id"],
            puzzle_id=first["puzzle_id"],
            kind=first["kind"],
            day=first["day"],
            issued_at=first["issued_at"],
            time_limit=20,
            target=first["target"],
            combo_size=first["combo_size"],
            issued_by="ticket",
        )


@pytest.mark.parametrize("hours_later", [14, 0.01])
def test_a_ticket_held_overnight_finishes_nothing(world, clock, monkeypatch, hours_later):
    # Handed out on Wednesday; answered on Thursday (in the morning, or at 00:00:30 after a
    # puzzle at 23:59:54): refused, so Wednesday's drill of two stays unfinished, no streak.
    days = [date(2025, 3, 12), date(2025, 3, 13)]
    monkeypatch.setattr(school_day, "today", lambda: days[0])
    world.set_drill(puzzles=2)
    world.next()
    tickets = handed(world)
    assert len(tickets) == 1
    world.answer_right()
    days.pop(0)
    clock[0] += hours_later * 3600
    response = send(world, tickets[0], queued_ms=20_000)
    assert response.status_code == 303
    assert rows_of(world, tickets[0]["puzzle_id"]) == [], "no attempt made from it"
    assert practice.drill_days(world.db, world.pupil_id) == []
    assert world.pupil_rating()[1] == 1
    home = world.client.get(response.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert "too long" in home and "in a row" not in home


def test_a_ticket_past_the_longest_wifi_drop_is_refused(world, clock):
    world.set_drill(puzzles=5)
    world.next()
    tickets = handed(world)
    world.answer_right()
    clock[0] += 20 + flow.GRACE_SECONDS + flow.MAX_QUEUED_SECONDS + 1
    send(world, tickets[0], queued_ms=flow.MAX_QUEUED_SECONDS * 1000)
    assert rows_of(world, tickets[0]["puzzle_id"]) == []
    assert world.pupil_rating()[1] == 1


def test_a_ticket_within_its_time_is_still_used(world, clock):
    # The control: the same ticket a little earlier is taken (issue 18.2 still holds).
    world.set_drill(puzzles=5)
    world.next()
    tickets = handed(world)
    world.answer_right()
    clock[0] += 20 + flow.GRACE_SECONDS + flow.MAX_QUEUED_SECONDS - 60
    send(world, tickets[0], queued_ms=(flow.MAX_QUEUED_SECONDS - 30) * 1000)
    row = world.stored(tickets[0]["attempt"])
    assert row["correct"] == 1 and row["outcome"]["queued"]
    assert world.pupil_rating()[1] == 2


def test_refused_answers_to_two_tickets_store_nothing_and_the_drill_page_stays_up(world, clock):
    # Issue 45, the outside scanner's sequence: both tickets of the page answered with a
    # malformed answer (400 each; ahead.claim had already made each ticket's attempt), 40 s,
    # GET /practice — 500: the two claimed attempts share issued_at, the expired pending one
    # was chosen by one order and the screen built from the other, unanswered, by another.
    set_drill(world)
    world.next()
    tickets = handed(world)
    assert len(tickets) == 2
    before = world.db.execute("SELECT count(*) FROM attempts").fetchone()[0]
    for item in tickets:
        r = world.client.post(
            "/practice/answer", data={"attempt": item["attempt"], "answer": "x", "ahead": item["ticket"]}
        )
        assert r.status_code == 400
    assert world.db.execute("SELECT count(*) FROM attempts").fetchone()[0] == before
    clock[0] += 40
    assert world.client.get("/practice").status_code == 200
    assert world.client.get("/practice").status_code == 200


def test_two_claimed_tickets_sharing_their_time_are_read_in_one_order(world, clock):
    # Issue 45: attempts are ordered one way everywhere (practice.LATEST_FIRST): the pending one
    # closed after its time and the one the screen shows are the same attempt.
    set_drill(world)
    world.next()
    tickets = handed(world)
    with world.client.application.app_context():
        for item in tickets:
            ahead.claim(world.db, {"id": world.pupil_id}, item["attempt"], item["ticket"])
    clock[0] += 40
    assert world.client.get("/practice").status_code == 200
    shown = practice.last_attempt_id(
        world.db, practice.attempt(world.db, tickets[0]["attempt"], world.pupil_id)["session_id"]
    )
    assert practice.attempt(world.db, shown, world.pupil_id)["answered_at"] is not None


def test_a_refused_tap_on_a_tickets_puzzle_takes_the_claim_back(world, clock):
    # Issue 45: a tap is checked against the puzzle after the ticket's claim made its attempt;
    # a card that is not the puzzle's is refused and the claim goes with it.
    set_drill(world)
    world.next()
    item = handed(world)[0]
    before = world.db.execute("SELECT count(*) FROM attempts").fetchone()[0]
    r = world.client.post("/practice/answer", data={"attempt": item["attempt"], "ahead": item["ticket"], "tap": "Q9"})
    assert r.status_code == 400
    assert world.db.execute("SELECT count(*) FROM attempts").fetchone()[0] == before
