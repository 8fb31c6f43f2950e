"""The projector and the teacher's page follow the channel instead of asking every 2 s (issue
46.6): a class's watchers hear when one of its children logs in or out (the projector's "who
is here"), at the channel's recheck (trainer.push.hub.RECHECK_EVERY), as when a table changes;
the pages then ask only when told. The channel's clock is driven."""

from __future__ import annotations

from trainer.push.hub import RECHECK_EVERY, Hub
from trainer.store import sessions
from web_helpers import make_app


def drain(sub):
    out = []
    while not sub.queue.empty():
        out.append(sub.queue.get_nowait())
    return out


def test_a_login_and_a_logout_reach_the_class_watchers(db, make):
    teacher = make.teacher()
    class_id, other_class = make.klass(teacher), make.klass(teacher, "Class 4C")
    ada, zed = make.pupil(class_id, "Ada"), make.pupil(other_class, "Zed")
    now = [1000.0]
    hub = Hub(lambda slug: db.conn, clock=lambda: now[0])
    projector = hub.subscribe("", "class", class_id)
    elsewhere = hub.subscribe("", "class", other_class)
    hub.recheck()
    assert drain(projector) == [] and drain(elsewhere) == []
    token = sessions.create(db, pupil_id=ada)
    hub.recheck()  # within RECHECK_EVERY: not read again yet
    assert drain(projector) == []
    now[0] += RECHECK_EVERY
    hub.recheck()
    assert drain(projector) == [{"class": class_id, "version": 1}]
    assert drain(elsewhere) == []  # another class's login is not news here
    now[0] += RECHECK_EVERY
    hub.recheck()
    assert drain(projector) == []  # nothing changed: nothing said
    sessions.delete(db, token)
    sessions.create(db, pupil_id=zed)
    now[0] += RECHECK_EVERY
    hub.recheck()
    assert drain(projector) == [{"class": class_id, "version": 2}]
    assert drain(elsewhere) == [{"class": other_class, "version": 1}]


def test_with_the_channel_the_teachers_pages_ask_only_when_told(tmp_path):
    from trainer.store.db import connect
    from web_helpers import AuthActions, Make

    for push, polls in ((5001, False), (None, True)):
        app = make_app(tmp_path / f"pages{push}.db", PUSH=push)
        db = connect(app.config["DATABASE"])
        make = Make(db)
        class_id = make.klass(make.teacher(email="wall@school.example"))
        client = app.test_client()
        AuthActions(client, make).login("wall@school.example")
        # The projector and the teacher's watch page: with the channel, no timer of their own
        # (static/js/push.js asks once a second only while the stream is down).
        for page in (f"/classes/{class_id}/play/projector", f"/classes/{class_id}/play"):
            wall = client.get(page).get_data(as_text=True)
            assert ('hx-trigger="every' in wall) == polls, page
            assert polls or "tweak:live" in wall, page
        db.close()
