"""Feedback after a puzzle: right combinations called out as running sums, missed ones, wrong
ones with the reason, the time; in the pupil's language."""

import html

import pytest
from flask_babel import force_locale

from drill_helpers import CURATED
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.rating import Rating
from trainer.puzzles.steps import tap_steps
from trainer.web.drills.feedback import feedback
from trainer.web.drills.sums import patterns, sum_text

RULES_ALL = next(
    p for p in CURATED if p.kind == "all" and p.focus == "hand" and p.position.target == 9 and len(p.answer) == 3
)
TWEAK_NONE = next(p for p in CURATED if p.kind == "tweak" and not p.answer)
JOKER_UP = next(
    p for p in CURATED if p.kind == "joker" and all(c.target == 10 for c in p.answer) and p.position.target == 9
)


def stored(puzzle, submitted, seconds=6.0, passed_ending=None):
    outcome = score_attempt(
        puzzle,
        submitted,
        pupil=Rating(),
        puzzle_rating=Rating(puzzle.difficulty),
        client_seconds=seconds,
        server_seconds=seconds + 1,
    )
    ending = passed_ending or ("pass" if not submitted else "answer")
    return {
        "id": "a1",
        "outcome": {**outcome.to_json(), "ending": ending},
        "believed_ms": round(outcome.timing.seconds * 1000),
    }


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def test_running_sums_are_worded_from_steps_in_every_language(ctx):
    steps = tap_steps(["B4", "O3a", "G2a"])
    assert sum_text(steps) == "4 plus 3 is 7, plus 2 is 9"
    assert sum_text(steps[:1]) == "4" and sum_text(()) == ""
    with force_locale("de"):
        assert sum_text(steps) == "4 plus 3 ist 7, plus 2 ist 9"
    with force_locale("fi"):
        assert sum_text(steps) == "4 plus 3 on 7, plus 2 on 9"
    with force_locale("cs"):
        assert patterns()["first"].count("%(") == 3 and "%(sum)s" in patterns()["next"]


def test_an_all_puzzle_calls_out_found_missed_and_wrong(ctx):
    fb = feedback(
        stored(RULES_ALL, [{"play": "B4", "capture": ["R1a", "O3a"]}, {"play": "P6", "capture": ["O3a"]}]), RULES_ALL
    )
    assert fb.heading == "Good work!" and fb.message == "You found 1 of 3 combinations."
    assert [c.text for c in fb.right] == ["6 plus 3 is 9"] and fb.right[0].cards == ("P6", "O3a")
    assert [c.text for c in fb.missed] == ["6 plus 3 is 9", "2 plus 1 is 3, plus 3 is 6, plus 3 is 9"]
    assert fb.missed[1].note == "TWEAK: the whole table!"
    assert [(c.text, c.note) for c in fb.wrong] == [("4 plus 1 is 5, plus 3 is 8", "Your cards make 8, not 9.")]
    assert fb.seconds == "6.0" and not fb.correct


def test_all_found_is_praised(ctx):
    fb = feedback(
        stored(RULES_ALL, [{"play": c.play, "capture": list(c.capture)} for c in RULES_ALL.answer]), RULES_ALL
    )
    assert fb.heading in ("Well done!", "Great!", "Super!") and fb.message == "You found them all."
    assert fb.missed == [] and fb.wrong == []


def test_saying_there_is_none_when_there_is_none_is_right(ctx):
    fb = feedback(stored(TWEAK_NONE, [{"none": True}]), TWEAK_NONE)
    assert fb.correct and fb.message == "Right: there is no TWEAK here."


def test_saying_there_is_none_when_there_is_one_shows_it(ctx):
    puzzle = next(p for p in CURATED if p.kind == "tweak" and p.answer)
    fb = feedback(stored(puzzle, [{"none": True}]), puzzle)
    assert fb.heading == "Not quite." and fb.wrong[0].note == "There was one!"
    assert fb.missed and all(c.note.startswith("TWEAK") for c in fb.missed)


def test_a_joker_capture_says_which_way_the_joker_went(ctx):
    fb = feedback(stored(JOKER_UP, []), JOKER_UP)
    assert fb.heading == "No problem!" and fb.seconds is None
    assert "with the Joker: +1, so the target is 10" in fb.missed[0].note


def test_a_time_out_says_so(ctx):
    fb = feedback(stored(RULES_ALL, [], seconds=30, passed_ending="time_up"), RULES_ALL)
    assert fb.heading == "Time's up!"


def test_feedback_is_translated(app):
    with app.test_request_context(headers={"Accept-Language": "nl"}):
        fb = feedback(stored(RULES_ALL, [{"play": "P6", "capture": ["O3a"]}]), RULES_ALL)
        assert fb.message == "Je hebt er 1 van de 3 gevonden."
        assert fb.right[0].text == "6 plus 3 is 9"


def test_a_quick_puzzle_shows_a_few_of_many_captures(ctx):
    puzzle = max((p for p in CURATED if p.kind == "quick"), key=lambda p: len(p.answer))
    fb = feedback(stored(puzzle, []), puzzle)
    assert len(puzzle.answer) > 3
    assert len(fb.missed) == 3 and fb.missed_more == len(puzzle.answer) - 3


def test_the_feedback_page_shows_cards_with_colour_words(client, db, make):
    from drill_helpers import DrillWorld, right_answer

    world = DrillWorld(client, db, make)
    world.login()
    world.set_drill(puzzles=5, kinds=["quick"])
    world.next()
    attempt = world.pending()
    puzzle = world.puzzle_of(attempt)
    world.age(attempt["id"], 4)
    world.answer(attempt["id"], right_answer(puzzle), client_ms=3300)
    page = html.unescape(client.get("/practice").get_data(as_text=True))
    assert "Your time: 3.3 seconds" in page and "You found" in page and "Next puzzle" in page
    capture = puzzle.answer[0]
    assert f'data-card="{capture.play}"' in page and "card--small" in page
