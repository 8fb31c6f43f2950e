"""Every card shows its value and colour name as text and a pattern, not colour alone."""

import pytest
from flask import render_template_string

from trainer.engine.cards import card_table

TEMPLATE = '{% from "cards/_card.html" import card_face, card_label %}{{ card_face(c, key="q") }}|{{ card_label(c) }}'


@pytest.mark.parametrize("card_id", ["R1a", "O2b", "Y3a", "G4", "B5", "P6"])
def test_card_face_has_value_colour_word_and_pattern(app, card_id):
    with app.test_request_context():
        html = render_template_string(TEMPLATE, c=card_id)
    face, label = html.split("|")
    value = card_table().value[card_id]
    assert f'<span class="card-value">{value}</span>' in face
    assert "card--pattern-" in face and 'data-card="%s"' % card_id in face
    assert 'data-key="q"' in face
    assert label.strip().endswith(str(value))


def test_card_colour_names_are_translated(app):
    with app.test_request_context(headers={"Accept-Language": "de"}):
        html = render_template_string(TEMPLATE, c="R5")
    assert "rot" in html.lower()


def test_every_colour_has_its_own_pattern():
    from trainer.web.core.card_faces import PATTERNS

    assert len(set(PATTERNS.values())) == len(card_table().colors)
