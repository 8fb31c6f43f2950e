"""What the parent page says a child is good at and could practise next (issue 37.3)."""

from trainer.pupils.home_report import FIRST_STEP, Skill, game_skill, good_at, practise_next


def test_too_few_answers_give_no_advice_and_the_game_starts_with_two_cards_that_make_10():
    # Issue 47.6: no advice without data; the game for at home still has a first step.
    rows = [(9, 2, 4, 4), (7, 3, 3, 0)]  # under 5 answers each
    assert good_at(rows) is None
    assert practise_next(rows) is None and practise_next([]) is None
    assert game_skill(rows) == Skill(*FIRST_STEP) == Skill(10, 2)


def test_the_surest_skill_and_the_weakest_one():
    rows = [(9, 2, 10, 10), (8, 2, 10, 9), (10, 3, 6, 2), (7, 4, 8, 4)]
    assert good_at(rows) == Skill(9, 2)
    assert practise_next(rows) == Skill(10, 3)  # 33 % right, the weakest


def test_answers_of_one_skill_are_counted_together():
    rows = [(9, 2, 3, 3), (9, 2, 3, 3)]  # two rows of the same skill: 6 answers
    assert good_at(rows) == Skill(9, 2)


def test_when_everything_goes_well_the_next_step_is_one_card_more():
    rows = [(9, 3, 10, 10)]
    assert practise_next(rows) == Skill(9, 4)
    assert practise_next([(8, 0, 10, 10)]) == Skill(8, 2)  # after "there is none": two cards
    assert practise_next([(8, 5, 10, 10)]) == Skill(8, 5)  # five cards is far enough


def test_right_often_enough_is_80_percent():
    assert good_at([(9, 2, 10, 7)]) is None
    assert practise_next([(9, 2, 10, 7)]) == Skill(9, 2)
