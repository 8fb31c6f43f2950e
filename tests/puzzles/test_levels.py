"""Fluency levels (trainer.puzzles.levels): conditions climbed in order, a kept level never
lost, the goal's days, and the file's checks."""

import json

import pytest

from trainer.puzzles import levels

TABLE = levels.parse_levels(
    {
        "levels": [
            {"key": "a", "names": {lang: f"A-{lang}" for lang in levels.LANGUAGES}},
            {"key": "b", "answers": 20, "names": {lang: f"B-{lang}" for lang in levels.LANGUAGES}},
            {"key": "c", "answers": 20, "rating": 1.0, "names": {lang: f"C-{lang}" for lang in levels.LANGUAGES}},
            {
                "key": "d",
                "answers": 40,
                "rating": 2.0,
                "median_s": 6,
                "names": {lang: f"D-{lang}" for lang in levels.LANGUAGES},
            },
        ]
    }
)


def test_the_shipped_levels_have_names_in_six_languages_and_rise():
    table = levels.levels()
    assert len(table) >= 6
    for level in table:
        assert {level.name(lang) for lang in levels.LANGUAGES} and all(level.names[lang] for lang in levels.LANGUAGES)
    ratings = [lv.rating for lv in table if lv.rating is not None]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert [lv.answers for lv in table] == sorted(lv.answers for lv in table)


def test_everyone_starts_at_level_one_and_levels_are_climbed_in_order():
    assert levels.level_now(None, 0, None, TABLE).number == 1
    assert levels.level_now(-3.0, 25, None, TABLE).number == 2  # effort alone
    assert levels.level_now(1.5, 25, None, TABLE).number == 3
    assert levels.level_now(2.5, 50, 7.0, TABLE).number == 3  # too slow for D
    assert levels.level_now(2.5, 50, 5.5, TABLE).number == 4
    assert levels.level_now(2.5, 10, 5.5, TABLE).number == 1  # too few answers for any


def test_a_kept_level_is_never_taken_away():
    st = levels.standing(4, 0.0, 50, 9.0, None, table=TABLE)
    assert st.level.number == 4 and st.top and st.next is None


def test_days_like_today_count_the_rating_still_missing():
    st = levels.standing(2, 0.7, 30, 8.0, 0.1, answers_per_day=10, table=TABLE)
    assert st.level.number == 2 and st.next.key == "c"
    assert st.need_rating == pytest.approx(0.3) and st.days_like_today == 3
    assert 0 < st.progress < 1


def test_only_practice_missing_counts_drills_and_no_gain_says_nothing():
    st = levels.standing(1, 5.0, 5, 4.0, None, answers_per_day=10, table=TABLE)
    assert st.next.key == "b" and st.need_rating == 0 and st.days_like_today == 2
    st = levels.standing(2, 0.2, 30, 8.0, None, table=TABLE)
    assert st.days_like_today is None
    st = levels.standing(3, 2.5, 50, 8.0, 0.2, table=TABLE)
    assert st.need_faster_s == pytest.approx(2.0) and st.need_rating == 0


def test_the_median_is_of_right_answers_in_seconds():
    assert levels.median_seconds([4000, 6000, 5000]) == 5.0
    assert levels.median_seconds([]) is None


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"levels": []}, "non-empty"),
        ({"levels": [{"key": "a", "names": {"en": "A"}}]}, "no name in nl"),
        ({"levels": [{"key": "a", "answers": 5, "names": {lang: "x" for lang in levels.LANGUAGES}}]}, "first level"),
        (
            {
                "levels": [
                    {"key": "a", "names": {lang: "x" for lang in levels.LANGUAGES}},
                    {"key": "b", "answers": 10, "rating": 2, "names": {lang: "x" for lang in levels.LANGUAGES}},
                    {"key": "c", "answers": 5, "rating": 3, "names": {lang: "x" for lang in levels.LANGUAGES}},
                ]
            },
            "asks for less",
        ),
    ],
)
def test_a_bad_levels_file_is_refused_with_the_reason(bad, message):
    with pytest.raises(ValueError, match=message):
        levels.parse_levels(json.loads(json.dumps(bad)))


def test_an_unknown_language_falls_back_to_english():
    assert TABLE[0].name("sv") == "A-en" and TABLE[0].name("de_DE") == "A-de"
