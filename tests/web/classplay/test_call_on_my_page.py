""" "My page" shows the class tournament's call live (issue 46.6): with the live channel the page
holds the class's stream and, told that a table changed, asks /play/call, whose answer brings
the call out of band (and takes it away once there is none)."""

import html
import re

from classplay_helpers import pupils_logged_in
from trainer.play import tables as play_tables
from trainer.push import tokens
from trainer.store import tournaments
from trainer.store.db import connect
from web_helpers import Make, make_app

SECRET = "test-secret"
CALL = "The class tournament has started! Go to your table"


def test_my_page_listens_for_the_call_and_the_call_comes_out_of_band(tmp_path):
    app = make_app(tmp_path / "call.db", PUSH="proxy")
    db = connect(app.config["DATABASE"])
    make = Make(db)
    class_id = make.klass(make.teacher())
    kids = pupils_logged_in(app, make, class_id, 3)
    (ada, client), (bram, _b), (cem, _c) = kids
    page = client.get("/me").get_data(as_text=True)
    found = re.search(r'<div class="call-live"[^>]*hx-get="/play/call"[^>]*data-push="([^"]+)"', page)
    assert found
    ticket = tokens.read(SECRET, re.search(r"t=([^&]+)", html.unescape(found.group(1))).group(1))
    assert (ticket.kind, ticket.thing, ticket.who, ticket.person) == ("class", class_id, "pupil", ada)
    before = client.get("/play/call", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="tournament-call"' in before and 'hx-swap-oob="true"' in before and CALL not in before
    seated = [ada, bram, cem]
    tournaments.start(db, class_id, [seated], play_tables.tournament_games([seated], "round", 5), now=1000.0)
    after = client.get("/play/call", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert CALL in after and 'hx-swap-oob="true"' in after
    db.close()


def test_without_the_channel_my_page_has_nothing_to_listen_with(app, make):
    class_id = make.klass(make.teacher())
    ((_ada, client),) = pupils_logged_in(app, make, class_id, 1)
    assert "call-live" not in client.get("/me").get_data(as_text=True)


def test_opened_as_a_page_the_call_is_my_page(app, make):
    class_id = make.klass(make.teacher())
    ((_ada, client),) = pupils_logged_in(app, make, class_id, 1)
    answer = client.get("/play/call")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/me")
