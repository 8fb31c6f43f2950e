"""A class table's moves through a Wi-Fi drop (issue 36.2): the page's outbox sends a move again
when its answer was lost, perhaps after classmates moved on. The table's version in the move's
key makes that safe: a move already applied is answered with the table as it is (200, no
error), never applied twice; any other move on an old version is refused calmly as today; a
move held longer than a Wi-Fi drop lasts (10 minutes, issue 38.4) does not count."""

import json

import pytest

from classplay_helpers import current, form_of, pupils_logged_in, seated_table
from trainer.engine.rules import legal_moves
from trainer.puzzles.timing import MAX_QUEUED_SECONDS
from trainer.store import class_tables

HX = {"HX-Request": "true"}
STALE = "Someone was quicker. Look, then try again!"
HELD_TOO_LONG = "The Wi-Fi was away for a long time, so that move did not count."


@pytest.fixture
def table(app, db, make, auth):
    class_id = make.klass(auth.login_new_teacher())
    clients = pupils_logged_in(app, make, class_id, count=3)
    return seated_table(db, clients), clients


def _client_to_act(db, table_id, clients, game):
    return next(c for p, c in clients if class_tables.seat_of(db, table_id, p) == game.to_act)


def _move_now(db, table_id, clients, **extra):
    """The child to act makes their first legal move: (their client, the form they posted)."""
    row, game = current(db, table_id)
    client = _client_to_act(db, table_id, clients, game)
    form = {**form_of(legal_moves(game.state)[0]), "version": str(row["version"]), **extra}
    return client, form, client.post(f"/play/tables/{table_id}/move", data=form, headers=HX)


def _moves(db, table_id):
    return db.execute("SELECT seat, round, turn, analysis FROM game_moves WHERE table_id = ?", [table_id]).fetchall()


def _html(response):
    return response.get_data(as_text=True)


def test_a_resend_after_classmates_moved_on_is_answered_with_the_table(db, table):
    table_id, clients = table
    client, form, first = _move_now(db, table_id, clients)
    assert first.status_code == 200
    _move_now(db, table_id, clients)  # the next child moves too
    before = (class_tables.get(db, table_id), _moves(db, table_id))
    # The first child's answer was lost: the outbox sends the very same post again.
    again = client.post(f"/play/tables/{table_id}/move", data={**form, "queued_ms": "6000"}, headers=HX)
    assert again.status_code == 200
    assert 'id="table"' in _html(again) and "error-box" not in _html(again)
    assert f'data-version="{before[0]["version"]}"' in _html(again)
    assert (class_tables.get(db, table_id), _moves(db, table_id)) == before


def test_the_same_move_sent_twice_at_once_is_applied_once(db, table):
    table_id, clients = table
    version = class_tables.get(db, table_id)["version"]
    client, form, first = _move_now(db, table_id, clients)
    again = client.post(f"/play/tables/{table_id}/move", data=form, headers=HX)
    assert first.status_code == again.status_code == 200
    assert class_tables.get(db, table_id)["version"] == version + 1


def test_another_move_on_an_old_version_is_refused_calmly_as_today(db, table):
    table_id, clients = table
    row, game = current(db, table_id)
    client = _client_to_act(db, table_id, clients, game)
    moves = legal_moves(game.state)
    client.post(f"/play/tables/{table_id}/move", data={**form_of(moves[0]), "version": str(row["version"])}, headers=HX)
    before = class_tables.get(db, table_id)
    other = {**form_of(moves[1]), "version": str(row["version"]), "queued_ms": "4000"}
    response = client.post(f"/play/tables/{table_id}/move", data=other, headers=HX)
    assert response.status_code == 409 and STALE in _html(response)
    assert class_tables.get(db, table_id) == before


@pytest.mark.parametrize("claimed_s", [MAX_QUEUED_SECONDS - 1, MAX_QUEUED_SECONDS + 1])
def test_a_move_held_longer_than_a_wifi_drop_does_not_count(db, table, claimed_s):
    table_id, _clients = table
    before = class_tables.get(db, table_id)
    _client, _form, response = _move_now(db, table_id, _clients, queued_ms=str(claimed_s * 1000))
    if claimed_s > MAX_QUEUED_SECONDS:
        assert response.status_code == 409 and HELD_TOO_LONG in _html(response)
        assert class_tables.get(db, table_id)["version"] == before["version"]
    else:
        assert response.status_code == 200
        assert class_tables.get(db, table_id)["version"] == before["version"] + 1


def test_the_held_time_is_kept_with_the_plays_analysis(db, table):
    table_id, clients = table
    while True:  # until a card is played (not an action card)
        row, game = current(db, table_id)
        move = legal_moves(game.state)[0]
        client = _client_to_act(db, table_id, clients, game)
        form = {**form_of(move), "version": str(row["version"]), "queued_ms": "7000", "decision_ms": "3000"}
        client.post(f"/play/tables/{table_id}/move", data=form, headers=HX)
        if _moves(db, table_id):
            break
    analysis = json.loads(_moves(db, table_id)[0][3])
    assert analysis["queued_ms"] == 7000 and analysis["decision_ms"] == 3000
