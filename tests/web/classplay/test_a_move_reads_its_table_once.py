"""A class-table move reads its table and builds its game once (issue 48.1): the view reads the
row (the pupil's class, or a 404), the move pipeline judges and applies the move on it, and the
answer is drawn from the row and game the save left, not read and rebuilt again."""

import pytest

from classplay_helpers import current, form_of, pupils_logged_in, seated_table
from trainer.engine.rules import legal_moves
from trainer.store import class_tables

HX = {"HX-Request": "true"}


@pytest.fixture
def counted(monkeypatch):
    """How often the table's row is read by its id, and a game loaded from its saved text."""
    calls = {"get": 0, "load": 0}
    get, load = class_tables.get, class_tables.game_from_saved

    def counting_get(*args):
        calls["get"] += 1
        return get(*args)

    def counting_load(*args):
        calls["load"] += 1
        return load(*args)

    monkeypatch.setattr(class_tables, "get", counting_get)
    monkeypatch.setattr(class_tables, "game_from_saved", counting_load)
    return calls


@pytest.mark.parametrize("headers", [HX, {}])
def test_a_move_reads_the_table_and_builds_the_game_once(app, db, make, auth, counted, headers):
    clients = pupils_logged_in(app, make, make.klass(auth.login_new_teacher()), count=2)
    table_id = seated_table(db, clients)
    row, game = current(db, table_id)
    client = next(c for p, c in clients if class_tables.seat_of(db, table_id, p) == game.to_act)
    form = {**form_of(legal_moves(game.state)[0]), "version": str(row["version"])}
    counted.update(get=0, load=0)
    response = client.post(f"/play/tables/{table_id}/move", data=form, headers=headers)
    assert response.status_code == (200 if headers else 303)
    assert counted == {"get": 1, "load": 1}
    assert class_tables.get(db, table_id)["version"] == row["version"] + 1
