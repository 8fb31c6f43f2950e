"""Reading the puzzle page's answer: times, inputs, "there is none", tapped cards
(trainer.practice.answers)."""

import json

import pytest

from trainer.engine.positions import Position
from trainer.practice import answers
from trainer.puzzles.grading import Combination


def form(**fields):
    return {k: (json.dumps(v) if k in ("answer", "answer_ms", "taps") else v) for k, v in fields.items()}


def test_the_page_answer_is_read_with_its_times_and_inputs():
    posted = answers.parse_posted(
        form(
            answer=[{"play": "B4", "capture": ["R1a"]}, {"play": "P6", "capture": ["O3a"]}],
            answer_ms=[2000, 4100.5],
            taps=[
                {"ms": 500, "action": "tap", "card": "B4", "input": "pen"},
                {"ms": 900, "action": "tap", "card": "R1a", "input": "touch"},
                {"ms": "x", "action": "tap"},
                {"ms": 5, "action": "explode"},
                "junk",
            ],
            client_ms="4300",
            final="done",
        )
    )
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


@pytest.mark.parametrize(
    "fields",
    [
        {"answer": "{]"},
        {"answer": '"B4"'},
        {"answer": '[{"play": "B4", "capture": "R1a"}]'},
        {"answer": "[]", "final": "launch"},
    ],
)
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
