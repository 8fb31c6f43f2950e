"""The pages hand out the live channel's address (issue 36.1, trainer.web.core.push_link):
with a ticket for exactly what the viewer may watch, signed with the school's key; without a
channel they poll as before."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from classplay_helpers import pupils_logged_in, seated_table
from trainer.push import tokens
from trainer.push.tokens import Ticket
from web_helpers import AuthActions, make_app

SECRET = "test-secret"


def push_of(response) -> str | None:
    found = re.search(r'data-push="([^"]+)"', response.get_data(as_text=True))
    return html.unescape(found.group(1)) if found else None


def ticket_of(url: str) -> Ticket:
    return tokens.read(SECRET, parse_qs(urlsplit(url).query)["t"][0])


@pytest.fixture(params=[5001, "proxy"])
def play(request, tmp_path):
    from trainer.store.db import connect
    from web_helpers import Make

    app = make_app(tmp_path / "push.db", PUSH=request.param)
    db = connect(app.config["DATABASE"])
    make = Make(db)
    teacher_email = "t@school.example"
    teacher = make.teacher(email=teacher_email)
    class_id = make.klass(teacher)
    pupils = pupils_logged_in(app, make, class_id, count=3)
    table_id = seated_table(db, pupils[:2])
    watcher = app.test_client()
    AuthActions(watcher, make).login(teacher_email)
    yield dict(
        mode=request.param,
        app=app,
        pupils=pupils,
        table_id=table_id,
        class_id=class_id,
        teacher=teacher,
        watcher=watcher,
    )
    db.close()


def test_a_seated_child_the_lobby_and_the_projector_get_their_own_ticket(play):
    (seated, client), _second, (classmate, other) = play["pupils"]
    table = client.get(f"/play/tables/{play['table_id']}")
    url = push_of(table)
    if play["mode"] == "proxy":
        assert url.startswith("/push/stream?t=")
    else:
        assert url.startswith("http://localhost:5001/push/stream?t=")
        assert "connect-src 'self' http://localhost:5001;" in table.headers["Content-Security-Policy"]
    assert ticket_of(url) == Ticket("table", play["table_id"], "pupil", seated)
    assert 'hx-trigger="tweak:live"' in table.get_data(as_text=True)
    lobby = other.get("/play/tables")
    assert ticket_of(push_of(lobby)) == Ticket("class", play["class_id"], "pupil", classmate)
    projector = play["watcher"].get(f"/classes/{play['class_id']}/play")
    assert ticket_of(push_of(projector)) == Ticket("class", play["class_id"], "teacher", play["teacher"])
    # The board's own poll answer carries a fresh ticket too (the stream reconnects with it).
    fresh = client.post(f"/play/tables/{play['table_id']}/live?v=-1", headers={"HX-Request": "true"})
    assert ticket_of(push_of(fresh)) == Ticket("table", play["table_id"], "pupil", seated)


def test_a_classmate_who_is_not_seated_gets_no_ticket_and_polls(play):
    _first, _second, (_classmate, other) = play["pupils"]
    page = other.get(f"/play/tables/{play['table_id']}")
    assert page.status_code == 200
    assert push_of(page) is None
    assert 'hx-trigger="every 1000ms"' in page.get_data(as_text=True)


def test_without_a_channel_every_page_polls_as_before(app, db, make):
    class_id = make.klass(make.teacher())
    pupils = pupils_logged_in(app, make, class_id, count=2)
    table_id = seated_table(db, pupils)
    page = pupils[0][1].get(f"/play/tables/{table_id}")
    text = page.get_data(as_text=True)
    assert push_of(page) is None and 'hx-trigger="every 1000ms"' in text
    assert "connect-src 'self';" in page.headers["Content-Security-Policy"]
    assert 'hx-trigger="every 2000ms"' in pupils[0][1].get("/play/tables").get_data(as_text=True)
