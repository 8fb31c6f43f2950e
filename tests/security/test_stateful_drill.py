"""Stateful fuzzing of a child's drill (issue 45): the fourth attack's 500 came from a
sequence, not from one hostile field — two refused answers to the page's offline tickets, a
wait past the time limit, a look at the drill page. Hypothesis's state machine runs such
sequences: start the drill, answer rightly or with a malformed answer, with or without the
page's tickets (ahead.py), tap a card, wait (the server's clock moves: school_day.now), look
again. After every step: no 5xx, and a refused request (4xx) stored nothing."""

from __future__ import annotations

import json
import re
import tempfile
from datetime import date, datetime, time
from pathlib import Path

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from drill_helpers import DrillWorld, right_answer
from trainer.store.db import connect
from trainer.web.core import school_day
from web_helpers import Make, make_app

from .walk import snapshot

TEMPLATE = re.compile(r"<template data-ahead[^>]*>(.*?)</template>", re.S)
ATTEMPT = re.compile(r'name="attempt" value="([^"]+)"')
TICKET = re.compile(r'name="ahead" value="([^"]+)"')
WAITS = (1, 8, 19, 40, 120)  # seconds: inside the 20 s limit, past it, past the grace
DAY = date(2026, 12, 2)


class Drill(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.mkdtemp()
        self.app = make_app(Path(self.folder) / "drill.db")
        self.db = connect(self.app.config["DATABASE"])
        self.world = DrillWorld(self.app.test_client(), self.db, Make(self.db))
        self.world.set_drill(puzzles=6, time_limit=20)
        self.world.login()
        # The clock is the test's: a Wednesday at 10:00 on the school's wall clock, moved by
        # `wait` only (a sequence waits half an hour at most: the day stays the same).
        self.now = [datetime.combine(DAY, time(10, 0)).timestamp()]
        self.real = school_day.now, school_day.today
        school_day.now, school_day.today = (lambda: self.now[0]), (lambda: DAY)
        self.tickets: list[dict] = []
        self.last = None

    def teardown(self):
        school_day.now, school_day.today = self.real
        self.db.close()

    def _send(self, method, path, data=None, refusal_stores_nothing=True):
        before = snapshot(self.db) if refusal_stores_nothing else None
        client = self.world.client
        response = client.get(path) if method == "GET" else client.post(path, data=data)
        assert response.status_code < 500, (method, path, data, response.status_code)
        if 400 <= response.status_code < 500 and before is not None:
            assert snapshot(self.db) == before, ("a refused request stored something", path, data)
        self.last = response
        return response

    def _pending(self):
        return self.world.pending()

    @rule()
    def start_or_next(self):
        self._send("POST", "/practice/next", {"mode": "drill"})

    @rule()
    def look(self):
        page = self._send("GET", "/practice")
        if page.status_code == 200:
            self.tickets = [
                {"attempt": ATTEMPT.search(block).group(1), "ticket": TICKET.search(block).group(1)}
                for block in TEMPLATE.findall(page.get_data(as_text=True))
            ]

    @rule(seconds=st.sampled_from(WAITS))
    def wait(self, seconds):
        self.now[0] += seconds

    @precondition(lambda self: self._pending() is not None)
    @rule(client_ms=st.sampled_from([300, 4000, 15000]), queued=st.sampled_from([None, "0", "10500", "900000"]))
    def answer_right(self, client_ms, queued):
        attempt = self._pending()
        combos = right_answer(self.world.puzzle_of(attempt))
        data = {
            "attempt": attempt["id"],
            "answer": json.dumps(combos),
            "client_ms": str(client_ms),
            "final": "done",
            "taps": "[]",
        }
        if queued:
            data["queued_ms"] = queued
        self._send("POST", "/practice/answer", data)

    @precondition(lambda self: self._pending() is not None)
    @rule(bad=st.sampled_from(["x", "", "[{}]", "null", '{"play": 1}', "٣"]))
    def answer_malformed(self, bad):
        self._send("POST", "/practice/answer", {"attempt": self._pending()["id"], "answer": bad})

    @precondition(lambda self: self._pending() is not None)
    @rule(tap=st.sampled_from(["R1a", "Q9", ""]))
    def tap(self, tap):
        self._send("POST", "/practice/answer", {"attempt": self._pending()["id"], "tap": tap})

    @precondition(lambda self: bool(self.tickets))
    @rule(which=st.integers(0, 1), bad=st.sampled_from(["x", "", "[{}]"]))
    def ticket_malformed(self, which, bad):
        item = self.tickets[which % len(self.tickets)]
        self._send("POST", "/practice/answer", {"attempt": item["attempt"], "ahead": item["ticket"], "answer": bad})

    @precondition(lambda self: bool(self.tickets))
    @rule(which=st.integers(0, 1), queued=st.sampled_from(["4000", "30000"]))
    def ticket_right(self, which, queued):
        item = self.tickets[which % len(self.tickets)]
        with self.app.app_context():
            from trainer.web.drills import ahead

            puzzle_id = ahead.read(item["ticket"])["puzzle_id"]
        from trainer.store import puzzles

        combos = right_answer(puzzles.get(self.db, puzzle_id))
        self._send(
            "POST",
            "/practice/answer",
            {
                "attempt": item["attempt"],
                "ahead": item["ticket"],
                "answer": json.dumps(combos),
                "client_ms": "5000",
                "final": "done",
                "taps": "[]",
                "queued_ms": queued,
            },
        )

    @invariant()
    def the_drill_page_stays_up(self):
        if self.last is not None:
            assert self.world.client.get("/practice").status_code < 500


TestDrillSequences = Drill.TestCase
TestDrillSequences.settings = settings(
    max_examples=40, stateful_step_count=14, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
