"""The puzzles handed ahead are rendered once per puzzle and process (issue 36.3,
trainer/web/drills/ahead_pages.py): every page a pupil gets is byte for byte what a fresh render
of the same puzzle gives, however many pupils, languages and hand-outs the kept copy served."""

from flask import render_template

from drill_helpers import DrillWorld
from trainer.web.drills import ahead_pages
from web_helpers import PupilActions


def test_a_kept_puzzle_is_byte_for_byte_a_fresh_render(app, client, db, make, monkeypatch):
    monkeypatch.setattr(ahead_pages, "_kept", type(ahead_pages._kept)())
    served = []
    kept_render = ahead_pages.render

    def compared(context, ticket):
        html = kept_render(context, ticket)
        fresh = render_template("practice/_puzzle.html", **context, ticket=ticket)
        served.append((context["puzzle"].id, context["attempt"]["id"], ticket))
        assert str(html) == fresh
        return html

    monkeypatch.setattr(ahead_pages, "render", compared)

    world = DrillWorld(client, db, make, bank=None)
    world.set_drill(puzzles=12)
    clients = [client]
    for n in range(2):
        other = app.test_client()
        PupilActions(other, make).login(world.class_id, make.pupil(world.class_id, f"Pupil {n}"))
        clients.append(other)
    world.login()
    other_lang = clients[2]
    other_lang.post("/language", data={"lang": "nl"})
    for _ in range(4):
        for c in clients:
            page = c.post("/practice/next", data={"mode": "drill"}, headers={"HX-Request": "true"})
            assert page.status_code == 200
            attempt = world.pending() if c is client else None
            if attempt is not None:
                world.answer_right(attempt)
            else:
                text = page.get_data(as_text=True)
                attempt_id = text.split('name="attempt" value="', 1)[1].split('"', 1)[0]
                c.post(
                    "/practice/answer",
                    data={"attempt": attempt_id, "answer": "[]", "final": "pass", "client_ms": "3000", "taps": "[]"},
                )
    puzzles = {p for p, _, _ in served}
    assert len(served) >= 16
    assert len(puzzles) < len(served)  # some puzzles came from the kept copy
    assert len({a for _, a, _ in served}) == len(served)  # each hand-out its own attempt and ticket
    assert len({t for _, _, t in served}) == len(served)
