"""The class tournament on the teacher's Class play page (issue 16.5): the teacher ticks who
is here and starts; a teacher of another class is refused, a pupil cannot start; the
standings follow the rounds played; a seated pupil's home page leads to the table in one tap."""

import re

from classplay_helpers import pupils_logged_in
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables, tournaments
from web_helpers import AuthActions


def _teacher_with_class(app, make, count=4):
    client = app.test_client()
    teacher = AuthActions(client, make).login_new_teacher(f"t{count}@school.example")
    class_id = make.klass(teacher, "Class 4C")
    return client, class_id


def test_the_page_lists_the_pupils_and_ticks_those_here_today(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    here = pupils_logged_in(app, make, class_id, 2)
    away = make.pupil(class_id, "Zoe")
    page = client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    assert "Start a class tournament" in page
    for pupil_id, _ in here:
        assert re.search(rf'value="{pupil_id}" checked', page)
    assert f'value="{away}">' in page


def test_the_teacher_starts_and_every_pupil_is_seated_once(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id, f"P{i}") for i in range(7)]
    response = client.post(
        f"/classes/{class_id}/play/tournament",
        data={"present": [str(i) for i in ids], "seating": "level", "length": "round"},
    )
    assert response.status_code == 303
    tid = tournaments.running(db, class_id)["id"]
    tables = tournaments.table_ids(db, tid)
    assert sorted(len(class_tables.seats_of(db, t)) for t in tables) == [3, 4]
    page = client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    assert "End the tournament now" in page and "Standings so far" in page


def test_one_pupil_cannot_start_a_tournament_and_is_told_kindly(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    only = make.pupil(class_id, "Ann")
    response = client.post(
        f"/classes/{class_id}/play/tournament", data={"present": [str(only)], "seating": "random", "length": "round"}
    )
    assert response.status_code == 400
    assert "at least two pupils" in response.get_data(as_text=True)
    assert tournaments.latest(db, class_id) is None


def test_bad_settings_are_refused(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id) for _ in range(3)]
    for data in ({"seating": "best"}, {"length": "forever"}, {"present": ["x", "-1", "99999999999999"]}):
        form = {"present": [str(i) for i in ids], "seating": "random", "length": "round", **data}
        assert client.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 400
    assert tournaments.latest(db, class_id) is None


def test_a_teacher_of_another_class_and_a_pupil_are_refused(app, db, make):
    _client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id) for _ in range(3)]
    other, _ = _teacher_with_class(app, make, 5)
    form = {"present": [str(i) for i in ids], "seating": "random", "length": "round"}
    assert other.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 404
    assert other.get(f"/classes/{class_id}/play/certificates").status_code == 404
    ((_pid, pupil),) = pupils_logged_in(app, make, class_id, 1)
    assert pupil.post(f"/classes/{class_id}/play/tournament", data=form).status_code in (302, 303, 403)
    assert tournaments.latest(db, class_id) is None


def test_standings_certificates_and_the_pupils_one_tap(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    pupils = pupils_logged_in(app, make, class_id, 3)
    form = {"present": [str(p) for p, _ in pupils], "seating": "random", "length": "round"}
    assert client.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 303
    (table_id,) = tournaments.table_ids(db, tournaments.running(db, class_id)["id"])
    home = pupils[0][1].get("/me").get_data(as_text=True)
    assert f'href="/play/tables/{table_id}"' in home
    early = client.get(f"/classes/{class_id}/play/certificates").get_data(as_text=True)  # still playing
    assert "ready when every table has finished" in early and "won at table" not in early
    clients = dict(pupils)
    while class_tables.get(db, table_id)["status"] == "playing":
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        pupil = class_tables.seats_of(db, table_id)[game.to_act]["pupil_id"]
        play_tables.play(
            db, table_id, pupil, row["version"], f"m{row['version']}", lambda g, s: legal_moves(g.state)[0], now=5.0
        )
    assert clients
    game = class_tables.load(class_tables.get(db, table_id))
    seats = class_tables.seats_of(db, table_id)
    page = client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    assert "Print certificates" in page and "Start a new class tournament" in page
    for seat, s in seats.items():
        assert re.search(rf"{s['name']}</th>\s*<td>\d</td><td>{game.state.scores()[seat]}</td>", page)
    certificates = client.get(f"/classes/{class_id}/play/certificates")
    assert certificates.status_code == 200
    top = max(game.state.scores())
    winners = [s["name"] for seat, s in seats.items() if game.state.scores()[seat] == top]
    text = certificates.get_data(as_text=True)
    assert all(name in text for name in winners)
    assert text.count("won at table 1") == len(winners)
    assert f'href="/play/tables/{table_id}"' not in pupils[0][1].get("/me").get_data(as_text=True)


def test_ending_early_stops_the_tables_and_keeps_the_standings(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id) for _ in range(6)]
    form = {"present": [str(i) for i in ids], "seating": "random", "length": "short"}
    assert client.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 303
    tid = tournaments.running(db, class_id)["id"]
    assert client.post(f"/classes/{class_id}/play/tournament/end").status_code == 303
    assert {class_tables.get(db, t)["status"] for t in tournaments.table_ids(db, tid)} == {"finished"}
    assert len(tournaments.standings(db, tid)) == 6
    assert client.get(f"/classes/{class_id}/play/certificates").status_code == 200
    assert client.post(f"/classes/{class_id}/play/tournament", data=form).status_code == 303


def test_the_standings_poll_answers_204_until_a_table_changes(app, db, make):
    client, class_id = _teacher_with_class(app, make)
    ids = [make.pupil(class_id) for _ in range(3)]
    client.post(
        f"/classes/{class_id}/play/tournament",
        data={"present": [str(i) for i in ids], "seating": "random", "length": "round"},
    )
    page = client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    live = re.search(r'hx-get="(/classes/\d+/play/tournament/live\?v=[^"]+)"', page).group(1)
    assert client.get(live, headers={"HX-Request": "true"}).status_code == 204
    (table_id,) = tournaments.table_ids(db, tournaments.running(db, class_id)["id"])
    class_tables.stop(db, table_id, now=9.0)
    fragment = client.get(live, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert fragment.startswith("<section") or 'id="cp-tournament"' in fragment
    assert "Print certificates" in fragment
