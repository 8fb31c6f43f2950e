"""Stars and badges (trainer.pupils.rewards): effort and firsts, each kept once earned."""

from datetime import date, timedelta

from trainer.pupils import rewards

MONDAY = date(2026, 11, 2)


def school_days(first: date, n: int) -> list[date]:
    days, day = [], first
    while len(days) < n:
        if day.weekday() < 5:
            days.append(day)
        day += timedelta(days=1)
    return days


def test_a_star_for_every_drill_finished_and_none_before():
    none = rewards.count([], MONDAY, None, None)
    assert none.stars == 0 and not none.star_today and none.earned == ()
    assert none.next_badge.key == "first_drill"
    three = rewards.count(school_days(MONDAY, 3), MONDAY + timedelta(days=2), None, None)
    assert three.stars == 3 and three.star_today and three.streak == 3
    assert [b.key for b in three.earned] == ["first_drill"]


def test_streak_badges_over_weekends_and_kept_after_a_gap():
    days = school_days(MONDAY, 10)  # two school weeks, the weekend in between
    r = rewards.count(days, days[-1], None, None)
    assert r.streak == 10 and {"streak_5", "streak_10"} <= {b.key for b in r.earned}
    assert "streak_20" not in {b.key for b in r.earned}
    fifth = next(b for b in r.badges if b.key == "streak_5")
    assert fifth.on == days[4]
    later = days[-1] + timedelta(days=14)  # two weeks off: the streak ends, the badges stay
    after = rewards.count(days + [later], later, None, None)
    assert after.streak == 1 and after.best_streak == 10
    assert {"streak_5", "streak_10"} <= {b.key for b in after.earned}


def test_firsts_from_games_and_find_them_all():
    r = rewards.count([MONDAY], MONDAY, date(2026, 11, 3), date(2026, 11, 4))
    earned = {b.key: b.on for b in r.earned}
    assert earned["first_tweak"] == date(2026, 11, 3) and earned["find_all"] == date(2026, 11, 4)
    assert r.next_badge.key == "streak_5"
