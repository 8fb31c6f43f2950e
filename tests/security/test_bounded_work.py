"""Every request's work is bounded, whatever its input (issue 45, "fourth outside attack"): a
route whose work grows with what a form sends answers its worst input with a bounded page,
without the unbounded computation. Speed itself is measured in bench/worst_inputs.py."""

from __future__ import annotations

import pytest

from trainer.engine import solver

WORST_TABLE = "R1a R1b O1a O1b Y1a Y1b G1a G1b B1a B1b P1a P1b R2a R2b O2a O2b Y2a Y2b G2a G2b".split()
WORST_HAND = ["B2a", "B2b", "P2a"]
PAGE_LIMIT = 200_000  # bytes


@pytest.fixture
def pupil(make, pupil_auth):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)


def _never_list_every_capture(monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("the full list of captures was built")

    monkeypatch.setattr(solver, "_captures", refused)


@pytest.mark.parametrize("show", ["1", "0"])
def test_check_our_table_counts_the_worst_position_and_lists_the_best(client, pupil, monkeypatch, show):
    # Issue 45: this position (R5.2 with a Joker, R7.2) holds 244,095 captures; listing them
    # took 109 s and a 371 MB page. Now they are counted and the best 12 by points (R2) shown.
    _never_list_every_capture(monkeypatch)
    form = {"target": "10", "joker": "1", "show": show, "table": WORST_TABLE, "hand": WORST_HAND}
    r = client.post("/games/check-table", data=form, headers={"HX-Request": "true"})
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert len(r.data) < PAGE_LIMIT
    assert "244095 captures make the magic number." in page
    if show == "1":
        assert page.count("data-capture=") == 12
        assert 'data-more="244083"' in page and "and 244083 more captures" in page
    else:
        assert "data-capture=" not in page


def test_the_puzzle_editors_live_answer_for_the_worst_quick_puzzle_is_a_short_refusal(client, teacher, db):
    # Twelve low cards (the editor's most, puzzle.MAX_TABLE) and a hand of 3s at target 12:
    # every one of 1,740 captures is right in a quick puzzle; the key listed them all (2 MB).
    set_id = int(client.post("/sets", data={"name": "Worst"}).headers["Location"].rsplit("/", 1)[1])
    form = {
        "table": "R1a R1b R2a R2b O1a O1b O2a O2b Y1a Y1b Y2a Y2b".split(),
        "hand": ["R3a", "R3b", "O3a"],
        "target": "12",
        "kind": "quick",
    }
    live = client.post(f"/sets/{set_id}/draft", data=form, headers={"HX-Request": "true"})
    assert live.status_code == 200 and len(live.data) < PAGE_LIMIT
    assert "1740 right combinations are too many for an answer key" in live.get_data(as_text=True)
    saved = client.post(f"/sets/{set_id}/puzzles", data=form)
    assert saved.status_code == 400 and len(saved.data) < PAGE_LIMIT
    assert db["puzzles"].count == 0


@pytest.fixture
def class_id(teacher, make):
    return make.klass(teacher)


def test_a_worksheet_holds_at_most_24_puzzles(client, class_id):
    # The largest sheet a form can ask for (puzzles.worksheet.COUNT_RANGE) is made; more is a
    # form error, not a longer computation (pins issue 20's bound; issue 45's review).
    made = client.post(
        f"/classes/{class_id}/worksheet", data={"kinds": ["all", "best"], "band": "class", "count": "24", "seed": "1"}
    )
    assert made.status_code == 303
    sheet = client.get(made.headers["Location"])
    assert sheet.status_code == 200 and len(sheet.data) < PAGE_LIMIT * 5  # 24 puzzles and their key, printed
    refused = client.post(
        f"/classes/{class_id}/worksheet", data={"kinds": "all", "band": "class", "count": "1000000", "seed": "1"}
    )
    assert refused.status_code == 400 and len(refused.data) < PAGE_LIMIT


@pytest.mark.parametrize("days", ["100000", "9999", "-1", "٩١"])
def test_the_dashboards_window_is_one_of_its_choices(client, class_id, days):
    # A window of 100,000 days would read a class's whole history day by day: the dashboard
    # takes 7, 28 or 91 days only (pins the bound; issue 45's review).
    assert client.get(f"/classes/{class_id}/dashboard/hard?days={days}").status_code == 400
