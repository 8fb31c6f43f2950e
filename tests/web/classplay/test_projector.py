"""The projector (issue 39.3): the class's tables for a wall without the site's navigation;
its live part answers 204 until something on the wall changes, so a projector opened before
a tournament shows the standings once it starts, who is here follows logins and logouts,
and a finished match is cheered by the winner's name."""

import re

from classplay_helpers import pupils_logged_in
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from trainer.web.classplay import projector
from web_helpers import AuthActions

HX = {"HX-Request": "true"}


def _teacher_with_class(app, make):
    client = app.test_client()
    teacher = AuthActions(client, make).login_new_teacher("wall@school.example")
    return client, make.klass(teacher, "Class 4C")


def _live_url(html: str) -> str:
    return re.search(r'hx-get="(/classes/\d+/play/projector/live\?v=[^"]+)"', html).group(1)


def _start(client, class_id, ids, length="round"):
    form = {"present": [str(i) for i in ids], "seating": "random", "length": length}
    assert client.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 303


def _play_out(db, table_id):
    """Every turn of the table, and Next round between the rounds of a match."""
    while class_tables.get(db, table_id)["status"] == "playing":
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        seat = game.to_act if not game.state.over else 0
        pupil = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
        play_tables.play(
            db,
            table_id,
            pupil,
            row["version"],
            "next-round" if game.state.over else f"m{row['version']}",
            lambda g, s: legal_moves(g.state)[0],
            now=5.0,
        )


def test_the_wall_fills_rows_and_columns_for_one_to_eight_tables():
    assert [projector.grid(n) for n in range(1, 9)] == [(1, 1), (2, 1), (2, 2), (2, 2), (3, 2), (3, 2), (4, 2), (4, 2)]


def test_the_projector_has_no_site_navigation_and_is_reached_from_the_watch_page(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    watch = client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    assert f'href="/classes/{class_id}/play/projector"' in watch
    page = client.get(f"/classes/{class_id}/play/projector").get_data(as_text=True)
    assert 'class="site-header"' not in page and "Teachers: log in" not in page
    assert "Leave the projector view" in page and 'id="projector"' in page


def test_a_projector_opened_before_the_tournament_shows_the_standings_once_it_starts(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]
    page = client.get(f"/classes/{class_id}/play/projector").get_data(as_text=True)
    assert "Standings" not in page
    live = _live_url(page)
    assert client.get(live, headers=HX).status_code == 204  # nothing changed yet
    _start(client, class_id, ids)
    fresh = client.get(live, headers=HX)
    assert fresh.status_code == 200
    html = fresh.get_data(as_text=True)
    assert "Standings so far" in html and html.count('class="cp-watch-table"') == 2
    assert 'class="site-header"' not in html  # the live part only
    assert client.get(_live_url(html), headers=HX).status_code == 204


def test_who_is_here_follows_logins_and_a_child_who_logged_out_is_gone(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    (ann, ann_client), (ben, _ben_client) = pupils_logged_in(app, make, class_id, 2)
    zoe = make.pupil(class_id, "Zoe")
    page = client.get(f"/classes/{class_id}/play/projector").get_data(as_text=True)

    def state(html, pupil_id):
        return re.search(rf'class="pj-here--([a-z-]+)" data-pupil="{pupil_id}"', html).group(1)

    assert (state(page, ann), state(page, ben), state(page, zoe)) == ("here", "here", "not-yet")
    assert ann_client.post("/logout").status_code in (302, 303)
    fresh = client.get(_live_url(page), headers=HX)
    assert fresh.status_code == 200  # a logout is a change on the wall
    html = fresh.get_data(as_text=True)
    assert (state(html, ann), state(html, ben), state(html, zoe)) == ("gone", "here", "not-yet")
    assert re.search(rf'data-pupil="{ann}">.*?>gone<', html, re.S)  # said in words, not colour alone


def test_a_match_won_is_cheered_with_the_winners_name(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id, name) for name in ("Ann", "Ben", "Cat")]
    _start(client, class_id, ids, length="short")
    page = client.get(f"/classes/{class_id}/play/projector").get_data(as_text=True)
    assert "won the match" not in page
    (table_id,) = tournaments.table_ids(db, tournaments.running(db, class_id)["id"])
    _play_out(db, table_id)
    game = class_tables.load(class_tables.get(db, table_id))
    winner = class_tables.seats_of(db, table_id)[game.winner]["name"]
    html = client.get(_live_url(page), headers=HX).get_data(as_text=True)
    assert f"Table 1: {winner} won the match!" in html
    assert 'data-celebrate="match"' in html


def test_another_teacher_cannot_see_the_wall(app, db, make):
    _client, class_id = _teacher_with_class(app, make)
    other = app.test_client()
    AuthActions(other, make).login_new_teacher("other@school.example")
    assert other.get(f"/classes/{class_id}/play/projector").status_code == 404
    assert other.get(f"/classes/{class_id}/play/projector/live?v=x", headers=HX).status_code == 404
