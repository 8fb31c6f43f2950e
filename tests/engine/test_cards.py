"""R1, R2, D1, R3.1/D2: the card data in seed_data/ and what the engine reads from it."""

from collections import Counter

import pytest

from trainer.engine.cards import card_table, default_colors

ORDER = ["1a", "1b", "2a", "2b", "3a", "3b", "4", "5", "6"]


def test_r1_1_six_colours_of_nine_cards_with_values_1_to_6():
    cards = card_table()
    assert len(cards.numeric_ids) == 54
    for color in "ROYGBP":
        values = Counter(cards.value[c] for c in cards.numeric_ids if cards.color_of[c] == color)
        assert values == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}


def test_d1_back_numbers_follow_the_formula():
    cards = card_table()
    for c, color in enumerate("ROYGBP"):
        for i, suffix in enumerate(ORDER):
            assert cards.back[color + suffix] == 7 + (i + c) % 4


def test_d1_a_36_card_deck_has_nine_backs_of_each_target():
    cards = card_table()
    backs = Counter(cards.back[c] for c in cards.deck_for("ROYG"))
    assert backs == {7: 9, 8: 9, 9: 9, 10: 9}


@pytest.mark.parametrize("card, points", [("O2a", 1), ("R1a", 3), ("R6", 3), ("G5", 4), ("R5", 5)])
def test_r2_points_of_numeric_cards(card, points):
    assert card_table().points[card] == points


@pytest.mark.parametrize("colors, total", [("ROYG", 65), ("ROYGB", 77), ("ROYGBP", 89)])
def test_r2_deck_point_totals(colors, total):
    cards = card_table()
    assert sum(cards.points[c] for c in cards.deck_for(colors)) == total


def test_r1_3_ten_action_cards_worth_two_points_each():
    cards = card_table()
    kinds = Counter(cards.action_kind[c] for c in cards.action_ids)
    assert kinds == {"thief": 4, "joker": 3, "shifter": 2, "bomb": 1}
    assert sum(cards.points[c] for c in cards.action_ids) == 20  # R2


@pytest.mark.parametrize("players, colors", [(2, "ROYG"), (3, "ROYG"), (4, "ROYGB"), (5, "ROYGBP"), (6, "ROYGBP")])
def test_r3_1_d2_colours_by_number_of_players(players, colors):
    assert "".join(default_colors(players)) == colors


@pytest.mark.parametrize("players", [1, 7])
def test_r3_1_two_to_six_players_only(players):
    with pytest.raises(ValueError, match="2 to 6"):
        default_colors(players)
