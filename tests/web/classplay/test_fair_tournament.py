"""A fair class tournament through the pages (issue 39.1 and 39.2): from Start every page of
a seated child leads to their table with one big button (full pages and htmx answers alike);
a child back at the table is told how many turns the helper played for them, and a TWEAK the
helper made is not shown as theirs; every child has a face, chosen or a default, at the
table, in the lobby and on the teacher's page. The server's clock is moved, no test waits."""

import re

import pytest

from classplay_helpers import pupils_logged_in
from trainer.engine.moves import Play
from trainer.engine.rules import legal_moves
from trainer.play import presence, tables as play_tables
from trainer.store import class_tables, pupil_rewards, tournaments
from trainer.web.core import school_day

CALL = "The class tournament has started! Go to your table"
START = 2_000_000.0
# A deal (found by search, checked below) where the helper makes a TWEAK for the late child.
TWEAK_SEED = 3


@pytest.fixture
def clock(monkeypatch):
    now = [START]
    monkeypatch.setattr(school_day, "now", lambda: now[0])
    return now


def _tournament(app, db, make, count=3, seed=5, extra=0):
    class_id = make.klass(make.teacher())
    kids = pupils_logged_in(app, make, class_id, count + extra)
    seated = [p for p, _ in kids[:count]]
    tid = tournaments.start(db, class_id, [seated], play_tables.tournament_games([seated], "round", seed), now=START)
    return class_id, kids, tournaments.table_ids(db, tid)[0]


def test_every_page_of_a_seated_child_calls_them_to_their_table(app, db, make, clock):
    class_id, kids, table_id = _tournament(app, db, make, extra=1)
    ann, dan = kids[0][1], kids[3][1]
    link = f'href="/play/tables/{table_id}"'
    before = dan.get("/me").get_data(as_text=True)
    assert CALL not in before and 'id="tournament-call"' in before
    for url in ("/me", "/play/tables", "/games/new"):
        page = ann.get(url).get_data(as_text=True)
        assert CALL in page and link in page, url
    # A page opened before Start: its next htmx answer brings the call, out of band.
    fragment = ann.get("/me", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.search(r'id="tournament-call"[^>]*hx-swap-oob="true"', fragment) and link in fragment
    poll = ann.get("/play/tables/live?v=old", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert CALL in poll
    # Not at the table itself, nor in its poll; not for a classmate who is not seated.
    assert CALL not in ann.get(f"/play/tables/{table_id}").get_data(as_text=True)
    live = ann.post(f"/play/tables/{table_id}/live?v=0", headers={"HX-Request": "true"})
    assert CALL not in live.get_data(as_text=True)
    assert CALL not in dan.get("/me", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert CALL not in dan.get("/play/tables").get_data(as_text=True)


def _play_while_away(db, table_id, late, now):
    """The others are here and take what they can; `late` arrived and went: the helper plays
    each of their turns (the others' polls let it), until it makes a TWEAK for them. Returns
    the helper's turns (cards played) for them and whether it made that TWEAK."""
    seats = class_tables.seats_of(db, table_id)
    late_seat = next(s for s, v in seats.items() if v["pupil_id"] == late)
    for _ in range(500):
        now += 1
        for s in seats.values():
            if s["pupil_id"] != late:
                play_tables.tick(db, table_id, s["pupil_id"], now)
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        if game.state.over or game.state.owned[late_seat]:
            break  # stop right after the helper's TWEAK for them, while it is news
        if game.to_act != late_seat:
            play_tables.play(
                db,
                table_id,
                seats[game.to_act]["pupil_id"],
                row["version"],
                f"m{row['version']}",
                _capture_first,
                now=now,
            )
    row = class_tables.get(db, table_id)
    state = class_tables.load(row).state
    steps = [h[1] for h in class_tables.helped_of(row) if h[2] == late_seat]
    return sum(isinstance(state.log[i][1], Play) for i in steps), bool(state.owned[late_seat])


def _capture_first(game, _seat):
    moves = legal_moves(game.state)
    return next((m for m in moves if isinstance(m, Play) and m.capture), moves[0])


def test_a_child_back_is_told_what_the_helper_did_and_its_tweak_is_not_theirs(app, db, make, clock):
    class_id, kids, table_id = _tournament(app, db, make, seed=TWEAK_SEED)
    late, late_client = kids[2]
    late_client.get(f"/play/tables/{table_id}")  # arrives at Start…
    played, tweak = _play_while_away(db, table_id, late, START + presence.AWAY_AFTER + 1)  # …and goes
    assert played >= 2 and tweak, f"the search's deal: several helper turns and a TWEAK ({played}, {tweak})"
    clock[0] = START + 10_000
    page = late_client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f"The helper played {played} turns for you." in page
    assert "You won this action card" not in page
    assert "not here: the helper played" in page  # the story marks them


def test_every_child_has_a_face_at_the_table_in_the_lobby_and_on_the_teachers_page(app, db, make, clock, auth):
    teacher = make.teacher(email="faces@school.example")
    class_id = make.klass(teacher, "Face class")
    kids = pupils_logged_in(app, make, class_id, 4)
    pupil_rewards.set_avatar(db, kids[0][0], "fox")
    faces = pupil_rewards.class_faces(db, class_id)
    assert faces[kids[0][0]] == "fox" and len(set(faces.values())) == 4
    # The lobby: an open table shows its children's faces.
    (ben_id, ben), (_cat_id, cat) = kids[1], kids[2]
    assert ben.post("/play/tables", data={"seats": "3", "length": "round", "bot_level": ""}).status_code == 303
    lobby = cat.get("/play/tables").get_data(as_text=True)
    assert f"avatars/{faces[ben_id]}." in lobby
    # The table: every seat a character, none the blank circle.
    seated = [p for p, _ in kids[:3]]
    ben.post(f"/play/tables/{class_tables.pupils_table(db, ben_id)}/leave")
    tid = tournaments.start(db, class_id, [seated], play_tables.tournament_games([seated], "round", 1), now=START)
    table_id = tournaments.table_ids(db, tid)[0]
    board = kids[0][1].get(f"/play/tables/{table_id}").get_data(as_text=True)
    seats = re.search(r'<ul class="seats".*?</ul>', board, re.S).group(0)
    for pupil_id in seated:
        assert f"avatars/{faces[pupil_id]}." in seats
    assert "bot-face--none" not in seats
    auth.login("faces@school.example")
    page = auth.client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    for pupil_id in seated:
        assert f"avatars/{faces[pupil_id]}." in page
