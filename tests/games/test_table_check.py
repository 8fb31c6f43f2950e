"""Check our table (issue 37.5): the order of the captures and why a tried capture does or
does not work. Positions from RULES.md's clarifying examples."""

from trainer.engine.solver import solve
from trainer.games.table_check import SHOWN, captures, explain_try

HAND, TABLE = ("B4", "P6", "G2a"), ("R1a", "O3a", "Y3a")


def test_every_capture_once_tweak_first():
    # RULES.md example: P6+O3a, P6+Y3a and the TWEAK G2a+R1a+O3a+Y3a (R5.3).
    counted = captures(HAND, TABLE, 9)
    found = counted.best
    assert counted.total == 3
    assert sorted((c.play, c.capture) for c in found) == sorted((c.play, c.capture) for c in solve(HAND, TABLE, 9))
    assert found[0].tweak and found[0].play == "G2a" and found[0].points == 6
    assert [c.tweak for c in found] == [True, False, False]


def test_more_points_come_first_after_tweaks():
    found = captures(("Y2a", "G3b", "P5"), ("B3b", "R4", "O3b"), 10, joker=True).best
    points = [c.points for c in found if not c.tweak]
    assert points == sorted(points, reverse=True)
    assert {c.target for c in found} == {9, 10, 11}  # R7.2: a Joker moves the target by one


def test_a_wrong_sum_says_what_it_makes():
    verdict = explain_try(HAND, TABLE, 9, False, ("B4", "O3a"))
    assert verdict.code == "wrong_sum"
    assert verdict.values == (4, 3) and verdict.total == 7 and verdict.targets == (9,)


def test_table_cards_are_added_in_table_order_hand_card_first():
    verdict = explain_try(HAND, TABLE, 9, False, ("Y3a", "G2a", "R1a", "O3a"))
    assert verdict.works and verdict.tweak and verdict.values == (2, 1, 3, 3) and verdict.points == 6


def test_a_capture_that_works():
    verdict = explain_try(HAND, TABLE, 9, False, ("O3a", "P6"))
    assert verdict.works and not verdict.tweak and verdict.points == 2 and verdict.cards == ("P6", "O3a")


def test_a_hand_card_alone_never_captures():
    # D5: at least one table card.
    assert explain_try(HAND, TABLE, 9, False, ("P6",)).code == "no_table_card"


def test_one_hand_card_exactly():
    # R5.2: a turn plays exactly one card from the hand.
    assert explain_try(HAND, TABLE, 9, False, ("P6", "G2a", "R1a")).code == "two_hand_cards"
    assert explain_try(HAND, TABLE, 9, False, ("R1a", "O3a")).code == "no_hand_card"


def test_a_joker_lets_target_plus_or_minus_one_count():
    # R7.2: 4 + 3 + 1 = 8 is a capture for target 9 with a Joker −1.
    assert explain_try(HAND, TABLE, 9, True, ("B4", "O3a", "R1a")).works
    assert explain_try(HAND, TABLE, 9, False, ("B4", "O3a", "R1a")).code == "wrong_sum"


def test_the_worst_table_is_counted_and_only_the_best_are_listed():
    # Issue 45: 20 low cards, a Joker on a 10 (R7.2) — 244,095 captures, which once took two
    # minutes to list. Counted, and the best SHOWN by points (R2) listed.
    table = tuple("R1a R1b O1a O1b Y1a Y1b G1a G1b B1a B1b P1a P1b R2a R2b O2a O2b Y2a Y2b G2a G2b".split())
    counted = captures(("B2a", "B2b", "P2a"), table, 10, joker=True)
    assert counted.total == 244_095
    assert len(counted.best) == SHOWN
    # Every red card of the table that fits: 1+1+2+2 red (3 points each), 11 = 2 + 9.
    assert counted.best[0].points == 16 and counted.best[0].target == 11
