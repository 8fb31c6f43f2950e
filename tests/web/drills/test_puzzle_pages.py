"""Puzzle screens are rendered once per puzzle and process (issues 36.3, 50:
trainer/web/drills/puzzle_pages.py): every puzzle a pupil gets, the one to answer and the ones
handed ahead, is byte for byte what a fresh render of the same puzzle gives, however many
pupils, languages, settings and hand-outs the kept copy served."""

from flask import render_template

from drill_helpers import DrillWorld
from trainer.store import drills
from trainer.web.drills import puzzle_pages
from web_helpers import PupilActions

HTMX = {"HX-Request": "true"}


def test_a_kept_puzzle_is_byte_for_byte_a_fresh_render(app, client, db, make, monkeypatch):
    monkeypatch.setattr(puzzle_pages, "_kept", type(puzzle_pages._kept)())
    served, cut = [], []
    kept_render, kept_cut = puzzle_pages.render, puzzle_pages._cut

    def compared(context, *, puzzle, attempt, progress, waiting, ticket=None):
        html = kept_render(context, puzzle=puzzle, attempt=attempt, progress=progress, waiting=waiting, ticket=ticket)
        fresh = render_template("practice/_puzzle.html", **context(), ticket=ticket)
        served.append((puzzle.id, attempt["id"], ticket))
        assert str(html) == fresh
        return html

    def counted(html, pieces):
        cut.append(pieces)
        return kept_cut(html, pieces)

    monkeypatch.setattr(puzzle_pages, "render", compared)
    monkeypatch.setattr(puzzle_pages, "_cut", counted)

    world = DrillWorld(client, db, make, bank=None)
    world.set_drill(puzzles=12)
    clients = [client]
    # Classmates who get the same puzzles, each seeing them otherwise: another language, the
    # time bar hidden, extra time, no timer.
    for n in range(4):
        other = app.test_client()
        pupil_id = make.pupil(world.class_id, f"Pupil {n}")
        PupilActions(other, make).login(world.class_id, pupil_id)
        if n == 0:
            other.post("/language", data={"lang": "nl"})
        elif n == 1:
            drills.set_pupil_flag(db, pupil_id, "hide_countdown", True)
        else:
            drills.set_needs(db, pupil_id, extra_time_s=10.0 * (n == 2), read_aloud=False, no_timer=n == 3)
        clients.append(other)
    world.login()
    for _ in range(4):
        for c in clients:
            page = c.post("/practice/next", data={"mode": "drill"}, headers=HTMX)
            assert page.status_code == 200
            text = page.get_data(as_text=True)
            attempt_id = text.split('name="attempt" value="', 1)[1].split('"', 1)[0]
            c.post(
                "/practice/answer",
                data={"attempt": attempt_id, "answer": "[]", "final": "pass", "client_ms": "3000", "taps": "[]"},
            )
    shown = [s for s in served if s[2] is None]
    assert len(shown) == 20 and len(served) == 60  # each screen: its puzzle and two handed ahead
    assert len(cut) < len(served)  # some puzzles came from the kept copy
    assert len({a for _, a, _ in served}) == len(served)  # each hand-out its own attempt and ticket
    assert len({t for _, _, t in served if t}) == len(served) - len(shown)


def test_a_puzzle_with_taps_waiting_is_rendered_afresh(client, db, make, monkeypatch):
    """The page without JavaScript: the taps so far are on the screen, so nothing is kept."""
    monkeypatch.setattr(puzzle_pages, "_kept", type(puzzle_pages._kept)())
    world = DrillWorld(client, db, make)
    world.login()
    world.set_drill(puzzles=5, kinds=["quick"])
    world.next()
    attempt = world.pending()
    card = world.puzzle_of(attempt).position.hand[0]
    kept_before = dict(puzzle_pages._kept)
    client.post("/practice/answer", data={"attempt": attempt["id"], "tap": card})
    shown = client.get("/practice").get_data(as_text=True)
    assert f'value="{card}" class="card-button" data-card="{card}"' in shown
    assert 'aria-pressed="true"' in shown
    assert dict(puzzle_pages._kept) == kept_before
