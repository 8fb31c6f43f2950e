"""The administrator's changes (issue 19, trainer.store.school_admin): listing, roles,
switching accounts off and on, handing classes over, and the rules that refuse a change."""

import pytest

from trainer.store import school_admin, sessions, teachers
from trainer.store.school_admin import Refused


def test_lists_teachers_with_class_counts_and_classes_with_teacher_and_pupils(db, make):
    head, other = make.teacher(name="Head"), make.teacher(name="Bo")
    class_id = make.klass(other, "3B")
    make.pupil(class_id, "Noor")
    make.pupil(class_id, "Sem")
    listed = {t["id"]: t for t in school_admin.list_teachers(db)}
    assert listed[head]["class_count"] == 0 and listed[other]["class_count"] == 1
    assert listed[head]["role"] == "admin"
    [row] = school_admin.list_classes(db)
    assert (row["name"], row["teacher_name"], row["pupil_count"]) == ("3B", "Bo", 2)


def test_hand_over_moves_the_class_to_an_active_teacher(db, make):
    head, other = make.teacher(), make.teacher()
    class_id = make.klass(head)
    assert school_admin.hand_over(db, class_id, other, by=head) == head
    assert make.class_row(class_id)["teacher_id"] == other


def test_hand_over_refuses_a_switched_off_teacher_and_unknown_ids(db, make):
    head, other = make.teacher(), make.teacher()
    class_id = make.klass(head)
    school_admin.set_active(db, head, other, False)
    for args, reason in [
        ((class_id, other), "not_active"),
        ((class_id, 9999), "no_such_teacher"),
        ((9999, head), "no_such_class"),
    ]:
        with pytest.raises(Refused) as err:
            school_admin.hand_over(db, *args, by=head)
        assert err.value.reason == reason
    assert make.class_row(class_id)["teacher_id"] == head


def test_switching_off_ends_sessions_and_switching_on_restores(db, make):
    head, other = make.teacher(), make.teacher()
    sessions.create(db, teacher_id=other)
    school_admin.set_active(db, head, other, False)
    assert not teachers.is_active(teachers.get(db, other))
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE teacher_id = ?", [other]).fetchone()[0] == 0
    school_admin.set_active(db, head, other, True)
    assert teachers.is_active(teachers.get(db, other))


def test_no_one_switches_themselves_off(db, make):
    head = make.teacher()
    make.teacher()
    school_admin.set_role(db, make.teacher(), "admin")
    with pytest.raises(Refused) as err:
        school_admin.set_active(db, head, head, False)
    assert err.value.reason == "own_account"
    assert teachers.is_active(teachers.get(db, head))


def test_the_last_active_administrator_can_be_neither_demoted_nor_switched_off(db, make):
    head, second = make.teacher(), make.teacher()
    school_admin.set_role(db, second, "admin")
    school_admin.set_active(db, head, second, False)  # one admin left active: head
    with pytest.raises(Refused) as err:
        school_admin.set_role(db, head, "teacher")
    assert err.value.reason == "last_admin"
    with pytest.raises(Refused):
        school_admin.set_active(db, second, head, False)
    assert teachers.is_admin(teachers.get(db, head))
    school_admin.set_active(db, head, second, True)
    school_admin.set_role(db, head, "teacher")  # now another admin is active
    assert teachers.get(db, head)["role"] == "teacher"


def test_unknown_role_is_a_programming_error(db, make):
    with pytest.raises(ValueError):
        school_admin.set_role(db, make.teacher(), "root")
