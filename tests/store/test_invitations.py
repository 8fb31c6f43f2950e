"""Invitation links (issue 19): single use, seven days, only a hash stored."""

from datetime import datetime, timedelta, timezone

import pytest

from trainer.store import invitations, teachers

NOW = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)


def join(db, token, email="new@school.example", now=NOW):
    return invitations.join(db, token, email=email, display_name="Mr Berg", password_hash="x", now=now)


def test_a_link_makes_one_account_with_its_role_and_only_once(db):
    admin = teachers.create(db, "head@school.example", "Head", "x")
    token = invitations.create(db, role="teacher", created_by=admin, now=NOW)
    teacher_id = join(db, token)
    assert teachers.get(db, teacher_id)["role"] == "teacher"
    with pytest.raises(invitations.InvitationUnusable):
        join(db, token, email="second@school.example")
    assert teachers.by_email(db, "second@school.example") is None
    assert invitations.list_open(db, NOW) == []


def test_an_administrator_link_makes_an_administrator_even_as_the_first_account(db):
    token = invitations.create(db, role="admin", created_by=None, now=NOW)
    assert teachers.get(db, join(db, token))["role"] == "admin"


def test_a_link_expires_after_seven_days(db):
    token = invitations.create(db, role="teacher", created_by=None, now=NOW)
    assert invitations.find(db, token, NOW + timedelta(days=6, hours=23)) is not None
    assert invitations.find(db, token, NOW + timedelta(days=7)) is None
    with pytest.raises(invitations.InvitationUnusable):
        join(db, token, now=NOW + timedelta(days=7, seconds=1))
    assert teachers.by_email(db, "new@school.example") is None


def test_a_revoked_link_opens_nothing(db):
    token = invitations.create(db, role="teacher", created_by=None, now=NOW)
    [open_one] = invitations.list_open(db, NOW)
    assert invitations.revoke(db, open_one["id"]) is True
    assert invitations.revoke(db, open_one["id"]) is False
    assert invitations.find(db, token, NOW) is None


def test_the_database_holds_no_working_token(db):
    token = invitations.create(db, role="teacher", created_by=None, now=NOW)
    dump = "\n".join(db.conn.iterdump())
    assert token not in dump
    assert invitations.find(db, token + "x", NOW) is None


def test_a_taken_email_uses_up_nothing(db):
    teachers.create(db, "new@school.example", "Already here", "x")
    token = invitations.create(db, role="teacher", created_by=None, now=NOW)
    with pytest.raises(teachers.EmailTaken):
        join(db, token)
    assert invitations.find(db, token, NOW) is not None
