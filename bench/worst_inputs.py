"""The CPU time and page size of each route's worst input (issue 45; the tests in
tests/security/test_bounded_work.py check the pages without timing them).

    .venv/bin/python bench/worst_inputs.py [--rounds 5]

Through Flask's test client on a fresh database: "Check our table" with the worst position a
form can send (20 low cards, a Joker on a 10: 244,095 captures), with and without "Show", and
the puzzle editor's live answer for the worst quick puzzle (12 low cards: 1,740 captures).
Each figure is the median over the rounds of the thread's CPU time around the request.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from common import median
from trainer.store.db import connect
from web_helpers import AuthActions, Make, PupilActions, make_app

TABLE = "R1a R1b O1a O1b Y1a Y1b G1a G1b B1a B1b P1a P1b R2a R2b O2a O2b Y2a Y2b G2a G2b".split()
EDITOR_TABLE = "R1a R1b R2a R2b O1a O1b O2a O2b Y1a Y1b Y2a Y2b".split()


def cpu(client, url, form, rounds):
    spent, size = [], 0
    for _ in range(rounds):
        start = time.thread_time()
        response = client.post(url, data=form, headers={"HX-Request": "true"})
        spent.append(time.thread_time() - start)
        size = len(response.data)
    return median(spent), size


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp()) / "bench.db"
    app = make_app(path)
    db = connect(str(path))
    make = Make(db)
    teacher_id = make.teacher(email="bench@school.example")
    class_id = make.klass(teacher_id)
    pupil_id = make.pupil(class_id, "Noor")
    pupil, teacher = app.test_client(), app.test_client()
    PupilActions(pupil, make).login(class_id, pupil_id)
    AuthActions(teacher, make).login("bench@school.example")
    set_id = int(teacher.post("/sets", data={"name": "Worst"}).headers["Location"].rsplit("/", 1)[1])
    rows = [
        (
            "check our table, Show",
            pupil,
            "/games/check-table",
            {"target": "10", "joker": "1", "show": "1", "table": TABLE, "hand": ["B2a", "B2b", "P2a"]},
        ),
        (
            "check our table, hidden",
            pupil,
            "/games/check-table",
            {"target": "10", "joker": "1", "table": TABLE, "hand": ["B2a", "B2b", "P2a"]},
        ),
        (
            "puzzle editor, quick",
            teacher,
            f"/sets/{set_id}/draft",
            {"target": "12", "kind": "quick", "table": EDITOR_TABLE, "hand": ["R3a", "R3b", "O3a"]},
        ),
    ]
    for name, client, url, form in rows:
        seconds, size = cpu(client, url, form, args.rounds)
        print(f"{name:28} {seconds * 1000:8.1f} ms CPU  {size / 1000:8.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
