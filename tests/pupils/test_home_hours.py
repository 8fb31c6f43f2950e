"""When home practice is open (issue 37.1): the pure rule, with moments handed in."""

from datetime import datetime, time

from trainer.pupils.home_hours import HomeHours, next_opening, parse_clock

WEDNESDAY = datetime(2026, 12, 2)
SATURDAY = datetime(2026, 12, 5)


def at(day: datetime, hour: int, minute: int = 0) -> datetime:
    return day.replace(hour=hour, minute=minute)


def test_the_default_is_off_with_seven_to_eight_every_day():
    hours = HomeHours()
    assert not hours.is_open(at(WEDNESDAY, 10))
    on = HomeHours(enabled=True)
    assert on.opens == time(7) and on.closes == time(20)
    assert on.is_open(at(WEDNESDAY, 7)) and on.is_open(at(SATURDAY, 19, 59))  # weekends too
    assert not on.is_open(at(WEDNESDAY, 6, 59)) and not on.is_open(at(WEDNESDAY, 20))


def test_days_the_teacher_leaves_out_are_closed():
    weekdays = HomeHours(enabled=True, days=frozenset({1, 2, 3, 4, 5}))
    assert weekdays.is_open(at(WEDNESDAY, 10))
    assert not weekdays.is_open(at(SATURDAY, 10))


def test_next_opening_says_today_tomorrow_or_the_next_open_day():
    on = HomeHours(enabled=True)
    assert next_opening(on, at(WEDNESDAY, 6)) == at(WEDNESDAY, 7)
    assert next_opening(on, at(WEDNESDAY, 21)) == at(datetime(2026, 12, 3), 7)
    weekdays = HomeHours(enabled=True, days=frozenset({1, 2, 3, 4, 5}))
    assert next_opening(weekdays, at(SATURDAY, 10)) == at(datetime(2026, 12, 7), 7)  # Monday
    assert next_opening(HomeHours(), at(WEDNESDAY, 6)) is None


def test_clock_times_are_read_strictly():
    assert parse_clock("7:30") == time(7, 30) and parse_clock("20:00") == time(20)
    for bad in ("24:00", "7", "07:60", "seven", "", "07:00pm"):
        assert parse_clock(bad) is None


def test_the_class_code_works_in_school_hours_only_while_home_practice_is_on():
    # Issue 47.1: outside school hours only the child's home QR logs in.
    on = HomeHours(enabled=True)
    assert on.class_code_works(at(WEDNESDAY, 8)) and on.class_code_works(at(WEDNESDAY, 15, 59))
    assert not on.class_code_works(at(WEDNESDAY, 4, 55)) and not on.class_code_works(at(WEDNESDAY, 16))
    assert not on.class_code_works(at(SATURDAY, 10))
    off = HomeHours()
    assert off.class_code_works(at(SATURDAY, 4, 55))
