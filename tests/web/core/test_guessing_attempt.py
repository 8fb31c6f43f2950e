"""guessing.attempt, the one way every login form tries a secret (issue 35.3): counted before
the check, refused unchecked while a limit holds, reset when right, and logged."""

import pytest

from trainer.store import throttle
from trainer.store.throttle import Ceiling, Lock
from trainer.web.core import guessing
from trainer.web.db import get_db

LOCK = Lock("teacher:t@school.example", free=2, base=60, cap=900)


@pytest.fixture
def request_context(app):
    with app.test_request_context("/login", method="POST", environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        yield


def wrong():
    return False


def test_a_wrong_guess_is_counted_logged_and_starts_the_lock_once_the_free_ones_are_gone(request_context, events):
    first = guessing.attempt(LOCK, wrong, failed="teacher_login_failed", teacher=7)
    second = guessing.attempt(LOCK, wrong, failed="teacher_login_failed", teacher=7)
    assert first == guessing.Outcome(right=False, locked=0) and first.wait == 0
    assert second == guessing.Outcome(right=False, locked=60) and second.wait == 60
    assert events == [
        "event=teacher_login_failed teacher=7 ip=127.0.0.1",
        "event=teacher_login_failed teacher=7 now_locked_seconds=60 ip=127.0.0.1",
    ]
    assert throttle.failures(get_db(), LOCK.key) == 2


def test_a_locked_key_is_refused_without_running_the_check(request_context, events):
    for _ in range(2):
        guessing.attempt(LOCK, wrong)
    checked = []
    refused = guessing.attempt(LOCK, lambda: checked.append(1) or True, throttled="teacher_login_throttled", teacher=7)
    assert not refused.right and refused.refused > 0 and refused.refused_by == LOCK.key
    assert refused.wait == refused.refused and checked == []
    # A lone lock names no limit; it is the only one there is.
    assert events == [f"event=teacher_login_throttled teacher=7 seconds={refused.refused} ip=127.0.0.1"]


def test_a_right_guess_resets_the_lock_and_is_not_logged_as_a_failure(request_context, events):
    guessing.attempt(LOCK, wrong)
    right = guessing.attempt(LOCK, lambda: True, throttled="x_throttled", failed="x_failed")
    assert right == guessing.Outcome(right=True) and right.wait == 0
    assert throttle.failures(get_db(), LOCK.key) == 0
    assert events == []


def test_a_right_guess_withdraws_only_itself_from_a_ceiling(request_context, events):
    ceiling = Ceiling("join-all", limit=2, window=3600)
    assert not guessing.attempt(None, wrong, ceilings=[ceiling]).right
    assert guessing.attempt(None, lambda: True, ceilings=[ceiling]).right
    assert not guessing.attempt(None, wrong, ceilings=[ceiling]).right
    # Two wrong ones fill the ceiling although a right one came between them.
    refused = guessing.attempt(None, lambda: True, ceilings=[ceiling], throttled="class_code_throttled")
    assert not refused.right and refused.refused_by == "join-all"
    assert events == [f"event=class_code_throttled seconds={refused.refused} by=join-all ip=127.0.0.1"]


def test_the_lock_message_counts_whole_minutes_rounded_up(request_context):
    assert guessing.lock_message(1) == "Too many attempts. Please try again in 1 minute."
    assert guessing.lock_message(61) == "Too many attempts. Please try again in 2 minutes."
