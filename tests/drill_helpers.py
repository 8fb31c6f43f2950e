"""Helpers for the drill tests (issue 5, web): a class with a pupil logged in, a small puzzle
bank, and the posts the puzzle page makes."""

from __future__ import annotations

import json

from trainer.puzzles.drill_settings import DEFAULT, DrillSettings
from trainer.puzzles.loader import load_seed_puzzles
from trainer.store import drills, puzzles
from web_helpers import PupilActions

CURATED = [p for group in load_seed_puzzles().values() for p in group]


def right_answer(puzzle) -> list[dict]:
    """What a pupil who knows the answer enters: every capture for `all`, else the first one;
    "there is none" for a `tweak` without a sweep."""
    if not puzzle.answer:
        return [{"none": True}]
    chosen = puzzle.answer if puzzle.kind == "all" else puzzle.answer[:1]
    out = []
    for capture in chosen:
        entry = {"play": capture.play, "capture": list(capture.capture)}
        if puzzle.position.joker:
            entry["delta"] = capture.target - puzzle.position.target
        out.append(entry)
    return out


class DrillWorld:
    """A teacher, a class, the pupil Noor logged in on `client`, and the curated puzzles."""

    def __init__(self, client, db, make, bank=None):
        self.client, self.db, self.make = client, db, make
        puzzles.store(db, CURATED if bank is None else bank, "curated")
        self.teacher_id = make.teacher()
        self.class_id = make.klass(self.teacher_id)
        self.pupil_id = make.pupil(self.class_id, "Noor")

    def login(self, client=None):
        PupilActions(client or self.client, self.make).login(self.class_id, self.pupil_id)

    def set_drill(self, puzzles=None, minutes=None, kinds=DEFAULT.kinds, time_limit=20):
        drills.save(
            self.db,
            self.class_id,
            DrillSettings(puzzles if minutes is None else None, minutes, tuple(kinds), float(time_limit)),
        )

    def next(self, mode="drill", client=None):
        return (client or self.client).post("/practice/next", data={"mode": mode})

    def first_puzzle(self) -> dict:
        """A drill of 5 puzzles, started: the attempt of its first puzzle."""
        self.set_drill(puzzles=5)
        self.next()
        return self.pending()

    def pending(self) -> dict | None:
        rows = list(
            self.db.query(
                "SELECT * FROM attempts WHERE pupil_id = ? AND answered_at IS NULL ORDER BY issued_at DESC",
                [self.pupil_id],
            )
        )
        return rows[0] if rows else None

    def stored(self, attempt_id) -> dict:
        row = next(self.db.query("SELECT * FROM attempts WHERE id = ?", [attempt_id]))
        for column in ("taps", "submitted", "outcome", "flags"):
            if row[column] is not None:
                row[column] = json.loads(row[column])
        return row

    def puzzle_of(self, attempt) -> object:
        return puzzles.get(self.db, attempt["puzzle_id"])

    def age(self, attempt_id, seconds):
        """Pretend the puzzle was issued `seconds` earlier (so answers are not impossibly fast)."""
        self.db.execute("UPDATE attempts SET issued_at = issued_at - ? WHERE id = ?", [seconds, attempt_id])

    def answer(
        self,
        attempt_id,
        combos,
        client_ms=4000,
        answer_ms=None,
        taps=None,
        final="done",
        client=None,
        headers=None,
        **extra,
    ):
        data = {
            "attempt": attempt_id,
            "answer": json.dumps(combos),
            "client_ms": str(client_ms),
            "final": final,
            "taps": json.dumps(taps if taps is not None else []),
        }
        if answer_ms is not None:
            data["answer_ms"] = json.dumps(answer_ms)
        data.update(extra)
        return (client or self.client).post("/practice/answer", data=data, headers=headers)

    def answer_right(self, attempt=None, seconds=10, client_ms=4000, headers=None):
        attempt = attempt or self.pending()
        self.age(attempt["id"], seconds)
        combos = right_answer(self.puzzle_of(attempt))
        return attempt["id"], self.answer(
            attempt["id"], combos, client_ms=client_ms, answer_ms=[client_ms] * len(combos), headers=headers
        )

    def pupil_rating(self):
        return self.db.execute("SELECT rating, count FROM pupil_ratings WHERE pupil_id = ?", [self.pupil_id]).fetchone()
