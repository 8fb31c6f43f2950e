"""The drill pages at a glance: one h1, labelled fields, unique ids, cards named by colour and
value (never colour alone), a key on every card, and no inline script or style (CSP)."""

import html as html_module
import re

import pytest

from drill_helpers import DrillWorld, right_answer
from page_checks import assert_accessible_at_a_glance
from trainer.web.core.card_faces import card_view


@pytest.fixture
def pages(client, db, make, auth):
    world = DrillWorld(client, db, make)
    world.login()
    world.set_drill(puzzles=5, kinds=["joker"])
    html = {"/me": client.get("/me").get_data(as_text=True)}
    world.next()
    attempt = world.pending()
    html["/practice (puzzle)"] = client.get("/practice").get_data(as_text=True)
    world.age(attempt["id"], 10)
    world.answer(attempt["id"], right_answer(world.puzzle_of(attempt)))
    html["/practice (feedback)"] = client.get("/practice").get_data(as_text=True)
    client.post("/logout")
    teacher = auth.login_new_teacher("drills@school.example")
    class_id = make.klass(teacher)
    make.pupil(class_id, "Noor")
    for path in (f"/classes/{class_id}/drill", "/puzzles/upload"):
        html[path] = client.get(path).get_data(as_text=True)
    return html, world.puzzle_of(attempt)


def test_drill_pages_are_accessible_at_a_glance(pages):
    html, _ = pages
    for path, page in html.items():
        assert_accessible_at_a_glance(path, page)
        assert "<script>" not in page and " style=" not in page, path


def test_every_card_is_a_named_button_with_its_colour_word_and_a_key(pages, app):
    html, puzzle = pages
    page = html["/practice (puzzle)"]
    keys = []
    for card in (*puzzle.position.table, *puzzle.position.hand):
        view = card_view(card)
        with app.test_request_context():
            colour = str(view["color_name"])
        button = re.search(rf'<button[^>]*data-card="{card}"[^>]*>(.*?)</button>', page, re.S)
        assert button, card
        assert f'aria-label="{colour} {view["value"]}"' in button.group(0)
        assert f'<span class="card-color">{colour}</span>' in button.group(1)
        assert f"card--pattern-{view['pattern']}" in button.group(1)
        keys.append(
            re.search(r'<kbd class="card-key" data-key="(\w)" aria-hidden="true"></kbd>', button.group(1)).group(1)
        )
    assert len(set(keys)) == len(keys)
    for delta in ("-1", "0", "1"):
        assert f'data-delta="{delta}"' in page  # the Joker's choice, as buttons
    assert "I don't know" in html_module.unescape(page) and "data-countdown" in page
