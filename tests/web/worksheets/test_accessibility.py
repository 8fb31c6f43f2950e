"""The worksheet and puzzle set pages at a glance: unique ids, labelled fields, one h1; every
card named by colour and value, and the editor's cards are buttons with a pressed state."""

import re

from drill_helpers import CURATED
from page_checks import assert_accessible_at_a_glance
from trainer.store import puzzles


def test_every_worksheet_and_set_page_is_accessible_at_a_glance(client, class_id, db):
    puzzles.store(db, CURATED, "curated")
    set_id = int(client.post("/sets", data={"name": "Nines"}).headers["Location"].rsplit("/", 1)[1])
    client.post(
        f"/sets/{set_id}/puzzles",
        data={"table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"], "target": "9", "kind": "all"},
    )
    sheet = client.post(
        f"/classes/{class_id}/worksheet",
        data={"kinds": ["all", "joker", "tweak"], "band": "hard", "count": "10", "seed": "3"},
    ).headers["Location"]
    pages = [
        "/sets",
        f"/sets/{set_id}",
        f"/classes/{class_id}/worksheet",
        "/worksheets",
        sheet,
        f"/classes/{class_id}/drill",
    ]
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        assert_accessible_at_a_glance(path, html)
        for card in re.findall(
            r'<span class="card card--[A-Z] card--pattern-\w+[^"]*" data-card="\w+">(.*?)</span>\s*</span>', html, re.S
        ):
            assert re.search(r'class="card-value">\d(</span>|$)', card) and 'class="card-color">' in card, path
    editor = client.get(f"/sets/{set_id}").get_data(as_text=True)
    assert editor.count('aria-pressed="false"') == 54  # every numeric card of R1.1 can be tapped
    assert re.search(r'aria-label="red 1"', editor) and "<legend>Cards</legend>" in editor
