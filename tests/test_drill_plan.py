"""Pure parts of drills: the time a pupil gets, streaks, reading the page's answer."""
import json
from datetime import date, timedelta

import pytest

from trainer.engine.positions import Position
from trainer.puzzles.drill_settings import DEFAULT, DrillSettings, limit_for
from trainer.puzzles.grading import Combination
from trainer.puzzles.streaks import streak
from trainer.web.drills import answers

MONDAY = date(2025, 3, 10)


@pytest.mark.parametrize("drill_limit, puzzle_limit, extra, expected", [
    (20, 20, 0, 20.0),       # the default drill on a one-combination puzzle
    (20, 30, 0, 30.0),       # an `all` puzzle with three combinations keeps its extra 10 s
    (10, 30, 0, 15.0),       # a faster class: scaled
    (10, 20, 15, 25.0),      # extra time on top, whatever the puzzle
    (5, 3, 0, 3.0),          # never under the puzzle format's floor of 3 s
    (120, 40, 120, 300.0),   # never over 300 s
])
def test_the_time_limit_scales_with_the_puzzle_and_adds_extra_time(drill_limit, puzzle_limit, extra, expected):
    settings = DrillSettings(10, None, DEFAULT.kinds, float(drill_limit))
    assert limit_for(settings, puzzle_limit, extra) == expected


def days(*offsets):
    return [MONDAY - timedelta(days=o) for o in offsets]


@pytest.mark.parametrize("done, today, expected", [
    ([], MONDAY, 0),
    (days(0), MONDAY, 1),
    (days(1), MONDAY, 1),              # yesterday (Sunday) done, today not yet: still 1
    (days(3, 4), MONDAY, 2),           # Thursday and Friday; the weekend keeps it alive on Monday
    (days(0, 3, 4, 5), MONDAY, 4),
    (days(0, 1, 2, 3), MONDAY, 4),     # a drill done on the weekend counts
    (days(0, 4), MONDAY, 1),           # Thursday, then nothing on Friday: broken
    (days(7), MONDAY, 0),              # last week: gone
    (days(-1), MONDAY, 0),             # a day in the future (clock trouble) does not count
])
def test_streaks_count_school_days_in_a_row(done, today, expected):
    assert streak(done, today) == expected


def test_a_streak_survives_until_today_is_over():
    tuesday = MONDAY + timedelta(days=1)
    assert streak(days(0), tuesday) == 1 and streak(days(0), tuesday + timedelta(days=1)) == 0


def form(**fields):
    return {k: (json.dumps(v) if k in ("answer", "answer_ms", "taps") else v) for k, v in fields.items()}


def test_the_page_answer_is_read_with_its_times_and_inputs():
    posted = answers.parse_posted(form(
        answer=[{"play": "B4", "capture": ["R1a"]}, {"play": "P6", "capture": ["O3a"]}], answer_ms=[2000, 4100.5],
        taps=[{"ms": 500, "action": "tap", "card": "B4", "input": "pen"},
              {"ms": 900, "action": "tap", "card": "R1a", "input": "touch"},
              {"ms": "x", "action": "tap"}, {"ms": 5, "action": "explode"}, "junk"],
        client_ms="4300", final="done"))
    assert posted.combinations == (Combination("B4", ("R1a",)), Combination("P6", ("O3a",)))
    assert posted.answer_ms == (2000, 4100.5) and posted.client_ms == 4300
    assert [e["card"] for e in posted.events] == ["B4", "R1a"] and posted.input_kind == "touch"
    assert posted.first_correct_ms(1) == 4100 and posted.first_correct_ms(None) is None


def test_there_is_none_and_i_dont_know():
    none = answers.parse_posted(form(answer=[], final="none", client_ms="3000", answer_ms=[]))
    assert none.combinations == (Combination.there_is_none(),) and none.answer_ms == (3000,)
    passed = answers.parse_posted(form(answer=[{"play": "B4", "capture": ["R1a"]}], final="pass"))
    assert passed.combinations == () and not passed.time_up


@pytest.mark.parametrize("client_ms", ["", "-5", "inf", "nan", "1e12", "abc"])
def test_a_missing_or_impossible_page_time_is_left_out(client_ms):
    assert answers.parse_posted(form(answer=[], final="pass", client_ms=client_ms)).client_ms is None


def test_answer_times_that_do_not_match_the_combinations_are_dropped():
    posted = answers.parse_posted(form(answer=[{"play": "B4", "capture": ["R1a"]}], answer_ms=[1, 2]))
    assert posted.answer_ms is None


@pytest.mark.parametrize("fields", [
    {"answer": "{]"}, {"answer": '"B4"'}, {"answer": '[{"play": "B4", "capture": "R1a"}]'},
    {"answer": "[]", "final": "launch"},
])
def test_an_unreadable_answer_is_refused(fields):
    with pytest.raises(answers.AnswerError):
        answers.parse_posted(fields)


def test_tapped_cards_make_a_combination_only_when_complete():
    position = Position(9, ("R1a", "O3a"), ("B4", "P6"), joker=False)
    assert answers.combination_from_cards(["O3a", "P6"], position, None) == (Combination("P6", ("O3a",)), None)
    assert answers.combination_from_cards(["O3a"], position, None) == (None, answers.NEED_HAND)
    assert answers.combination_from_cards(["P6"], position, None) == (None, answers.NEED_TABLE)
    assert answers.combination_from_cards(["P6", "B4", "R1a"], position, None) == (None, answers.NEED_HAND)
    joker = Position(9, ("R1a", "O3a"), ("B4", "P6"), joker=True)
    assert answers.combination_from_cards(["P6", "O3a"], joker, None) == (None, answers.NEED_DELTA)
    assert answers.combination_from_cards(["P6", "O3a"], joker, -1) == (Combination("P6", ("O3a",), -1), None)
