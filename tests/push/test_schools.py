"""The live channel serves a folder of schools as the web app does (issue 19, `trainer serve
--schools DIR`): by the path's first part or by host name, each school's tickets checked with
its own key and its own file."""

from __future__ import annotations

import pytest
import requests

from push_helpers import Channel
from school_helpers import DOMAIN, add_school, school_path
from trainer.ops import schools
from trainer.push import tokens
from trainer.push.server import Schools
from trainer.push.tokens import Ticket
from trainer.store.db import connect
from web_helpers import Make


@pytest.fixture
def folder(tmp_path):
    add_school(tmp_path, "North School", "north")
    add_school(tmp_path, "South School", "south")
    db = connect(school_path(tmp_path, "north"))
    make = Make(db)
    teacher = make.teacher()
    class_id = make.klass(teacher)
    db.close()
    key = schools.secret_key(schools.master_key(str(tmp_path)), "north")
    return tmp_path, tokens.sign(key, Ticket("class", class_id, "teacher", teacher))


def status(channel, path, ticket, host=None):
    headers = {"Host": host} if host else {}
    response = requests.get(channel.url + path, params={"t": ticket}, headers=headers, stream=True, timeout=5)
    response.close()
    return response.status_code


def test_by_path_each_school_is_its_own(folder):
    tmp_path, ticket = folder
    channel = Channel(Schools.folder(str(tmp_path), "path")).start()
    try:
        assert status(channel, "/north/push/stream", ticket) == 200
        assert status(channel, "/south/push/stream", ticket) == 403  # another school's key
        assert status(channel, "/nowhere/push/stream", ticket) == 404
        assert status(channel, "/push/stream", ticket) == 404
    finally:
        channel.stop()


def test_by_host_name_each_school_is_its_own(folder):
    tmp_path, ticket = folder
    channel = Channel(Schools.folder(str(tmp_path), "host", DOMAIN)).start()
    try:
        assert status(channel, "/push/stream", ticket, host=f"north.{DOMAIN}") == 200
        assert status(channel, "/push/stream", ticket, host=f"south.{DOMAIN}") == 403
        assert status(channel, "/push/stream", ticket, host=f"nowhere.{DOMAIN}") == 404
        assert status(channel, "/north/push/stream", ticket, host=f"north.{DOMAIN}") == 404
    finally:
        channel.stop()
