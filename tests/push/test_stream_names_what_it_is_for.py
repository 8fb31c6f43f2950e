"""A stream's address names what it subscribes to (issue 46.1, trainer.web.core.push_link):
`for=table-5` beside the ticket, so the page keeps a stream only while it shows that. An
address whose `for` is not what its ticket names is refused (403), and nothing is subscribed."""

from __future__ import annotations

import pytest
import requests

from classplay_helpers import pupils_logged_in, seated_table
from push_helpers import Channel
from trainer.push import tokens
from trainer.push.server import Schools
from trainer.push.tokens import Ticket

SECRET = "test-secret"  # tests/web_helpers.make_app's


@pytest.fixture
def world(app, db, make):
    class_id = make.klass(make.teacher())
    pupils = pupils_logged_in(app, make, class_id, count=2)
    table_id = seated_table(db, pupils)
    channel = Channel(Schools.one(app.config["DATABASE"], SECRET)).start()
    yield dict(class_id=class_id, pupil=pupils[0][0], table_id=table_id, channel=channel)
    channel.stop()


def _open(world, named):
    token = tokens.sign(SECRET, Ticket("table", world["table_id"], "pupil", world["pupil"]))
    params = {"t": token} if named is None else {"t": token, "for": named}
    return requests.get(world["channel"].url + "/push/stream", params=params, stream=True, timeout=5)


@pytest.mark.parametrize("named", [None, "table-{table}"])
def test_the_ticket_with_its_own_name_or_none_opens(world, named):
    response = _open(world, named and named.format(table=world["table_id"]))
    assert response.status_code == 200
    response.close()


@pytest.mark.parametrize("named", ["class-{klass}", "table-{other}", "table", ""])
def test_a_name_that_is_not_the_tickets_is_refused(world, named):
    response = _open(world, named.format(klass=world["class_id"], other=world["table_id"] + 1))
    assert response.status_code == 403
    assert world["channel"].server.config.app.state.hub.subscribers() == 0
