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


@pytest.mark.parametrize("value", range(11))
def test_counting_faces_have_as_many_dots_as_the_value(value):
    from trainer.web.core.card_faces import counting_face

    dots = counting_face(value, "dots")
    assert len(dots["dots"]) == len(set(dots["dots"])) == value and dots["frame"] == []
    # A die for 1–6; two rows from 7, the top one the longer.
    assert (dots["width"], dots["height"]) == ((30, 30) if value <= 6 else (10 * ((value + 1) // 2), 20))
    frame = counting_face(value, "ten-frame")
    assert len(frame["frame"]) == 10 and frame["dots"] == frame["frame"][:value]


def test_a_die_has_its_pips_where_a_die_has_them():
    from trainer.web.core.card_faces import counting_face

    assert counting_face(1, "dots")["dots"] == [(15.0, 15.0)]
    assert sorted(counting_face(6, "dots")["dots"]) == [(x, y) for x in (5.0, 25.0) for y in (5.0, 15.0, 25.0)]


def test_a_card_has_no_counting_face_for_a_teacher_or_no_one(app):
    with app.test_request_context():
        html = render_template_string(TEMPLATE, c="B5")
    assert "card-count" not in html and "card--counting" not in html
