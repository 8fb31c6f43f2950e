"""A live-channel ticket ends with its child's login (issue 46.5): the web app binds each ticket
to the session it was signed in (trainer.push.tokens), so after a logout, an archive, or a
teacher's password change ("everywhere else you are logged out") the open stream ends within
RECHECK_EVERY and the same ticket opens nothing (403); no presence is written for that seat."""

from __future__ import annotations

import html
import re
import time

import pytest
import requests

from classplay_helpers import pupils_logged_in, seated_table
from push_helpers import Channel
from trainer.push import hub as hubs, tokens
from trainer.push.server import Schools
from trainer.store.db import connect
from web_helpers import TEACHER_PASSWORD, AuthActions, Make, make_app

SECRET = "test-secret"  # tests/web_helpers.make_app's


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "tickets.db", PUSH="proxy")  # the pages carry the stream's address


@pytest.fixture
def world(app):
    db = connect(app.config["DATABASE"])
    make = Make(db)
    teacher = make.teacher(email="ticket@school.example")
    class_id = make.klass(teacher)
    kids = pupils_logged_in(app, make, class_id, count=2)
    table_id = seated_table(db, kids)
    watcher = app.test_client()
    AuthActions(watcher, make).login("ticket@school.example")
    channel = Channel(Schools.one(app.config["DATABASE"], SECRET), ping=0.5).start()  # a line each 0.5 s
    yield dict(
        db=db,
        kids=kids,
        table_id=table_id,
        class_id=class_id,
        channel=channel,
        teacher=watcher,
        app_path=app.config["DATABASE"],
    )
    channel.stop()
    db.close()


def _ticket_url(client, path):
    found = re.search(r'data-push="([^"]+)"', client.get(path).get_data(as_text=True))
    return html.unescape(found.group(1)).split("/push/stream", 1)[1]


def _open(world, query):
    return requests.get(world["channel"].url + "/push/stream" + query, stream=True, timeout=10)


def _ended(response, within: float) -> bool:
    """Reads the stream until the server closes it (True) or `within` seconds pass (False)."""
    end = time.monotonic() + within
    try:
        for _line in response.iter_lines(chunk_size=1):
            if time.monotonic() > end:
                return False
    except requests.exceptions.ChunkedEncodingError:
        return True
    return True


def _seen(db, table_id, pupil_id):
    return db.execute(
        "SELECT seen_at FROM class_table_seats WHERE table_id = ? AND pupil_id = ?", [table_id, pupil_id]
    ).fetchone()[0]


def test_the_ticket_is_bound_to_the_login_it_was_signed_in(world):
    pupil, client = world["kids"][0]
    query = _ticket_url(client, f"/play/tables/{world['table_id']}")
    ticket = tokens.read(SECRET, re.search(r"t=([^&]+)", query).group(1))
    assert ticket.person == pupil and ticket.session is not None


@pytest.mark.parametrize("how", ["logout", "archive"])
def test_a_childs_stream_ends_with_their_login_and_the_ticket_is_refused(world, how):
    w = world
    db = w["db"]
    (pupil, client), (other, other_client) = w["kids"]
    mine = _ticket_url(client, f"/play/tables/{w['table_id']}")
    theirs = _ticket_url(other_client, f"/play/tables/{w['table_id']}")
    stream, control = _open(w, mine), _open(w, theirs)
    assert stream.status_code == 200 and control.status_code == 200
    if how == "logout":
        assert client.post("/logout").status_code in (302, 303)
    else:
        assert w["teacher"].post(f"/pupils/{pupil}/archive").status_code in (200, 303)
    assert _ended(stream, 3 * hubs.RECHECK_EVERY)
    seen = _seen(db, w["table_id"], pupil)
    assert _open(w, mine).status_code == 403
    # The classmate's stream, opened alike, still runs (positive control), and is still noted.
    assert not _ended(control, hubs.RECHECK_EVERY + 1)
    assert _seen(db, w["table_id"], pupil) == seen
    control.close()


def test_the_teachers_projector_stream_ends_when_they_are_logged_out_everywhere_else(world, app):
    w = world
    query = _ticket_url(w["teacher"], f"/classes/{w['class_id']}/play/projector")
    stream = _open(w, query)
    assert stream.status_code == 200
    # The teacher changes the password on another device: every other login ends, this one too.
    other = app.test_client()
    AuthActions(other, Make(w["db"])).login("ticket@school.example")
    new = TEACHER_PASSWORD + "x2"
    answer = other.post(
        "/account/password",
        data={"current": TEACHER_PASSWORD, "password": new, "password2": new},
        follow_redirects=True,
    )
    assert "Everywhere else you are now logged out." in answer.get_data(as_text=True)
    assert _ended(stream, 3 * hubs.RECHECK_EVERY)
    assert _open(w, query).status_code == 403


def test_a_seat_whose_login_ended_is_left_out_of_the_next_presence_write(world):
    """The channel checks the logins again just before it writes presence (trainer.push.server),
    so a child logged out a moment ago is never noted, even before the periodic recheck."""
    from trainer.push.hub import Hub
    from trainer.store import live_tables

    w = world
    db = w["db"]
    (ada, client), (bram, _other) = w["kids"]
    started = {
        row[0]: row[1]
        for row in db.execute("SELECT pupil_id, created_at FROM auth_sessions WHERE pupil_id IS NOT NULL")
    }
    now = [started[ada] + 1]
    hub = Hub(lambda slug: live_tables.open_reader(w["app_path"]), clock=lambda: now[0])
    for pid in (ada, bram):
        hub.subscribe("", "table", w["table_id"], pid, login=(started[pid], "pupil", pid))
    hub.recheck()
    assert hub.connected("", now[0]) == {(w["table_id"], ada), (w["table_id"], bram)}
    client.post("/logout")
    now[0] += 0.5  # well inside RECHECK_EVERY: not read yet
    hub.recheck()
    assert (w["table_id"], ada) in hub.connected("", now[0])
    hub.recheck(force=True)  # what the presence loop does before writing
    assert hub.connected("", now[0]) == {(w["table_id"], bram)}
